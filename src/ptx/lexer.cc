#include "ptx/lexer.h"

#include <array>
#include <bit>
#include <charconv>
#include <limits>

#include "ptx/error.h"

namespace warpsim::ptx {
namespace {

enum CharClass : std::uint8_t {
  kOther = 0,
  kWordStart = 1,  // may start an identifier
  kWordPart = 2,   // may continue an identifier
  kDigit = 4,
  kSpace = 8,
};

constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> classes{};
  for (int c = 'a'; c <= 'z'; ++c) classes[c] = kWordStart | kWordPart;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] = kWordStart | kWordPart;
  for (int c = '0'; c <= '9'; ++c) classes[c] = kWordPart | kDigit;
  classes['_'] = kWordStart | kWordPart;
  classes['$'] = kWordStart | kWordPart;
  classes['%'] = kWordStart;
  classes[' '] = kSpace;
  classes['\t'] = kSpace;
  classes['\r'] = kSpace;
  classes['\n'] = kSpace;
  classes['\f'] = kSpace;
  classes['\v'] = kSpace;
  return classes;
}

constexpr auto kClasses = make_classes();

bool has_class(char c, std::uint8_t cls) {
  return (kClasses[static_cast<unsigned char>(c)] & cls) != 0;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Lexer::Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

void Lexer::fail(std::uint32_t line, std::uint32_t col, const std::string& message) const {
  throw ParseError(file_, line, col, message);
}

std::uint32_t Lexer::col_of(std::size_t pos) const {
  return static_cast<std::uint32_t>(pos - line_start_ + 1);
}

void Lexer::check_length(const Token& token, std::size_t length) const {
  if (length > kMaxTokenLength) {
    fail(token.line, token.col, "token too long (" + std::to_string(length) + " bytes)");
  }
}

void Lexer::skip_block_comment() {
  std::uint32_t line = line_;
  std::uint32_t col = col_of(pos_);
  pos_ += 2;
  while (pos_ + 1 < text_.size()) {
    char c = text_[pos_];
    if (c == '*' && text_[pos_ + 1] == '/') {
      pos_ += 2;
      return;
    }
    if (c == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
  fail(line, col, "unterminated comment");
}

void Lexer::skip_space_and_comments() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == '\n') {
      ++line_;
      line_start_ = ++pos_;
    } else if (has_class(c, kSpace)) {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
      std::size_t end = text_.find('\n', pos_);
      pos_ = end == std::string_view::npos ? text_.size() : end;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
      skip_block_comment();
    } else {
      return;
    }
  }
}

Token Lexer::next() {
  skip_space_and_comments();
  Token token;
  token.line = line_;
  token.col = col_of(pos_);
  if (pos_ >= text_.size()) return token;
  char c = text_[pos_];
  if (has_class(c, kDigit)) return lex_number(token);
  if (has_class(c, kWordStart)) return lex_word(token, TokenKind::kIdent);
  if (c == '.') return lex_directive(token);
  if (c == '"') return lex_string(token);
  return punctuation(token, c);
}

Token Lexer::lex_word(Token token, TokenKind kind) {
  std::size_t start = pos_++;
  while (pos_ < text_.size() && has_class(text_[pos_], kWordPart)) ++pos_;
  if (pos_ - start == 1 && text_[start] == '%')
    fail(token.line, token.col, "expected a name after '%'");
  check_length(token, pos_ - start);
  token.kind = kind;
  token.text = text_.substr(start, pos_ - start);
  return token;
}

// `.word` with `::word` parts (.shared::cta, .L2::128B); words may start with a digit (.2d).
Token Lexer::lex_directive(Token token) {
  std::size_t start = pos_++;
  while (true) {
    std::size_t word = pos_;
    while (pos_ < text_.size() && has_class(text_[pos_], kWordPart)) ++pos_;
    if (pos_ == word) fail(token.line, token.col, "expected a name after '.'");
    bool more = pos_ + 2 < text_.size() && text_[pos_] == ':' && text_[pos_ + 1] == ':' &&
                has_class(text_[pos_ + 2], kWordPart);
    if (!more) break;
    pos_ += 2;
  }
  check_length(token, pos_ - start);
  token.kind = TokenKind::kDirective;
  token.text = text_.substr(start, pos_ - start);
  return token;
}

Token Lexer::lex_string(Token token) {
  std::size_t start = pos_++;
  while (pos_ < text_.size() && text_[pos_] != '"') {
    if (text_[pos_] == '\n') break;
    if (text_[pos_] == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] != '\n') ++pos_;
    ++pos_;
  }
  if (pos_ >= text_.size() || text_[pos_] != '"')
    fail(token.line, token.col, "unterminated string");
  ++pos_;
  check_length(token, pos_ - start);
  token.kind = TokenKind::kString;
  token.text = text_.substr(start, pos_ - start);
  return token;
}

