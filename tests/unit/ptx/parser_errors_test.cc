// Malformed input: one error, with the right line:col, naming the offending token.

#include <gtest/gtest.h>

#include <string>

#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::error_of;
using testing::error_of_kernel;
using testing::kHeader;

// Kernel bodies start on line 7 (3 header lines, then ".visible .entry k(", ")", "{").
constexpr std::string_view kRegs = ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n";

std::string body_error(const std::string& body) {
  return error_of_kernel(std::string(kRegs) + body + "\nret;");
}

TEST(PtxParserErrors, UnknownInstructionAndModifiers) {
  EXPECT_EQ(body_error("frob.u32 %r1, %r2;"), "t.ptx:10:1: error: unknown instruction 'frob'");
  EXPECT_EQ(body_error("  ld.global.foo.u32 %r1, [%rd1];"),
            "t.ptx:10:12: error: unknown modifier '.foo' on 'ld'");
  EXPECT_EQ(body_error("add.wide.s32 %r1, %r2, %r3;"),
            "t.ptx:10:4: error: modifier '.wide' is not allowed on 'add'");
  EXPECT_EQ(body_error("add.s32.s32 %r1, %r2, %r3;"),
            "t.ptx:10:8: error: too many type suffixes on 'add'");
  EXPECT_EQ(body_error("cvt.rn.rz.f32.s32 %r1, %r2;"),
            "t.ptx:10:7: error: duplicate modifier '.rz' on 'cvt'");
  EXPECT_EQ(body_error("setp.s32 %p1, %r1, %r2;"),
            "t.ptx:10:1: error: missing comparison on 'setp'");
  EXPECT_EQ(body_error("add %r1, %r2, %r3;"), "t.ptx:10:1: error: missing type suffix on 'add'");
  EXPECT_EQ(body_error("cvt.f32 %r1, %r2;"),
            "t.ptx:10:1: error: expected 2 type suffixes on 'cvt'");
  EXPECT_EQ(body_error("atom.global.u32 %r1, [%rd1], 1;"),
            "t.ptx:10:1: error: missing atomic operation on 'atom'");
  EXPECT_EQ(body_error("cp.foo [%r1], [%rd1], 4;"),
            "t.ptx:10:1: error: unknown instruction 'cp.foo'");
}

TEST(PtxParserErrors, UnsupportedInstructionsAreErrorsNotSkips) {
  EXPECT_EQ(body_error("wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1}, [%rd1];"),
            "t.ptx:10:1: error: unsupported instruction "
            "'wmma.load.a.sync.aligned.row.m16n16k16.f16'");
  EXPECT_EQ(body_error("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r1}, {%r1}, {%r1}, "
                       "{%r1};"),
            "t.ptx:10:1: error: unsupported instruction "
            "'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32'");
  EXPECT_EQ(body_error("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r1];"),
            "t.ptx:10:1: error: unsupported instruction "
            "'ldmatrix.sync.aligned.m8n8.x4.shared.b16'");
  EXPECT_EQ(body_error("vadd.u32.u32.u32.sat.add %r1, %r2.b0, %r3, %r0;"),
            "t.ptx:10:1: error: unsupported instruction 'vadd.u32.u32.u32.sat.add'");
  EXPECT_EQ(body_error("vset2.u32.u32.eq.sat %r1, %r2, %r3, %r0;"),
            "t.ptx:10:17: error: modifier '.sat' is not allowed on 'vset2'");
  EXPECT_EQ(body_error("cp.async.bulk.shared::cluster.global [%r1], [%rd1], 16, [%r2];"),
            "t.ptx:10:1: error: unsupported instruction 'cp.async.bulk.shared::cluster.global'");
}

TEST(PtxParserErrors, OperandProblems) {
  EXPECT_EQ(body_error("add.s32 %r1, %r2, %r9;"), "t.ptx:10:19: error: undeclared register '%r9'");
  EXPECT_EQ(body_error("add.s32 %r1, %r2, nothere;"),
            "t.ptx:10:19: error: undeclared identifier 'nothere'");
  EXPECT_EQ(body_error("@%p7 bra $L;\n$L:"), "t.ptx:10:2: error: undeclared register '%p7'");
  EXPECT_EQ(body_error("add.s32 %r1, %r2;"),
            "t.ptx:10:1: error: 'add' expects 3 operands, found 2");
  EXPECT_EQ(body_error("mov.b64 %rd1, {%r1, {%r2}};"),
            "t.ptx:10:21: error: unexpected '{' inside '{'");
  EXPECT_EQ(body_error("mov.b64 %rd1, {};"), "t.ptx:10:15: error: empty vector operand");
  EXPECT_EQ(body_error("ld.u32 %r1, [%rd1+];"),
            "t.ptx:10:19: error: expected an integer offset, found ']'");
  EXPECT_EQ(body_error("mov.u32 %r1, %tid.q;"),
            "t.ptx:10:18: error: unexpected '.q' after operand");
  EXPECT_EQ(body_error("mov.u32 %r1, -;"), "t.ptx:10:15: error: expected a number, found ';'");
}

TEST(PtxParserErrors, UndefinedAndDuplicateLabels) {
  EXPECT_EQ(body_error("bra $L__BB0_9;"), "t.ptx:10:5: error: undefined label '$L__BB0_9'");
  EXPECT_EQ(body_error("$a:\nadd.s32 %r1, %r1, 1;\n$a:"),
            "t.ptx:12:1: error: redefinition of label '$a'");
}

