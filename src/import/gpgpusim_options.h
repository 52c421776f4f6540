#pragma once

// GPGPU-Sim option files (gpgpusim.config, Accel-Sim's trace.config): whitespace-separated
// `-name value` pairs, `#` to the end of a line is a comment, a value in double quotes may hold
// spaces. Several files are read in order and a later value replaces an earlier one, as
// GPGPU-Sim's option parser does. Each value remembers where it was read, so that a translation
// error names FILE:LINE, and whether a translation used it, so that the rest can be listed.

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::import {

// Bad input: the message starts with FILE:LINE.
class ImportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionValue {
  std::string name;   // without the leading '-'
  std::string value;  // quotes removed
  std::string file;
  std::size_t line = 0;
  std::size_t order = 0;  // position among all options read, for listing in file order

  std::string where() const;  // "FILE:LINE"
  // ImportError "FILE:LINE: -name value: message".
  [[noreturn]] void fail(std::string_view message) const;
};

class GpgpusimOptions {
 public:
  // Reads `path` and merges it over what was read before. Throws ImportError.
  void read_file(const std::string& path);
  // Parses `text` as if read from a file named `source`.
  void read_text(std::string_view text, const std::string& source);

  // The option's value, or nullptr. Marks the option as used.
  const OptionValue* take(std::string_view name);
  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }

  // Options that no take() asked for, in the order they were read.
  std::vector<const OptionValue*> unused() const;
  std::size_t size() const { return values_.size(); }

 private:
  std::map<std::string, OptionValue, std::less<>> values_;
  std::map<std::string, bool, std::less<>> used_;
  std::size_t next_order_ = 0;
};

// Value parsers shared by the translators; each fails with the option's FILE:LINE.
std::uint64_t option_uint(const OptionValue& option);
double option_double(const OptionValue& option);
bool option_bool(const OptionValue& option);
// "a,b,c" or "a:b:c" split on `separator`, empty fields kept.
std::vector<std::string> split(std::string_view text, char separator);
std::uint64_t field_uint(const OptionValue& option, std::string_view field, std::string_view what);
double field_double(const OptionValue& option, std::string_view field, std::string_view what);

}  // namespace warpsim::import
