#include "import/gpgpusim_options.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace warpsim::import {

std::string OptionValue::where() const { return fmt::format("{}:{}", file, line); }

void OptionValue::fail(std::string_view message) const {
  throw ImportError(fmt::format("{}: -{} {}: {}", where(), name, value, message));
}

namespace {

struct Token {
  std::string text;
  std::size_t line = 0;
};

// Splits `text` into tokens: whitespace separates, "..." groups (quotes removed), '#' outside
// quotes starts a comment that runs to the end of the line.
std::vector<Token> tokenize(std::string_view text, const std::string& source) {
  std::vector<Token> tokens;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      Token token{.text = {}, .line = line};
      while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
             text[i] != '\n') {
        if (text[i] == '"') {
          const std::size_t close = text.find('"', i + 1);
          if (close == std::string_view::npos ||
              text.substr(i, close - i).find('\n') != std::string_view::npos) {
            throw ImportError(fmt::format("{}:{}: unterminated \"", source, line));
          }
          token.text.append(text.substr(i + 1, close - i - 1));
          i = close + 1;
        } else {
          token.text.push_back(text[i++]);
        }
      }
      tokens.push_back(std::move(token));
    }
  }
  return tokens;
}

}  // namespace

void GpgpusimOptions::read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ImportError(fmt::format("{}: cannot read the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  read_text(text.str(), path);
}

void GpgpusimOptions::read_text(std::string_view text, const std::string& source) {
  const std::vector<Token> tokens = tokenize(text, source);
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const Token& name = tokens[i];
    if (name.text.size() < 2 || name.text[0] != '-') {
      throw ImportError(fmt::format("{}:{}: expected an option (-name value), got '{}'", source,
                                    name.line, name.text));
    }
    if (i + 1 == tokens.size()) {
      throw ImportError(fmt::format("{}:{}: option {} has no value", source, name.line, name.text));
    }
    OptionValue value{.name = name.text.substr(1),
                      .value = tokens[i + 1].text,
                      .file = source,
                      .line = name.line,
                      .order = next_order_++};
    used_[value.name] = false;
    values_.insert_or_assign(value.name, std::move(value));
  }
}

const OptionValue* GpgpusimOptions::take(std::string_view name) {
  const auto it = values_.find(name);
  if (it == values_.end()) return nullptr;
  used_[it->first] = true;
  return &it->second;
}

std::vector<const OptionValue*> GpgpusimOptions::unused() const {
  std::vector<const OptionValue*> out;
  for (const auto& [name, value] : values_) {
    if (!used_.at(name)) out.push_back(&value);
  }
  std::sort(out.begin(), out.end(),
            [](const OptionValue* a, const OptionValue* b) { return a->order < b->order; });
  return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    fields.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return fields;
    start = end + 1;
  }
}

std::uint64_t field_uint(const OptionValue& option, std::string_view field, std::string_view what) {
  std::uint64_t value = 0;
  const char* end = field.data() + field.size();
  const auto [ptr, ec] = std::from_chars(field.data(), end, value);
  if (field.empty() || ec != std::errc() || ptr != end) {
    option.fail(fmt::format("{}: '{}' is not a non-negative integer", what, field));
  }
  return value;
}

double field_double(const OptionValue& option, std::string_view field, std::string_view what) {
  double value = 0;
  const char* end = field.data() + field.size();
  const auto [ptr, ec] = std::from_chars(field.data(), end, value);
  if (field.empty() || ec != std::errc() || ptr != end) {
    option.fail(fmt::format("{}: '{}' is not a number", what, field));
  }
  return value;
}

std::uint64_t option_uint(const OptionValue& option) {
  return field_uint(option, option.value, "value");
}

double option_double(const OptionValue& option) {
  return field_double(option, option.value, "value");
}

bool option_bool(const OptionValue& option) {
  const std::uint64_t value = option_uint(option);
  if (value > 1) option.fail("expected 0 or 1");
  return value == 1;
}

}  // namespace warpsim::import