TEST(PtxParserErrors, MissingSemicolonPointsAtTheEndOfTheInstruction) {
  EXPECT_EQ(body_error("add.s32 %r1, %r2, %r3\nmov.u32 %r1, 0;"),
            "t.ptx:10:22: error: expected ';' after 'add' instruction, found 'mov' on line 11");
  EXPECT_EQ(body_error("ret"),
            "t.ptx:10:4: error: expected ';' after 'ret' instruction, found 'ret' on line 11");
}

TEST(PtxParserErrors, TruncatedAndUnbalanced) {
  std::string text =
      std::string(kHeader) + ".visible .entry k()\n{\n.reg .b32 %r1;\nmov.u32 %r1, 1;\n";
  EXPECT_EQ(error_of(text),
            "t.ptx:8:1: error: unexpected end of file in the body of 'k' (missing '}')");
  EXPECT_EQ(error_of(std::string(kHeader) + ".visible .entry k()\n{\nmov.u32 %r1"),
            "t.ptx:6:9: error: undeclared register '%r1'");
  EXPECT_EQ(error_of(std::string(kHeader) + ".visible .entry k()\n{\n.reg .b32 %r1;\nmov.u32 %r1"),
            "t.ptx:7:12: error: expected ';' after 'mov' instruction, found end of file");
  EXPECT_EQ(error_of(std::string(kHeader) + ".visible .entry k()\n{\nret;\n}\n}\n"),
            "t.ptx:8:1: error: expected a directive at module scope, found '}'");
  EXPECT_EQ(error_of(std::string(kHeader) + ".visible .entry k(\n.param .u32 a\n"),
            "t.ptx:6:1: error: expected ')' or ',' in the parameter list, found end of file");
  EXPECT_EQ(error_of(".version 8.0\n.target"),
            "t.ptx:2:8: error: expected a target name, found end of file");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u32 a[2] = {1, 2"),
            "t.ptx:4:26: error: expected '}' or ',' in initializer, found end of file");
}

TEST(PtxParserErrors, BinaryGarbage) {
  EXPECT_EQ(error_of(std::string("\0\0\0", 3)), "t.ptx:1:1: error: unexpected character '\\x00'");
  EXPECT_EQ(error_of(std::string(kHeader) + testing::kernel("ret;\xFF\xFE")),
            "t.ptx:7:5: error: unexpected character '\\xFF'");
  EXPECT_EQ(error_of("\x7F"
                     "ELF"),
            "t.ptx:1:1: error: unexpected character '\\x7F'");
  std::string huge(2 << 20, 'x');
  EXPECT_EQ(error_of(huge), "t.ptx:1:1: error: token too long (2097152 bytes)");
}

TEST(PtxParserErrors, ResourceCaps) {
  EXPECT_EQ(body_error(".reg .b32 %x<999999999999>;"),
            "t.ptx:10:14: error: register range '%x<999999999999>' is too large (limit 1048576)");
  std::string deep(300, '{');
  EXPECT_EQ(body_error(deep), "t.ptx:10:256: error: blocks nested too deeply");
  std::string init = std::string(kHeader) + ".global .u32 a[1] = " + std::string(40, '{');
  EXPECT_EQ(error_of(init), "t.ptx:4:37: error: initializer nested too deeply");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u32 a[2][3][4][5][6][7][8][9][10];"),
            "t.ptx:4:39: error: too many array dimensions");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u32 a[4294967296][4294967296];"),
            "t.ptx:4:15: error: array 'a' is too large");
}

TEST(PtxParserErrors, DeclarationProblems) {
  EXPECT_EQ(body_error(".reg .b32 %r1;"), "t.ptx:10:11: error: redeclaration of '%r1'");
  EXPECT_EQ(body_error(".reg .b32 %r<2>;"), "t.ptx:10:11: error: redeclaration of '%r'");
  EXPECT_EQ(body_error(".reg .q32 %q;"),
            "t.ptx:10:6: error: expected a register type, found '.q32'");
  EXPECT_EQ(
      error_of(std::string(kHeader) + ".func f(.reg .b32 a);"),
      "t.ptx:4:9: error: unsupported: .reg parameters (nvcc passes parameters in .param space)");
  EXPECT_EQ(error_of(std::string(kHeader) + ".entry k() { ret; }\n.entry k() { ret; }"),
            "t.ptx:5:8: error: redefinition of function 'k'");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u32 x;\n.global .u32 x;"),
            "t.ptx:5:14: error: redeclaration of 'x'");
  EXPECT_EQ(error_of(std::string(kHeader) + ".global .u32 p = q;"),
            "t.ptx:4:18: error: undeclared symbol 'q' in initializer");
  EXPECT_EQ(error_of(".version 8\n"),
            "t.ptx:1:10: error: expected a version like 8.0 after .version, found '8'");
  EXPECT_EQ(error_of(".version 8.0\n.target gfx90a\n"),
            "t.ptx:2:9: error: unknown target 'gfx90a'");
  EXPECT_EQ(error_of(".version 8.0\n.target sm_90\n.address_size 48\n"),
            "t.ptx:3:15: error: address size must be 32 or 64, found 48");
  EXPECT_EQ(error_of(std::string(kHeader) + ".entry k() { .maxntid 4 ret; }"),
            "t.ptx:4:14: error: unexpected directive '.maxntid' in function body");
  EXPECT_EQ(error_of(std::string(kHeader) + ".alias a, b;"),
            "t.ptx:4:1: error: unexpected '.alias' at module scope");
}

TEST(PtxParserErrors, AccessorsMatchTheMessage) {
  try {
    testing::parse_kernel(std::string(kRegs) + "bogus;\nret;");
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "t.ptx");
    EXPECT_EQ(e.line(), 10u);
    EXPECT_EQ(e.col(), 1u);
    EXPECT_EQ(e.message(), "unknown instruction 'bogus'");
  }
}

}  // namespace
}  // namespace warpsim::ptx
