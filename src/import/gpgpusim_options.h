#pragma once

// GPGPU-Sim option files (gpgpusim.config, Accel-Sim's trace.config), read the way GPGPU-Sim's
// option parser (option_parser.cc, OptionParser::ParseFile) reads them:
// - `#` starts a comment wherever it stands, inside a quoted value too, up to the end of the line;
// - the rest is split at white space, line ends included, into `-name value` pairs;
// - a value that starts with `"` runs on, over spaces and line ends, to the first word that ends
//   with `"`; the quotes are removed and the words joined by single spaces;
// - a name followed directly by another `-name` (or standing last) is a bare flag: GPGPU-Sim
//   takes it only for a 0/1 option and reads it as 0 before another option (the next word does
//   not parse as a number) and as 1 at the end of a file;
// - `-config FILE` reads FILE at that point (a relative path from the including file's folder,
//   else from the working directory);
// - an option given again replaces the earlier value, in one file or across several files read
//   in order, as GPGPU-Sim's option parser does;
// - names GPGPU-Sim 4.0 used before the gpgpu_ prefixes (-l1_latency, -smem_latency,
//   -rop_latency, -gmem_skip_L1D, -mem_unit_ports, -adaptive_volta_cache_config, ...) stand for
//   their later names.
// Each value remembers where it was read, so that a translation error names FILE:LINE, and
// whether a translation used it, so that the rest can be listed.

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
  std::string name;   // as written, without the leading '-'
  std::string value;  // quotes removed; "" for a bare flag
  std::string file;
  std::size_t line = 0;
  std::size_t order = 0;  // position among all options read, for listing in file order
  // A bare flag (no value): GPGPU-Sim reads it as `bare_value` (0 before another option, 1 at
  // the end of a file).
  bool bare = false;
  bool bare_value = false;

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

  // The option's value (by its current name; an older name it was written with matches too),
  // or nullptr. take() marks the option as used; find() does not.
  const OptionValue* take(std::string_view name);
  const OptionValue* find(std::string_view name) const;
  bool has(std::string_view name) const { return find(name) != nullptr; }

  // Options that no take() asked for, in the order they were read.
  std::vector<const OptionValue*> unused() const;
  std::size_t size() const { return values_.size(); }

  // The current name GPGPU-Sim gives an option written as `name` (itself for most).
  static std::string_view current_name(std::string_view name);

 private:
  void store(OptionValue value);

  std::map<std::string, OptionValue, std::less<>> values_;  // by current name
  std::map<std::string, bool, std::less<>> used_;
  std::size_t next_order_ = 0;
  unsigned depth_ = 0;  // -config nesting
};

// Value parsers shared by the translators; each fails with the option's FILE:LINE.
// option_uint reads GPGPU-Sim's integer options: decimal, 0x hexadecimal, or octal after a
// leading 0 (as its option parser does); fields inside string options are decimal.
std::uint64_t option_uint(const OptionValue& option);
double option_double(const OptionValue& option);
// 0 or 1; a bare flag reads as GPGPU-Sim reads it (bare_value).
bool option_bool(const OptionValue& option);
// "a,b,c" or "a:b:c" split on `separator`, empty fields kept.
std::vector<std::string> split(std::string_view text, char separator);
std::uint64_t field_uint(const OptionValue& option, std::string_view field, std::string_view what);
double field_double(const OptionValue& option, std::string_view field, std::string_view what);

}  // namespace warpsim::import
