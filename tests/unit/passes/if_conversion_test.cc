// If-conversion: short guarded blocks become predicated straight-line code; anything that could
// change what the program does (another way into the block, a guard of its own, a barrier, the
// guard rewritten inside) leaves the branch in place.
#include <gtest/gtest.h>

#include <string>

#include "passes/function_editor.h"
#include "passes/if_conversion.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

namespace warpsim::passes {
namespace {

std::string kernel(const std::string& body) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 pa)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b32 %r<20>;\n\t.reg .b64 %rd<10>;\n"
         "\t.shared .align 4 .b8 smem[64];\n"
         "\tld.param.u64 %rd1, [pa];\n\tmov.u32 %r1, %tid.x;\n"
         "\tsetp.ge.u32 %p1, %r1, 7;\n" +
         body + "\tret;\n}\n";
}

struct Converted {
  std::uint64_t blocks;
  std::string text;  // the printed function from its first branch or guarded instruction on
};

Converted convert(const std::string& body, std::uint32_t max_insts = 8) {
  ptx::Module m = ptx::parse_ptx(kernel(body), "k.ptx");
  const std::uint64_t n = if_convert(m.functions[0], max_insts);
  ptx::verify(m);
  const std::string printed = ptx::print_ptx(m);
  // Printed and read back, the module prints the same.
  EXPECT_EQ(ptx::print_ptx(ptx::parse_ptx(printed, "k.ptx")), printed);
  return {n, printed.substr(printed.find("setp.ge.u32"))};
}

TEST(IfConversion, PredicatesAGuardedBlockAndDropsItsBranchAndLabel) {
  const Converted c = convert(
      "\t@%p1 bra $SKIP;\n\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n"
      "\tld.global.u32 %r2, [%rd3];\n\tst.shared.u32 [smem], %r2;\n$SKIP:\n"
      "\t@!%p1 bra $SKIP2;\n\tst.global.u32 [%rd1], %r1;\n$SKIP2:\n");
  EXPECT_EQ(c.blocks, 2u);
  EXPECT_EQ(c.text,
            "setp.ge.u32\t%p1, %r1, 7;\n\t@!%p1 mul.wide.u32\t%rd2, %r1, 4;\n"
            "\t@!%p1 add.s64\t%rd3, %rd1, %rd2;\n\t@!%p1 ld.global.u32\t%r2, [%rd3];\n"
            "\t@!%p1 st.shared.u32\t[smem], %r2;\n\t@%p1 st.global.u32\t[%rd1], %r1;\n"
            "\tret;\n}\n\n");
}

TEST(IfConversion, KeepsALabelAnotherBranchStillUses) {
  const Converted c = convert(
      "\tsetp.eq.u32 %p2, %r1, 3;\n\t@%p2 bra $JOIN;\n\t@%p1 bra $JOIN;\n"
      "\tadd.s32 %r2, %r1, 1;\n$JOIN:\n\tst.global.u32 [%rd1], %r2;\n");
  EXPECT_EQ(c.blocks, 1u);  // the second branch's block; the first one contains a branch
  EXPECT_NE(c.text.find("@%p2 bra\t$JOIN;\n\t@!%p1 add.s32\t%r2, %r1, 1;\n$JOIN:\n"),
            std::string::npos)
      << c.text;
}

TEST(IfConversion, LeavesBlocksThatPredicationCouldChange) {
  const char* cases[] = {
      // another way into the block
      "\t@%p1 bra $SKIP;\n\tadd.s32 %r2, %r1, 1;\n$IN:\n\tadd.s32 %r3, %r1, 2;\n$SKIP:\n"
      "\t@%p1 bra $IN;\n",
      // an instruction with its own guard
      "\t@%p1 bra $SKIP;\n\tsetp.eq.u32 %p2, %r1, 0;\n\t@%p2 add.s32 %r2, %r1, 1;\n$SKIP:\n",
      // the guard rewritten inside
      "\t@%p1 bra $SKIP;\n\tsetp.eq.u32 %p1, %r1, 0;\n\tadd.s32 %r2, %r1, 1;\n$SKIP:\n",
      // a barrier, an atomic, a volatile load
      "\t@%p1 bra $SKIP;\n\tbar.sync 0;\n$SKIP:\n",
      "\t@%p1 bra $SKIP;\n\tatom.global.add.u32 %r2, [%rd1], 1;\n$SKIP:\n",
      "\t@%p1 bra $SKIP;\n\tld.volatile.global.u32 %r2, [%rd1];\n$SKIP:\n",
      // a backward branch, and an unguarded one
      "$TOP:\n\tadd.s32 %r1, %r1, 1;\n\t@%p1 bra $TOP;\n",
      "\tbra $SKIP;\n\tadd.s32 %r2, %r1, 1;\n$SKIP:\n",
  };
  for (const char* body : cases) {
    SCOPED_TRACE(body);
    EXPECT_EQ(convert(body).blocks, 0u);
  }
}

TEST(IfConversion, OnlyBlocksUpToTheLimit) {
  const std::string body =
      "\t@%p1 bra $SKIP;\n\tadd.s32 %r2, %r1, 1;\n\tadd.s32 %r3, %r1, 2;\n"
      "\tadd.s32 %r4, %r1, 3;\n$SKIP:\n";
  EXPECT_EQ(convert(body, 2).blocks, 0u);
  EXPECT_EQ(convert(body, 3).blocks, 1u);
  EXPECT_EQ(convert(body, 0).blocks, 0u);
}

TEST(FunctionEditor, RemovesInstructionsAndUnusedLabels) {
  ptx::Module m =
      ptx::parse_ptx(kernel("\t@%p1 bra $A;\n\tadd.s32 %r2, %r1, 1;\n$A:\n\t@%p1 bra $B;\n"
                            "\tadd.s32 %r3, %r1, 1;\n$B:\n"),
                     "k.ptx");
  ptx::Function& fn = m.functions[0];
  FunctionEditor editor(fn);
  editor.remove(3);  // @%p1 bra $A
  editor.remove_label(0);
  editor.insert_after(3, fn.insts[4]);  // what goes after a removed instruction stays
  editor.commit();
  ptx::verify(m);
  ASSERT_EQ(fn.labels.size(), 1u);
  EXPECT_EQ(fn.labels[0].name, "$B");
  EXPECT_EQ(fn.insts[fn.labels[0].inst].op, ptx::Opcode::kRet);
  EXPECT_EQ(fn.branch_target(fn.insts[5]), fn.labels[0].inst);
  // A label still used cannot go.
  FunctionEditor again(fn);
  again.remove_label(0);
  EXPECT_THROW(again.commit(), std::logic_error);
}

}  // namespace
}  // namespace warpsim::passes
