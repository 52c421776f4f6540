#include <gtest/gtest.h>

#include <string>

#include "kitchen_sink.h"
#include "ptx/parser.h"
#include "ptx/verifier.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::error_of;
using testing::error_of_kernel;
using testing::kHeader;

// Body lines start at 10 (3 header lines, 3 kernel lines, 3 register lines).
constexpr std::string_view kRegs = ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<3>;\n";

std::string body_error(const std::string& body) {
  return error_of_kernel(std::string(kRegs) + body + "\nret;");
}

TEST(PtxVerifier, AcceptsKitchenSinkAndSnippets) {
  EXPECT_NO_THROW(verify(parse_ptx(testing::kKitchenSink, "sink.ptx")));
  EXPECT_EQ(body_error("add.s32 %r1, %r2, 3;\nsetp.ne.s32 %p1, %r1, 0;\n@%p1 bra $L;\n$L:"), "");
  EXPECT_EQ(body_error("mul.wide.u32 %rd1, %r1, %r2;\nmad.wide.s32 %rd2, %r1, %r2, %rd1;"), "");
  EXPECT_EQ(body_error("st.global.u32 [%rd1], %rd2;\nld.global.u8 %r1, [%rd1];"), "");
  EXPECT_EQ(body_error("mov.b64 %rd1, {%r1, %r2};\nshl.b64 %rd2, %rd1, %r1;"), "");
}

TEST(PtxVerifier, PredicatesAndGuards) {
  EXPECT_EQ(body_error("@%r1 bra $L;\n$L:"),
            "t.ptx:10:1: error: guard '%r1' is not a .pred register (in 'k')");
  EXPECT_EQ(body_error("setp.eq.s32 %r1, %r2, 0;"),
            "t.ptx:10:1: error: '%r1' is not a .pred register in 'setp' (in 'k')");
  EXPECT_EQ(
      body_error("selp.b32 %r1, %r2, %r3, %r0;"),
      "t.ptx:10:1: error: operand 4 of 'selp' must be a predicate, found a register (in 'k')");
  EXPECT_EQ(body_error("add.s32 %r1, !%r2, 1;"),
            "t.ptx:10:1: error: operand 2 of 'add' must be a register, immediate or symbol, found "
            "a register (in 'k')");
  EXPECT_EQ(body_error("and.pred %p1, %p2, %r1;"),
            "t.ptx:10:1: error: '%r1' is not a .pred register in 'and' (in 'k')");
  EXPECT_EQ(body_error("add.s32 %r1, %p1, 1;"),
            "t.ptx:10:1: error: '%p1' is a .pred register in 'add' (in 'k')");
}

TEST(PtxVerifier, RegisterWidths) {
  EXPECT_EQ(body_error("add.s32 %r1, %rd1, %r2;"),
            "t.ptx:10:1: error: register '%rd1' (.b64) does not match the 32-bit operand of "
            "'add' (in 'k')");
  EXPECT_EQ(body_error("mul.wide.s32 %r1, %r2, %r3;"),
            "t.ptx:10:1: error: register '%r1' (.b32) does not match the 64-bit operand of "
            "'mul' (in 'k')");
  EXPECT_EQ(body_error("shl.b64 %rd1, %rd2, %rd3;"),
            "t.ptx:10:1: error: register '%rd3' (.b64) does not match the 32-bit operand of "
            "'shl' (in 'k')");
}

TEST(PtxVerifier, OperandKinds) {
  EXPECT_EQ(body_error("add.s32 %r1, [%rd1], %r2;"),
            "t.ptx:10:1: error: operand 2 of 'add' must be a register, immediate or symbol, found "
            "an address (in 'k')");
  EXPECT_EQ(body_error("ld.u32 %r1, %rd1;"),
            "t.ptx:10:1: error: operand 2 of 'ld' must be an address, found a register (in 'k')");
  EXPECT_EQ(body_error("mov.u32 5, %r1;"),
            "t.ptx:10:1: error: operand 1 of 'mov' must be a destination register, found an "
            "immediate (in 'k')");
  EXPECT_EQ(body_error("ld.global.v4.u32 %r1, [%rd1];"),
            "t.ptx:10:1: error: 'ld' with .v4 needs 4 data registers, found 1 (in 'k')");
  EXPECT_EQ(
      body_error("st.global.u32 [%rd1], {%r1, %r2};"),
      "t.ptx:10:1: error: 'st' with no vector width needs 1 data registers, found 2 (in 'k')");
  EXPECT_EQ(body_error("mov.u32 %r1, %tid;"),
            "t.ptx:10:1: error: special register %tid needs .x, .y or .z (in 'k')");
  EXPECT_EQ(body_error("mov.u32 %r1, %laneid.x;"),
            "t.ptx:10:1: error: special register %laneid has no components (in 'k')");
  EXPECT_EQ(body_error("mov.u32 %r1, %r2.x;"),
            "t.ptx:10:1: error: component of non-vector register '%r2' (in 'k')");
}

