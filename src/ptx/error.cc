#include "ptx/error.h"

#include <cstdio>

namespace warpsim::ptx {
namespace {

std::string format(const std::string& file, std::uint32_t line, std::uint32_t col,
                   const std::string& message) {
  return file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": error: " + message;
}

}  // namespace

ParseError::ParseError(std::string file, std::uint32_t line, std::uint32_t col,
                       const std::string& message)
    : std::runtime_error(format(file, line, col, message)),
      file_(std::move(file)),
      line_(line),
      col_(col),
      message_(message) {}

std::string quote_token(std::string_view text) {
  constexpr std::size_t kMaxShown = 64;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (text.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

}  // namespace warpsim::ptx
