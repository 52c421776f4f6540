// Function bodies: registers, scopes, labels, guards, .loc, calls and prototypes.

#include <gtest/gtest.h>

#include "ptx/parser.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::fn;
using testing::parse;
using testing::parse_kernel;

TEST(PtxParser, RegisterRangesAndLists) {
  Module m = parse_kernel(
      ".reg .pred %p<5>;\n.reg .b32 %r1, %r2;\n.reg .v4 .f32 %v;\n.reg .b64 %rd<3>, x;\n"
      "mov.b32 %r2, %r1;\nmov.u64 %rd2, x;\nsetp.eq.s32 %p4, %r1, %r2;\nret;");
  const Function& k = fn(m);
  ASSERT_EQ(k.regs.size(), 5u + 2u + 1u + 3u + 1u);
  EXPECT_EQ(k.regs[0].type, DataType::kPred);
  EXPECT_EQ(k.reg_name(4), "%p4");
  EXPECT_EQ(k.regs[5].type, DataType::kB32);
  EXPECT_EQ(k.reg_name(6), "%r2");
  EXPECT_EQ(k.regs[7].vec, 4u);
  EXPECT_EQ(k.reg_name(10), "%rd2");
  EXPECT_EQ(k.reg_name(11), "x");
  ASSERT_EQ(k.reg_decls.size(), 6u);
  EXPECT_TRUE(k.reg_decls[0].range);
  EXPECT_EQ(k.reg_decls[0].count, 5u);
  EXPECT_FALSE(k.reg_decls[1].range);
  EXPECT_TRUE(k.body[2].continues);  // %r2 is in the same statement as %r1
  const Instruction& mov = k.insts[0];
  EXPECT_EQ(mov.operands[0].reg, 6u);
  EXPECT_EQ(mov.operands[1].reg, 5u);
  EXPECT_EQ(k.insts[1].operands[1].reg, 11u);
  EXPECT_EQ(k.insts[2].operands[0].reg, 4u);
}

TEST(PtxParser, NestedScopesShadowAndGetTheirOwnIndices) {
  Module m = parse_kernel(
      ".reg .b32 %r<3>;\n"
      "{\n.reg .b32 %r1;\n.param .b32 param0;\nmov.b32 %r1, %r2;\n"
      "{ .reg .b64 %r2; mov.b64 %r2, 0; }\n}\n"
      "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n}\n"
      "mov.b32 %r1, %r2;\nret;");
  const Function& k = fn(m);
  ASSERT_EQ(k.regs.size(), 5u);
  EXPECT_EQ(k.regs[4].type, DataType::kB64);
  EXPECT_EQ(k.insts[0].operands[0].reg, 3u);  // inner %r1
  EXPECT_EQ(k.insts[0].operands[1].reg, 2u);  // outer %r2
  EXPECT_EQ(k.insts[1].operands[0].reg, 4u);  // innermost %r2
  EXPECT_EQ(k.insts[2].operands[0].symbol, (SymbolRef{SymbolScope::kLocal, 1}));
  EXPECT_EQ(k.insts[2].operands[1].reg, 1u);  // outer %r1 again
  EXPECT_EQ(k.insts[3].operands[0].reg, 1u);
  EXPECT_EQ(k.vars.size(), 2u);
  EXPECT_EQ(k.scopes.size(), 4u);
  EXPECT_EQ(k.scopes[2].parent, 1u);
  EXPECT_EQ(k.vars[0].scope, 1u);
  EXPECT_EQ(k.vars[1].scope, 3u);
}

