// The memory coalescer's atomic operation counts: per request, the most lanes naming one of
// its addresses (those execute one after another at the L2), or one for a warp-uniform address.
#include <cstdint>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sm/coalescer.h"

namespace warpsim {
namespace {

func::WarpInst inst_with(const std::vector<std::pair<unsigned, Addr>>& lanes) {
  func::WarpInst inst;
  inst.size = 4;
  inst.is_atomic = true;
  for (const auto& [lane, addr] : lanes) {
    inst.exec |= func::LaneMask{1} << lane;
    inst.addr[lane] = addr;
  }
  return inst;
}

std::vector<LineAccess> blocks_of(const func::WarpInst& inst) {
  std::vector<LineAccess> out;
  coalesce(
      inst, 128, [](Addr a, unsigned) { return a; }, out);
  count_atomic_ops(inst, 128, out);
  return out;
}

// A histogram warp: eight lanes on bin 45 and two on other bins of its line, one lane on bin 1
// of the line before; lane 31 is idle (not in exec) though its address is bin 45 too.
TEST(Coalescer, AtomicOpsAreTheMostLanesOnOneAddress) {
  std::vector<std::pair<unsigned, Addr>> lanes;
  for (unsigned l = 0; l < 8; ++l) lanes.emplace_back(l, 0x10b4);
  lanes.emplace_back(8, 0x1084);
  lanes.emplace_back(9, 0x10f0);
  lanes.emplace_back(10, 0x1004);
  lanes.emplace_back(11, 0x1004 + 0);  // a second lane on bin 1
  func::WarpInst inst = inst_with(lanes);
  inst.addr[31] = 0x10b4;
  const std::vector<LineAccess> out = blocks_of(inst);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].line, 0x1000u);
  EXPECT_EQ(out[0].atomic_ops, 2u);
  EXPECT_EQ(out[1].line, 0x1080u);
  EXPECT_EQ(out[1].atomic_ops, 8u);
  EXPECT_EQ(out[1].sectors, 0x1u | 0x2u | 0x8u);
}

// Every lane on one counter (atomicAdd(&counter, 1)): one operation, as ptxas aggregates it.
TEST(Coalescer, AWarpUniformAtomicIsOneOperation) {
  std::vector<std::pair<unsigned, Addr>> lanes;
  for (unsigned l = 0; l < 32; ++l) lanes.emplace_back(l, 0x4000);
  const std::vector<LineAccess> out = blocks_of(inst_with(lanes));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].atomic_ops, 1u);
}

// Distinct addresses in one line execute together: one serial operation.
TEST(Coalescer, DistinctAddressesAreOneSerialOperation) {
  std::vector<std::pair<unsigned, Addr>> lanes;
  for (unsigned l = 0; l < 32; ++l) lanes.emplace_back(l, 0x8000 + 4 * l);
  const std::vector<LineAccess> out = blocks_of(inst_with(lanes));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].atomic_ops, 1u);
}

}  // namespace
}  // namespace warpsim
