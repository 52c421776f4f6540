#include "import/gpgpusim_options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace warpsim::import {

std::string OptionValue::where() const { return fmt::format("{}:{}", file, line); }

void OptionValue::fail(std::string_view message) const {
  if (bare) throw ImportError(fmt::format("{}: -{} (no value): {}", where(), name, message));
  throw ImportError(fmt::format("{}: -{} {}: {}", where(), name, value, message));
}

namespace {

// Option names of GPGPU-Sim 4.0's first releases (and configurations written for them, such as
// early SM7_QV100 and SM3_KEPLER_TITAN files) and the names later releases gave the same options.
constexpr std::pair<std::string_view, std::string_view> kOlderNames[] = {
    {"l1_latency", "gpgpu_l1_latency"},
    {"smem_latency", "gpgpu_smem_latency"},
    {"rop_latency", "gpgpu_l2_rop_latency"},
    {"gmem_skip_L1D", "gpgpu_gmem_skip_L1D"},
    {"mem_unit_ports", "gpgpu_l1_banks"},
    {"adaptive_volta_cache_config", "gpgpu_adaptive_cache_config"},
    {"dual_bus_interface", "dram_dual_bus_interface"},
    {"memory_partition_indexing", "gpgpu_memory_partition_indexing"},
    {"perf_sim_memcpy", "gpgpu_perf_sim_memcpy"},
    {"sub_core_model", "gpgpu_sub_core_model"},
    {"enable_specialized_operand_collector", "gpgpu_enable_specialized_operand_collector"},
};

constexpr unsigned kMaxIncludeDepth = 16;

struct Token {
  std::string text;
  std::size_t line = 0;
  bool quoted = false;
};

// White space as `stream >> string` skips it.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Words of `text` with their line numbers: '#' to the end of its line removed wherever it
// stands, then a word that starts with '"' joined (by single spaces) with the words after it up
// to one that ends with '"', and the two quotes removed. A '"' anywhere else is an ordinary
// character, as in GPGPU-Sim.
std::vector<Token> tokenize(std::string_view text, const std::string& source) {
  std::vector<Token> words;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (is_space(c)) {
      ++i;
    } else {
      Token word{.text = {}, .line = line, .quoted = false};
      while (i < text.size() && !is_space(text[i]) && text[i] != '#')
        word.text.push_back(text[i++]);
      words.push_back(std::move(word));
    }
  }
  std::vector<Token> tokens;
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (words[k].text.front() != '"') {
      tokens.push_back(std::move(words[k]));
      continue;
    }
    Token token = std::move(words[k]);
    while (token.text.size() < 2 || token.text.back() != '"') {
      if (++k == words.size()) {
        throw ImportError(fmt::format(
            "{}:{}: unterminated \": the quoted value that starts here has no closing \"", source,
            token.line));
      }
      token.text += ' ';
      token.text += words[k].text;
    }
    token.text = token.text.substr(1, token.text.size() - 2);
    token.quoted = true;
    tokens.push_back(std::move(token));
  }
  return tokens;
}

// "-name": not quoted and not a negative number.
bool is_option_name(const Token& token) {
  if (token.quoted || token.text.size() < 2 || token.text[0] != '-') return false;
  const char c = token.text[1];
  return std::isdigit(static_cast<unsigned char>(c)) == 0 && c != '.';
}

}  // namespace

std::string_view GpgpusimOptions::current_name(std::string_view name) {
  for (const auto& [older, current] : kOlderNames) {
    if (name == older) return current;
  }
  return name;
}

void GpgpusimOptions::read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ImportError(fmt::format("{}: cannot read the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  read_text(text.str(), path);
}

void GpgpusimOptions::read_text(std::string_view text, const std::string& source) {
  const std::vector<Token> tokens = tokenize(text, source);
  std::size_t i = 0;
  while (i < tokens.size()) {
    const Token& name = tokens[i];
    if (!is_option_name(name)) {
      throw ImportError(fmt::format("{}:{}: expected an option (-name value), got '{}'", source,
                                    name.line, name.text));
    }
    OptionValue value{.name = name.text.substr(1),
                      .value = {},
                      .file = source,
                      .line = name.line,
                      .order = 0,
                      .bare = false,
                      .bare_value = false};
    if (i + 1 < tokens.size() && !is_option_name(tokens[i + 1])) {
      value.value = tokens[i + 1].text;
      i += 2;
    } else {
      value.bare = true;
      value.bare_value = i + 1 == tokens.size();
      i += 1;
    }
    if (value.name != "config") {
      store(std::move(value));
      continue;
    }
    // -config FILE: GPGPU-Sim reads the file there and then goes on.
    if (value.bare) value.fail("expected a file name");
    if (depth_ >= kMaxIncludeDepth) {
      value.fail(fmt::format("-config files nest deeper than {} (does one include itself?)",
                             kMaxIncludeDepth));
    }
    std::filesystem::path path = value.value;
    if (path.is_relative()) {
      const std::filesystem::path beside = std::filesystem::path(source).parent_path() / path;
      if (std::filesystem::exists(beside)) path = beside;
    }
    if (!std::filesystem::exists(path)) value.fail("cannot read the file");
    ++depth_;
    try {
      read_file(path.string());
    } catch (...) {
      --depth_;
      throw;
    }
    --depth_;
  }
}

void GpgpusimOptions::store(OptionValue value) {
  value.order = next_order_++;
  std::string key(current_name(value.name));
  used_[key] = false;
  values_.insert_or_assign(std::move(key), std::move(value));
}

const OptionValue* GpgpusimOptions::take(std::string_view name) {
  const auto it = values_.find(current_name(name));
  if (it == values_.end()) return nullptr;
  used_[it->first] = true;
  return &it->second;
}

const OptionValue* GpgpusimOptions::find(std::string_view name) const {
  const auto it = values_.find(current_name(name));
  return it == values_.end() ? nullptr : &it->second;
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
  if (option.bare) option.fail("expected a number, the option has no value");
  std::string_view text = option.value;
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;
    text.remove_prefix(1);
  }
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, base);
  if (text.empty() || ec != std::errc() || ptr != end) {
    option.fail(base == 8 ? "not a non-negative integer (GPGPU-Sim reads a leading 0 as octal)"
                          : "not a non-negative integer");
  }
  return value;
}

double option_double(const OptionValue& option) {
  if (option.bare) option.fail("expected a number, the option has no value");
  return field_double(option, option.value, "value");
}

bool option_bool(const OptionValue& option) {
  if (option.bare) return option.bare_value;
  const std::uint64_t value = option_uint(option);
  if (value > 1) option.fail("expected 0 or 1");
  return value == 1;
}

}  // namespace warpsim::import