TEST(PtxParser, LabelsGuardsAndBranchTargets) {
  Module m = parse_kernel(
      ".reg .pred %p<2>;\n.reg .b32 %r<2>;\n"
      "$L__BB0_1:\n@%p1 bra $L__BB0_3;\n@!%p0 bra.uni $L__BB0_1;\nadd.s32 %r1, %r1, 1;\n"
      "$L__BB0_3:\n$L__unused:\nret;");
  const Function& k = fn(m);
  ASSERT_EQ(k.labels.size(), 3u);
  EXPECT_EQ(k.labels[0].name, "$L__BB0_1");
  EXPECT_EQ(k.labels[0].inst, 0u);
  EXPECT_EQ(k.labels[1].name, "$L__BB0_3");
  EXPECT_EQ(k.labels[1].inst, 3u);
  EXPECT_EQ(k.labels[2].inst, 3u);
  const Instruction& bra = k.insts[0];
  EXPECT_EQ(bra.op, Opcode::kBra);
  EXPECT_EQ(bra.guard, 1u);
  EXPECT_FALSE(bra.guard_negated);
  EXPECT_EQ(bra.operands[0].kind, OperandKind::kLabel);
  EXPECT_EQ(k.branch_target(bra), 3u);
  EXPECT_TRUE(k.insts[1].guard_negated);
  EXPECT_EQ(k.insts[1].mod(ModCat::kUni), Mod::kUni);
  EXPECT_EQ(k.branch_target(k.insts[1]), 0u);
}

TEST(PtxParser, LocKeepsFileLineAndInlining) {
  Module m = parse(
      ".func f()\n{\n.reg .b32 %r<2>;\n.loc 1 10 5\nmov.b32 %r0, 1;\nmov.b32 %r1, 2;\n"
      ".loc 2 7 3, function_name $L__info_string0, inlined_at 1 11 2\nret;\n}\n"
      ".file 1 \"a.cu\"\n.file 2 \"b.h\"\n");
  const Function& f = fn(m, "f");
  EXPECT_EQ(f.insts[0].loc.line, 8u);
  EXPECT_EQ(f.insts[0].loc.col, 1u);
  EXPECT_TRUE(f.insts[0].debug.valid);
  EXPECT_EQ(f.insts[0].debug.file, 1u);
  EXPECT_EQ(f.insts[0].debug.line, 10u);
  EXPECT_EQ(f.insts[1].debug.line, 10u);
  const DebugLoc& inlined = f.insts[2].debug;
  EXPECT_EQ(inlined.file, 2u);
  EXPECT_EQ(inlined.line, 7u);
  ASSERT_EQ(inlined.function_name, 1u);
  EXPECT_EQ(m.debug_names[0], "$L__info_string0");
  EXPECT_EQ(inlined.inlined_file, 1u);
  EXPECT_EQ(inlined.inlined_line, 11u);
  EXPECT_EQ(inlined.inlined_col, 2u);
  EXPECT_EQ(f.locs.size(), 2u);
  EXPECT_EQ(source_position(m, f.insts[1]), "t.ptx:9:1 (a.cu:10)");
  EXPECT_EQ(source_position(m, f.insts[2]), "t.ptx:11:1 (b.h:7)");
  Module bare = parse_kernel("ret;");
  EXPECT_EQ(source_position(bare, fn(bare).insts[0]), "t.ptx:7:1");
}

TEST(PtxParser, DirectCallsWithAndWithoutReturns) {
  Module m = parse(
      ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);\n"
      ".func g();\n"
      ".visible .entry k()\n{\n.reg .b64 %rd<2>;\n.reg .b32 %r1;\n"
      "{ // callseq 0, 0\n.param .b64 param0;\n.param .b64 param1;\n"
      "st.param.b64 [param0+0], %rd0;\n.param .b32 retval0;\n"
      "call.uni (retval0), \n vprintf, \n (\n param0, \n param1\n );\n"
      "ld.param.b32 %r1, [retval0+0];\n} // callseq 0\n"
      "call.uni g, ();\ncall g;\nret;\n}\n");
  const Function& k = fn(m);
  const Instruction& call = k.insts[1];
  ASSERT_EQ(call.op, Opcode::kCall);
  ASSERT_EQ(call.num_operands, 3u);
  EXPECT_EQ(call.operands[0].kind, OperandKind::kVector);
  ASSERT_EQ(call.operands[0].count, 1u);
  EXPECT_EQ(call.elements(call.operands[0])[0].symbol, (SymbolRef{SymbolScope::kLocal, 2}));
  EXPECT_EQ(call.operands[1].symbol, (SymbolRef{SymbolScope::kFunction, 0}));
  ASSERT_EQ(call.operands[2].count, 2u);
  EXPECT_EQ(call.elements(call.operands[2])[1].symbol, (SymbolRef{SymbolScope::kLocal, 1}));
  EXPECT_EQ(k.insts[2].operands[1].kind, OperandKind::kAddress);
  EXPECT_EQ(k.insts[3].operands[0].count, 0u);
  EXPECT_EQ(k.insts[3].operands[1].symbol, (SymbolRef{SymbolScope::kFunction, 1}));
  EXPECT_EQ(k.insts[3].operands[2].count, 0u);
  EXPECT_EQ(k.insts[4].num_operands, 3u);
}

