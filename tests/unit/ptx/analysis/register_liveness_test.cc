// Register liveness on parsed PTX: which operands are reads and writes, and live sets around
// a loop, worked out by hand below.
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "ptx/analysis/register_liveness.h"
#include "ptx/parser.h"

namespace warpsim::ptx {
namespace {

constexpr const char* kLoop = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
$L_loop:
  add.s32 %r3, %r3, %r2;
  add.s32 %r2, %r2, 1;
  setp.lt.s32 %p1|%p2, %r2, %r1;
  @%p1 bra $L_loop;
  @%p2 mov.u32 %r3, 7;
  st.global.u32 [%rd1+4], %r3;
  ret;
}
)";

struct Fixture {
  Module module = parse_ptx(kLoop, "loop.ptx");
  const Function& fn = module.functions.at(0);
  std::map<std::string, std::uint32_t> reg;
  Fixture() {
    for (std::uint32_t i = 0; i < fn.regs.size(); ++i) reg[fn.reg_name(i)] = i;
  }
  std::vector<std::uint32_t> regs(std::initializer_list<const char*> names) {
    std::vector<std::uint32_t> out;
    for (const char* n : names) out.push_back(reg.at(n));
    return out;
  }
  BitSet set(std::initializer_list<const char*> names) {
    BitSet s(fn.regs.size());
    for (const char* n : names) s.set(reg.at(n));
    return s;
  }
};

TEST(RegisterLiveness, OperandRolesFollowTheOpcodeShape) {
  Fixture f;
  const auto add = instruction_registers(f.fn.insts[4]);  // add.s32 %r3, %r3, %r2
  EXPECT_EQ(add.defs, f.regs({"%r3"}));
  EXPECT_EQ(add.uses, f.regs({"%r3", "%r2"}));
  const auto setp = instruction_registers(f.fn.insts[6]);  // setp %p1|%p2, %r2, %r1
  EXPECT_EQ(setp.defs, f.regs({"%p1", "%p2"}));
  EXPECT_EQ(setp.uses, f.regs({"%r2", "%r1"}));
  const auto bra = instruction_registers(f.fn.insts[7]);  // @%p1 bra
  EXPECT_TRUE(bra.defs.empty());
  EXPECT_EQ(bra.uses, f.regs({"%p1"}));
  // A guarded write may not happen: it reads the guard and defines nothing.
  const auto guarded = instruction_registers(f.fn.insts[8]);
  EXPECT_TRUE(guarded.defs.empty());
  EXPECT_EQ(guarded.uses, f.regs({"%p2"}));
  // A store reads its address base and its value.
  const auto st = instruction_registers(f.fn.insts[9]);
  EXPECT_TRUE(st.defs.empty());
  EXPECT_EQ(st.uses, f.regs({"%rd1", "%r3"}));
  // ld.param reads a symbol, not a register.
  const auto ld = instruction_registers(f.fn.insts[0]);
  EXPECT_EQ(ld.defs, f.regs({"%rd1"}));
  EXPECT_TRUE(ld.uses.empty());
}

TEST(RegisterLiveness, LoopCarriedRegistersAreLiveAroundTheBackEdge) {
  Fixture f;
  const Cfg cfg = build_cfg(f.fn);
  const LivenessInfo live = function_liveness(f.fn, cfg);
  const NodeId head = cfg.block_of(0);  // ld.param .. mov %r3
  const NodeId loop = cfg.block_of(4);  // add .. @%p1 bra
  const NodeId tail = cfg.block_of(8);  // @%p2 mov, st, ret
  ASSERT_NE(head, loop);
  ASSERT_NE(loop, tail);
  // The loop reads %r1 %r2 %r3 and, after it, the tail reads %rd1 and %r3 (and %p2, which
  // the loop writes before the tail can run).
  EXPECT_EQ(live.live_in[loop], f.set({"%rd1", "%r1", "%r2", "%r3"}));
  EXPECT_EQ(live.live_out[loop], f.set({"%rd1", "%r1", "%r2", "%r3", "%p2"}));
  // The guarded mov does not kill %r3, so %r3 stays live into the tail.
  EXPECT_EQ(live.live_in[tail], f.set({"%rd1", "%r3", "%p2"}));
  EXPECT_EQ(live.live_in[head], f.set({}));
  EXPECT_EQ(live.live_out[head], f.set({"%rd1", "%r1", "%r2", "%r3"}));
  EXPECT_EQ(live.live_in[cfg.exit], f.set({}));
}

}  // namespace
}  // namespace warpsim::ptx
