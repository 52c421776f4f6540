#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace warpsim::ptx {

// The one exception the PTX front end throws for bad input (parse and verify errors).
// what() is "file:line:col: error: message"; the parts are available separately.
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string file, std::uint32_t line, std::uint32_t col, const std::string& message);

  const std::string& file() const { return file_; }
  std::uint32_t line() const { return line_; }
  std::uint32_t col() const { return col_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  std::uint32_t line_;
  std::uint32_t col_;
  std::string message_;
};

// Renders `text` for a message: printable ASCII as is, anything else as \xNN, and long text
// shortened, so an error about binary garbage stays one readable line.
std::string quote_token(std::string_view text);

}  // namespace warpsim::ptx
