#include "trace/line_source.h"

#include <charconv>
#include <limits>
#include <stdexcept>

namespace warpsim::trace {

LineSource::LineSource(std::istream& in, std::string file_name)
    : in_(in), file_name_(std::move(file_name)) {}

bool LineSource::next(std::string& line) {
  if (pushed_back_) {
    pushed_back_ = false;
    line = last_;
    ++line_number_;
    return true;
  }
  if (!std::getline(in_, last_)) {
    if (in_.bad()) fail("read error (a corrupt or truncated .xz file?)");
    return false;
  }
  if (!last_.empty() && last_.back() == '\r') last_.pop_back();
  ++line_number_;
  line = last_;
  return true;
}

void LineSource::push_back() {
  pushed_back_ = true;
  --line_number_;
}

void LineSource::fail(const std::string& what) const { fail_at(line_number_, what); }

void LineSource::fail_at(std::uint64_t line, const std::string& what) const {
  throw TraceError(file_name_ + ":" + std::to_string(line) + ": " + what);
}

void split_tokens(std::string_view text, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

namespace {

template <typename T>
bool parse_whole(std::string_view token, T& out, int base) {
  if (token.empty()) return false;
  const char* end = token.data() + token.size();
  const auto result = std::from_chars(token.data(), end, out, base);
  return result.ec == std::errc() && result.ptr == end;
}

}  // namespace

bool parse_dec(std::string_view token, std::uint64_t& out) { return parse_whole(token, out, 10); }

bool parse_signed_dec(std::string_view token, std::int64_t& out) {
  return parse_whole(token, out, 10);
}

bool parse_triple(std::string_view text, std::uint32_t (&out)[3]) {
  for (int i = 0; i < 3; ++i) {
    const std::size_t comma = text.find(',');
    std::uint64_t v = 0;
    if ((comma == std::string_view::npos) != (i == 2) ||
        !parse_dec(trim(text.substr(0, comma)), v) ||
        v > std::numeric_limits<std::uint32_t>::max()) {
      return false;
    }
    out[i] = static_cast<std::uint32_t>(v);
    if (comma != std::string_view::npos) text.remove_prefix(comma + 1);
  }
  return true;
}

bool parse_hex(std::string_view token, std::uint64_t& out) {
  if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) {
    token.remove_prefix(2);
  }
  return parse_whole(token, out, 16);
}

}  // namespace warpsim::trace
