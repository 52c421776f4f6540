#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace warpsim::ptx {

enum class TokenKind : std::uint8_t {
  kEnd,
  kIdent,      // ld, %r1, $L__BB0_1, _Z3fooi, _
  kDirective,  // .global, .u32, .L2::128B, .2d — a dot followed by a word
  kInt,        // 42, 0x2A, 052, 0b101, 42U: value, is_unsigned
  kFloat,      // 1.5, 2e3: value holds IEEE double bits
  kF32Bits,    // 0f3F800000: value holds the 32 bits
  kF64Bits,    // 0d3FF0000000000000: value holds the 64 bits
  kString,     // "text" (text keeps the quotes; escapes are not decoded)
  kComma,
  kSemicolon,
  kColon,
  kLBrace,
  kRBrace,
  kLBracket,
  kRBracket,
  kLParen,
  kRParen,
  kLess,
  kGreater,
  kPlus,
  kMinus,
  kAt,
  kBang,
  kPipe,
  kEquals,
  kStar,
  kTilde,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  bool is_unsigned = false;
  std::uint32_t line = 1;
  std::uint32_t col = 1;
  std::string_view text;  // a view into the source
  std::uint64_t value = 0;

  bool is(TokenKind k) const { return kind == k; }
  bool is_directive(std::string_view name) const {
    return kind == TokenKind::kDirective && text == name;
  }
};

// Splits PTX text into tokens without copying it. Comments and whitespace are skipped. Bad
// input (a byte that cannot start a token, an unterminated comment or string, a malformed or
// out-of-range number, a token over kMaxTokenLength bytes) throws ParseError at its position.
//
// Contract: `text` and `file` outlive the Lexer and every Token it returns.
class Lexer {
 public:
  static constexpr std::size_t kMaxTokenLength = std::size_t{1} << 20;

  Lexer(std::string_view text, const std::string& file);

  Token next();

  [[noreturn]] void fail(std::uint32_t line, std::uint32_t col, const std::string& message) const;

 private:
  void skip_space_and_comments();
  void skip_block_comment();
  Token lex_word(Token token, TokenKind kind);
  Token lex_directive(Token token);
  Token lex_number(Token token);
  Token lex_prefixed_number(Token token, char prefix);
  Token lex_decimal(Token token);
  Token lex_string(Token token);
  Token punctuation(Token token, char c);
  void check_length(const Token& token, std::size_t length) const;
  std::uint32_t col_of(std::size_t pos) const;

  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  std::uint32_t line_ = 1;
};

}  // namespace warpsim::ptx