TEST(PtxParser, IndirectCallThroughPrototype) {
  Module m = parse(
      ".visible .entry k()\n{\n.reg .b64 %rd<2>;\n{\n.param .b32 param0;\n.param .b32 retval0;\n"
      "prototype_7 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
      "call (retval0), %rd1, (param0), prototype_7;\n}\nret;\n}\n");
  const Function& k = fn(m);
  ASSERT_EQ(k.prototypes.size(), 1u);
  EXPECT_EQ(k.prototypes[0].name, "prototype_7");
  EXPECT_EQ(k.prototypes[0].rets.size(), 1u);
  EXPECT_EQ(k.prototypes[0].params.size(), 1u);
  const Instruction& call = k.insts[0];
  ASSERT_EQ(call.num_operands, 4u);
  EXPECT_EQ(call.operands[1].kind, OperandKind::kReg);
  EXPECT_EQ(call.operands[1].reg, 1u);
  EXPECT_EQ(call.operands[3].kind, OperandKind::kPrototype);
  EXPECT_EQ(call.operands[3].index, 0u);
  EXPECT_FALSE(call.has(ModCat::kUni));
}

TEST(PtxParser, ParamsLocalsAndReturnsAreSymbols) {
  Module m = parse(
      ".func (.param .align 4 .b8 ret[8]) f(.param .b32 p)\n{\n"
      ".local .align 4 .b8 __local_depot0[64];\n.shared .align 4 .b8 tile[1024];\n"
      ".reg .b32 %r<3>;\n"
      "ld.param.u32 %r0, [p];\nst.param.b32 [ret+4], %r0;\nmov.u32 %r1, tile;\n"
      "mov.u32 %r2, __local_depot0+16;\nret;\n}\n");
  const Function& f = fn(m, "f");
  ASSERT_EQ(f.vars.size(), 2u);
  EXPECT_EQ(f.vars[0].space, StateSpace::kLocal);
  EXPECT_EQ(f.vars[1].space, StateSpace::kShared);
  EXPECT_EQ(f.insts[0].operands[1].symbol, (SymbolRef{SymbolScope::kParam, 0}));
  EXPECT_EQ(f.insts[1].operands[0].symbol, (SymbolRef{SymbolScope::kRet, 0}));
  EXPECT_EQ(f.insts[1].operands[0].offset, 4);
  EXPECT_EQ(f.insts[2].operands[1].kind, OperandKind::kSymbol);
  EXPECT_EQ(f.insts[2].operands[1].symbol, (SymbolRef{SymbolScope::kLocal, 1}));
  EXPECT_EQ(f.insts[3].operands[1].offset, 16);
}

TEST(PtxParser, PragmaInBodyAndInlineAsmStyleScopes) {
  Module m = parse_kernel(
      ".reg .b32 %r<9>;\n.reg .b16 %rs<3>;\n.pragma \"nounroll\";\n"
      "// begin inline asm\n{add.f16 %rs2,%rs1,%rs0;\n}\n"
      "{.reg .f16 low,high;\nmov.b32 {low,high}, %r8;\n}\nret;");
  const Function& k = fn(m);
  EXPECT_EQ(k.pragmas, (std::vector<std::string>{"nounroll"}));
  EXPECT_EQ(k.insts[0].op, Opcode::kAdd);
  EXPECT_EQ(k.insts[0].type, DataType::kF16);
  const Instruction& mov = k.insts[1];
  ASSERT_EQ(mov.operands[0].kind, OperandKind::kVector);
  EXPECT_EQ(k.reg_name(mov.elements(mov.operands[0])[1].reg), "high");
}

}  // namespace
}  // namespace warpsim::ptx