TEST(PtxVerifier, OperandCombinations) {
  EXPECT_EQ(body_error("setp.lt.and.s32 %p1, %r1, %r2;"),
            "t.ptx:10:1: error: 'setp' with these modifiers expects 4 operands, found 3 (in 'k')");
  EXPECT_EQ(body_error("setp.lt.s32 %p1, %r1, %r2, %p2;"),
            "t.ptx:10:1: error: 'setp' with these modifiers expects 3 operands, found 4 (in 'k')");
  EXPECT_EQ(body_error("atom.global.cas.b32 %r1, [%rd1], %r2;"),
            "t.ptx:10:1: error: 'atom' with these modifiers expects 4 operands, found 3 (in 'k')");
  EXPECT_EQ(body_error("bar.red.u32 %r1, 0, %p1;"),
            "t.ptx:10:1: error: bar.red needs an operation and a predicate (in 'k')");
  EXPECT_EQ(body_error("bar.sync.popc.u32 0;"),
            "t.ptx:10:1: error: only bar.red takes a reduction (in 'k')");
}

TEST(PtxVerifier, CallsMatchTheCallee) {
  std::string prefix = std::string(kHeader) +
                       ".func (.param .b32 r) f(.param .b32 a);\n"
                       ".visible .entry k()\n{\n.reg .b64 %rd1;\n"
                       ".param .b32 p0;\n.param .b32 p1;\n.param .b32 rv;\n";
  EXPECT_EQ(error_of(prefix + "call.uni (rv), f, (p0);\nret;\n}\n"), "");
  EXPECT_EQ(error_of(prefix + "call.uni (rv), f, (p0, p1);\nret;\n}\n"),
            "t.ptx:11:1: error: call to 'f' passes 2 arguments and 1 return values; it takes 1 "
            "and 1 (in 'k')");
  EXPECT_EQ(error_of(prefix + "call.uni f, (p0);\nret;\n}\n"),
            "t.ptx:11:1: error: call to 'f' passes 1 arguments and 0 return values; it takes 1 "
            "and 1 (in 'k')");
  EXPECT_EQ(error_of(prefix + "call.uni (rv), %rd1, (p0);\nret;\n}\n"),
            "t.ptx:11:1: error: indirect call through '%rd1' needs a .callprototype (in 'k')");
  EXPECT_EQ(error_of(prefix + "call.uni k;\nret;\n}\n"),
            "t.ptx:11:1: error: call to kernel 'k' (in 'k')");
  EXPECT_EQ(error_of(prefix + "proto: .callprototype _ (.param .b32 _);\n"
                              "call (rv), %rd1, (p0), proto;\nret;\n}\n"),
            "t.ptx:12:1: error: call to 'proto' passes 1 arguments and 1 return values; it takes 1 "
            "and 0 (in 'k')");
}

TEST(PtxVerifier, ModuleLevelChecks) {
  EXPECT_EQ(error_of(".target sm_90\n"), "t.ptx:1:1: error: missing .version directive");
  EXPECT_EQ(error_of(".version 8.0\n"), "t.ptx:1:1: error: missing .target directive");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u8 s[2] = {1, 2, 3};\n"),
            "t.ptx:4:18: error: too many initializers for 's' (3 for 2 elements)");
  Module m = testing::parse(".global .u8 s[2] = {1, 2};\n");
  m.globals[0].dims[0] = 1;
  try {
    verify(m);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              "t.ptx:1:1: error: too many initializers for 's' (2 for 1 elements)");
  }
  EXPECT_EQ(
      error_of(std::string(kHeader) + ".entry k()\n{\n.loc 2 1 1\nret;\n}\n.file 1 \"a.cu\"\n"),
      "t.ptx:4:1: error: .loc refers to undeclared file 2 (in 'k')");
}

TEST(PtxVerifier, RejectsBrokenIrBuiltByCode) {
  Module m = testing::parse_kernel(".reg .b32 %r<2>;\nmov.u32 %r1, 1;\nret;");
  m.functions[0].insts[0].operands[0].reg = 99;
  EXPECT_THROW(verify(m), ParseError);
  Module n = testing::parse_kernel("$L:\nbra $L;\nret;");
  n.functions[0].labels[0].inst = kNoIndex;
  try {
    verify(n);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.message(), "undefined label '$L' (in 'k')");
  }
}

}  // namespace
}  // namespace warpsim::ptx
