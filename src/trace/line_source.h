#pragma once

// Line-by-line reading of a text trace file with the file name and line number at hand, so
// that every parse error can say FILE:LINE, plus the small token parsers the trace files share.

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::trace {

// A trace or kernels list that cannot be read or is malformed: "FILE[:LINE]: what".
struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class LineSource {
 public:
  LineSource(std::istream& in, std::string file_name);

  // The next line without its line ending (a trailing '\r' is dropped too); false at the end.
  bool next(std::string& line);
  // Makes the next call of next() return the line it returned last.
  void push_back();

  const std::string& file_name() const { return file_name_; }
  // The number (1-based) of the line next() returned last.
  std::uint64_t line_number() const { return line_number_; }

  // Throws TraceError("FILE:LINE: what") for the line next() returned last.
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const;

 private:
  std::istream& in_;
  std::string file_name_;
  std::uint64_t line_number_ = 0;
  std::string last_;
  bool pushed_back_ = false;
};

// Splits at spaces and tabs; empty tokens are dropped.
void split_tokens(std::string_view text, std::vector<std::string_view>& out);
std::string_view trim(std::string_view text);

// Whole-token number parsers: false unless every character is used. Hex accepts an optional
// 0x/0X prefix; signed decimal an optional leading '-'.
bool parse_dec(std::string_view token, std::uint64_t& out);
bool parse_signed_dec(std::string_view token, std::int64_t& out);
bool parse_hex(std::string_view token, std::uint64_t& out);
// "a,b,c": three comma-separated decimals (spaces around each allowed), each fitting 32 bits.
bool parse_triple(std::string_view text, std::uint32_t (&out)[3]);

}  // namespace warpsim::trace
