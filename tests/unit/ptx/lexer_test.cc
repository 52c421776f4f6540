#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <vector>

#include "ptx/error.h"
#include "ptx/lexer.h"

namespace warpsim::ptx {
namespace {

std::vector<Token> lex(std::string_view text) {
  static const std::string file = "t.ptx";
  Lexer lexer(text, file);
  std::vector<Token> tokens;
  for (Token t = lexer.next(); !t.is(TokenKind::kEnd); t = lexer.next()) tokens.push_back(t);
  return tokens;
}

std::string lex_error(std::string_view text) {
  try {
    lex(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(PtxLexer, SplitsOpcodeAndModifiers) {
  auto t = lex("ld.global.nc.L2::128B.v4.f32 {%f1, _}, [%rd1+-4];");
  ASSERT_EQ(t.size(), 19u);
  EXPECT_TRUE(t[0].is(TokenKind::kIdent));
  EXPECT_EQ(t[0].text, "ld");
  EXPECT_EQ(t[3].text, ".L2::128B");
  EXPECT_TRUE(t[3].is(TokenKind::kDirective));
  EXPECT_EQ(t[5].text, ".f32");
  EXPECT_TRUE(t[6].is(TokenKind::kLBrace));
  EXPECT_EQ(t[7].text, "%f1");
  EXPECT_EQ(t[9].text, "_");
  EXPECT_EQ(t[13].text, "%rd1");
  EXPECT_TRUE(t[14].is(TokenKind::kPlus));
  EXPECT_TRUE(t[15].is(TokenKind::kMinus));
  EXPECT_TRUE(t[16].is(TokenKind::kInt));
  EXPECT_EQ(t[16].value, 4u);
  EXPECT_TRUE(t[18].is(TokenKind::kSemicolon));
}

TEST(PtxLexer, TracksLinesAndColumnsAcrossComments) {
  auto t = lex("a /* x\n y */ b // c\n\t\tc");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].line, 1u);
  EXPECT_EQ(t[0].col, 1u);
  EXPECT_EQ(t[1].line, 2u);
  EXPECT_EQ(t[1].col, 7u);
  EXPECT_EQ(t[2].line, 3u);
  EXPECT_EQ(t[2].col, 3u);
}

TEST(PtxLexer, IntegerForms) {
  auto t = lex("42 0x2A 0X2a 052 0b101010 42U 0 18446744073709551615");
  ASSERT_EQ(t.size(), 8u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_TRUE(t[i].is(TokenKind::kInt)) << i;
    EXPECT_EQ(t[i].value, 42u) << t[i].text;
  }
  EXPECT_FALSE(t[0].is_unsigned);
  EXPECT_TRUE(t[5].is_unsigned);
  EXPECT_EQ(t[6].value, 0u);
  EXPECT_EQ(t[7].value, ~std::uint64_t{0});
}

TEST(PtxLexer, FloatForms) {
  auto t = lex("0f3F800000 0F3f800000 0d3FF8000000000000 1.5 2e3 2.5e-1");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_TRUE(t[0].is(TokenKind::kF32Bits));
  EXPECT_EQ(t[0].value, 0x3F800000u);
  EXPECT_EQ(t[1].value, 0x3F800000u);
  EXPECT_TRUE(t[2].is(TokenKind::kF64Bits));
  EXPECT_EQ(t[2].value, 0x3FF8000000000000u);
  EXPECT_TRUE(t[3].is(TokenKind::kFloat));
  EXPECT_EQ(std::bit_cast<double>(t[3].value), 1.5);
  EXPECT_EQ(std::bit_cast<double>(t[4].value), 2000.0);
  EXPECT_EQ(std::bit_cast<double>(t[5].value), 0.25);
}

TEST(PtxLexer, VersionLexesAsFloatText) {
  auto t = lex(".version 8.10");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].text, "8.10");
}

TEST(PtxLexer, DirectivesWithDigitsAndScopes) {
  auto t = lex(".2d .shared::cta .L1::evict_last .b8");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].text, ".2d");
  EXPECT_EQ(t[1].text, ".shared::cta");
  EXPECT_EQ(t[2].text, ".L1::evict_last");
}

TEST(PtxLexer, LabelColonIsSeparate) {
  auto t = lex("$L__BB0_1: proto : .callprototype");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0].text, "$L__BB0_1");
  EXPECT_TRUE(t[1].is(TokenKind::kColon));
  EXPECT_TRUE(t[3].is(TokenKind::kColon));
}

TEST(PtxLexer, StringsKeepQuotesAndEscapes) {
  auto t = lex(R"(.file 1 "a \"b\" c.cu")");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_TRUE(t[2].is(TokenKind::kString));
  EXPECT_EQ(t[2].text, R"("a \"b\" c.cu")");
}

TEST(PtxLexer, ErrorsNameTheTokenAndPosition) {
  EXPECT_EQ(lex_error(std::string("ab\n  \x01")), "t.ptx:2:3: error: unexpected character '\\x01'");
  EXPECT_EQ(lex_error(std::string("x \0 y", 5)), "t.ptx:1:3: error: unexpected character '\\x00'");
  EXPECT_EQ(lex_error("mov \xC3\xA9"), "t.ptx:1:5: error: unexpected character '\\xC3'");
  EXPECT_EQ(lex_error("a\n /* never closed"), "t.ptx:2:2: error: unterminated comment");
  EXPECT_EQ(lex_error("\"abc\ndef\""), "t.ptx:1:1: error: unterminated string");
  EXPECT_EQ(lex_error("x 99999999999999999999"), "t.ptx:1:3: error: integer literal out of range");
  EXPECT_EQ(lex_error("0x"), "t.ptx:1:1: error: malformed number '0x'");
  EXPECT_EQ(lex_error("12ab"), "t.ptx:1:1: error: malformed number '12ab'");
  EXPECT_EQ(lex_error("0f3F80"),
            "t.ptx:1:1: error: malformed floating-point literal '0f3F80' (expected 8 hex digits)");
  EXPECT_EQ(lex_error("089"), "t.ptx:1:1: error: malformed number '089'");
  EXPECT_EQ(lex_error(". x"), "t.ptx:1:1: error: expected a name after '.'");
  EXPECT_EQ(lex_error("%"), "t.ptx:1:1: error: expected a name after '%'");
}

TEST(PtxLexer, NonAsciiAllowedInCommentsAndStrings) {
  auto t = lex("// caf\xC3\xA9\n\"\xC3\xA9\" /* \xFF */ x");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].text, "x");
}

TEST(PtxLexer, HugeTokenIsAnError) {
  std::string huge(Lexer::kMaxTokenLength + 10, 'a');
  EXPECT_NE(lex_error(huge).find("t.ptx:1:1: error: token too long"), std::string::npos);
}

}  // namespace
}  // namespace warpsim::ptx
