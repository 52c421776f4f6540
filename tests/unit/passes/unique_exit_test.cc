// The unique_exit pass: one exit block per function, every return a branch to it.
#include <gtest/gtest.h>

#include <string>

#include "passes/pass_runner.h"
#include "ptx/cfg.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

namespace warpsim::passes {
namespace {

constexpr const char* kText = R"(.version 8.0
.target sm_90
.address_size 64
.func (.param .b32 r) f(.param .b32 a)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	ld.param.b32 %r1, [a];
	st.param.b32 [r], %r1;
	setp.eq.s32 %p1, %r1, 0;
	@%p1 ret;
	add.s32 %r1, %r1, 1;
	st.param.b32 [r], %r1;
	ret;
}
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [n];
	setp.eq.s32 %p1, %r1, 0;
	@%p1 exit;
	add.s32 %r1, %r1, 1;
	@%p1 bra $DONE;
	add.s32 %r1, %r1, 1;
$DONE:
}
)";

std::size_t count(const ptx::Function& fn, ptx::Opcode op) {
  std::size_t n = 0;
  for (const ptx::Instruction& inst : fn.insts) n += inst.op == op ? 1 : 0;
  return n;
}

TEST(UniqueExit, EveryFunctionReturnsFromOneBlock) {
  ptx::Module m = ptx::parse_ptx(kText, "u.ptx");
  const PassReport report = run_passes(m, {parse_pass_spec("unique_exit")}, {});
  EXPECT_EQ(report.total("returns"), 3u);  // f's two rets, k's exit
  // Printed and read back it is the same module.
  const ptx::Module back = ptx::parse_ptx(ptx::print_ptx(m), "u.ptx");
  ptx::verify(back);
  for (const ptx::Function& fn : back.functions) {
    EXPECT_EQ(count(fn, ptx::Opcode::kRet), 1u) << fn.name;
    EXPECT_EQ(count(fn, ptx::Opcode::kExit), 0u) << fn.name;
    EXPECT_EQ(fn.insts.back().op, ptx::Opcode::kRet) << fn.name;
    const ptx::Cfg cfg = ptx::build_cfg(fn);
    EXPECT_EQ(cfg.graph.preds(cfg.exit).size(), 1u) << fn.name;
  }
  // k fell off its end at $DONE: it now falls into the exit block, which $DONE names.
  const ptx::Function& k = back.functions[1];
  bool found = false;
  for (const ptx::Label& label : k.labels) {
    if (label.name != "$DONE") continue;
    found = true;
    EXPECT_EQ(k.insts.at(label.inst).op, ptx::Opcode::kRet);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace warpsim::passes