Token Lexer::lex_number(Token token) {
  std::size_t start = pos_;
  if (text_[pos_] == '0' && pos_ + 1 < text_.size()) {
    char prefix = text_[pos_ + 1];
    if (prefix == 'x' || prefix == 'X' || prefix == 'b' || prefix == 'B' || prefix == 'f' ||
        prefix == 'F' || prefix == 'd' || prefix == 'D') {
      token = lex_prefixed_number(token, static_cast<char>(prefix | 0x20));
    } else {
      token = lex_decimal(token);
    }
  } else {
    token = lex_decimal(token);
  }
  if (pos_ < text_.size() && has_class(text_[pos_], kWordPart)) {
    std::size_t end = pos_;
    while (end < text_.size() && has_class(text_[end], kWordPart)) ++end;
    fail(token.line, token.col,
         "malformed number " + quote_token(text_.substr(start, end - start)));
  }
  check_length(token, pos_ - start);
  token.text = text_.substr(start, pos_ - start);
  return token;
}

Token Lexer::lex_prefixed_number(Token token, char prefix) {
  std::size_t start = pos_;
  pos_ += 2;
  std::size_t digits_start = pos_;
  unsigned base = prefix == 'b' ? 2 : 16;
  std::uint64_t value = 0;
  bool overflow = false;
  while (pos_ < text_.size()) {
    int digit = hex_value(text_[pos_]);
    if (digit < 0 || static_cast<unsigned>(digit) >= base) break;
    if (value > (std::numeric_limits<std::uint64_t>::max() >> (base == 2 ? 1 : 4))) overflow = true;
    value = value * base + static_cast<unsigned>(digit);
    ++pos_;
  }
  std::size_t digits = pos_ - digits_start;
  std::string_view shown = text_.substr(start, pos_ - start + 1);
  if (prefix == 'f' || prefix == 'd') {
    std::size_t expected = prefix == 'f' ? 8 : 16;
    if (digits != expected) {
      fail(token.line, token.col,
           "malformed floating-point literal " + quote_token(shown) + " (expected " +
               std::to_string(expected) + " hex digits)");
    }
    token.kind = prefix == 'f' ? TokenKind::kF32Bits : TokenKind::kF64Bits;
  } else {
    if (digits == 0) fail(token.line, token.col, "malformed number " + quote_token(shown));
    if (overflow) fail(token.line, token.col, "integer literal out of range");
    token.kind = TokenKind::kInt;
    if (pos_ < text_.size() && text_[pos_] == 'U') {
      token.is_unsigned = true;
      ++pos_;
    }
  }
  token.value = value;
  return token;
}

Token Lexer::lex_decimal(Token token) {
  std::size_t start = pos_;
  while (pos_ < text_.size() && has_class(text_[pos_], kDigit)) ++pos_;
  bool is_float = false;
  if (pos_ + 1 < text_.size() && text_[pos_] == '.' && has_class(text_[pos_ + 1], kDigit)) {
    is_float = true;
    ++pos_;
    while (pos_ < text_.size() && has_class(text_[pos_], kDigit)) ++pos_;
  }
  if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    std::size_t exp = pos_ + 1;
    if (exp < text_.size() && (text_[exp] == '+' || text_[exp] == '-')) ++exp;
    if (exp < text_.size() && has_class(text_[exp], kDigit)) {
      is_float = true;
      pos_ = exp;
      while (pos_ < text_.size() && has_class(text_[pos_], kDigit)) ++pos_;
    }
  }
  const char* first = text_.data() + start;
  const char* last = text_.data() + pos_;
  if (is_float) {
    double value = 0;
    auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || end != last) {
      fail(token.line, token.col, "malformed floating-point literal " + quote_token({first, last}));
    }
    token.kind = TokenKind::kFloat;
    token.value = std::bit_cast<std::uint64_t>(value);
    return token;
  }
  bool octal = last - first > 1 && *first == '0';
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(first, last, value, octal ? 8 : 10);
  if (ec == std::errc::result_out_of_range)
    fail(token.line, token.col, "integer literal out of range");
  if (ec != std::errc() || end != last) {
    fail(token.line, token.col, "malformed number " + quote_token({first, last}));
  }
  token.kind = TokenKind::kInt;
  token.value = value;
  if (pos_ < text_.size() && text_[pos_] == 'U') {
    token.is_unsigned = true;
    ++pos_;
  }
  return token;
}

Token Lexer::punctuation(Token token, char c) {
  static constexpr std::array<std::pair<char, TokenKind>, 19> kPunct{{
      {',', TokenKind::kComma},    {';', TokenKind::kSemicolon}, {':', TokenKind::kColon},
      {'{', TokenKind::kLBrace},   {'}', TokenKind::kRBrace},    {'[', TokenKind::kLBracket},
      {']', TokenKind::kRBracket}, {'(', TokenKind::kLParen},    {')', TokenKind::kRParen},
      {'<', TokenKind::kLess},     {'>', TokenKind::kGreater},   {'+', TokenKind::kPlus},
      {'-', TokenKind::kMinus},    {'@', TokenKind::kAt},        {'!', TokenKind::kBang},
      {'|', TokenKind::kPipe},     {'=', TokenKind::kEquals},    {'*', TokenKind::kStar},
      {'~', TokenKind::kTilde},
  }};
  for (const auto& [ch, kind] : kPunct) {
    if (ch == c) {
      token.kind = kind;
      token.text = text_.substr(pos_++, 1);
      return token;
    }
  }
  fail(token.line, token.col, "unexpected character " + quote_token(text_.substr(pos_, 1)));
}

}  // namespace warpsim::ptx
