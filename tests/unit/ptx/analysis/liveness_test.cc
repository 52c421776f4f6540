#include "ptx/analysis/liveness.h"

#include <stdexcept>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis_test_util.h"

namespace warpsim::ptx {
namespace {

using analysis_test::make_graph;
using ::testing::ElementsAre;

BitSet regs(std::initializer_list<std::size_t> members) { return BitSet::of(4, members); }

TEST(LivenessBlocks, LoopCarriedRegistersAreLiveAroundTheBackEdge) {
  // r0 = i, r1 = sum, r2 = n (a parameter, live into the kernel), r3 = temporary.
  //   0: i = 0; sum = 0                      use {}      def {0,1}
  //   1: if (i < n) goto 2 else goto 3       use {0,2}   def {}
  //   2: t = i * 2; sum += t; i += 1; goto 1 use {0,1}   def {0,1,3} (t written first)
  //   3: store sum                           use {1}     def {}
  //   4: exit
  // Fixed point: live_in(1) = {0,2} | live_out(1) = {0,1,2}; live_out(2) = live_in(1), so n
  // is live around the back edge although block 2 never reads it; t is never live at a
  // block boundary; only n is live into the kernel.
  // Backward order = postorder 2,4,3,1,0. Sweep 1: 2 -> in {0,1}; 4 unchanged; 3 -> {1};
  // 1 -> {0,1,2} (re-queues 2); 0 -> {2}. Sweep 2: 2 -> {0,1,2} (re-queues 1); 1
  // unchanged. 7 visits.
  Digraph g = make_graph(5, {{0, 1}, {1, 2}, {1, 3}, {2, 1}, {3, 4}});
  std::vector<BitSet> use = {regs({}), regs({0, 2}), regs({0, 1}), regs({1}), regs({})};
  std::vector<BitSet> def = {regs({0, 1}), regs({}), regs({0, 1, 3}), regs({}), regs({})};
  LivenessInfo live = compute_liveness(g, 0, 4, use, def);
  EXPECT_THAT(live.live_in,
              ElementsAre(regs({2}), regs({0, 1, 2}), regs({0, 1, 2}), regs({1}), regs({})));
  EXPECT_THAT(live.live_out,
              ElementsAre(regs({0, 1, 2}), regs({0, 1, 2}), regs({0, 1, 2}), regs({}), regs({})));
  EXPECT_EQ(live.sweeps, 2u);
  EXPECT_EQ(live.visits, 7u);
}

TEST(LivenessBlocks, InfiniteLoopKeepsItsRegistersLive) {
  // 0: def r0, r1 -> {1, 3}; 1: use r0 -> 2; 2: use r1 -> 1 (never leaves); exit 3.
  // Blocks 1 and 2 cannot reach the exit, yet r0 and r1 stay live all around the loop.
  Digraph g = make_graph(4, {{0, 1}, {0, 3}, {1, 2}, {2, 1}});
  std::vector<BitSet> use = {regs({}), regs({0}), regs({1}), regs({})};
  std::vector<BitSet> def = {regs({0, 1}), regs({}), regs({}), regs({})};
  LivenessInfo live = compute_liveness(g, 0, 3, use, def);
  EXPECT_THAT(live.live_in, ElementsAre(regs({}), regs({0, 1}), regs({0, 1}), regs({})));
  EXPECT_THAT(live.live_out, ElementsAre(regs({0, 1}), regs({0, 1}), regs({0, 1}), regs({})));
}

TEST(LivenessBlocks, LiveAtExitBoundary) {
  // 0: def r0 -> 1 (exit): use r0; r1 is declared live after the exit.
  Digraph g = make_graph(2, {{0, 1}});
  std::vector<BitSet> use = {regs({}), regs({0})};
  std::vector<BitSet> def = {regs({0}), regs({})};
  LivenessInfo live = compute_liveness(g, 0, 1, use, def, regs({1}));
  EXPECT_THAT(live.live_out, ElementsAre(regs({0, 1}), regs({1})));
  EXPECT_THAT(live.live_in, ElementsAre(regs({1}), regs({0, 1})));
}

TEST(LivenessBlocks, RejectsMismatchedSets) {
  Digraph g = make_graph(2, {{0, 1}});
  std::vector<BitSet> good(2, BitSet(4));
  std::vector<BitSet> short_list(1, BitSet(4));
  EXPECT_THROW(compute_liveness(g, 0, 1, short_list, good), std::invalid_argument);
  EXPECT_THROW(compute_liveness(g, 0, 1, good, good, BitSet(5)), std::invalid_argument);
}

// i0: r2 = r0 + r1;  i1: r3 = r2 * r2;  i2: r0 = r0 + 1;  i3: st [r4], r3
// with r0 live after the block (5 registers).
std::vector<InstructionRegs> sample_block() {
  return {{{0, 1}, {2}}, {{2}, {3}}, {{0}, {0}}, {{4, 3}, {}}};
}

TEST(LivenessInstructions, LiveOutPerInstructionAndLastUses) {
  // Walking back from {0}: after i3 {0}; after i2 = before i3 = {0,3,4}; after i1 = before
  // i2 = ({0,3,4} - {0}) | {0} = {0,3,4}; after i0 = before i1 = ({0,3,4} - {3}) | {2}.
  // Last uses: r1 at i0, r2 at i1, r3 and r4 at i3; i2 reads r0 but writes a live new r0.
  auto insts = sample_block();
  std::vector<BitSet> out = instruction_live_out(insts, BitSet::of(5, {0}));
  EXPECT_THAT(out, ElementsAre(BitSet::of(5, {0, 2, 4}), BitSet::of(5, {0, 3, 4}),
                               BitSet::of(5, {0, 3, 4}), BitSet::of(5, {0})));
  EXPECT_THAT(last_uses(insts, out), ElementsAre(BitSet::of(5, {1}), BitSet::of(5, {2}), BitSet(5),
                                                 BitSet::of(5, {3, 4})));
}

TEST(LivenessInstructions, BlockSummaryAgreesWithInstructionWalk) {
  // use: r0, r1 (i0) and r4 (i3) are read before any write; r2, r3 are written first.
  // Block live-in = use | (live-out - def) = {0,1,4}, what the walk reaches before i0.
  auto insts = sample_block();
  BlockUseDef block = summarize_block(insts, 5);
  EXPECT_EQ(block.use, BitSet::of(5, {0, 1, 4}));
  EXPECT_EQ(block.def, BitSet::of(5, {0, 2, 3}));
  BitSet live_out = BitSet::of(5, {0});
  BitSet live_in = live_out;
  live_in.subtract(block.def);
  live_in.union_with(block.use);
  EXPECT_EQ(live_in, BitSet::of(5, {0, 1, 4}));
}

TEST(LivenessInstructions, ReadAndWriteOfTheSameRegisterAndBadIndices) {
  // r0 = r0 + 1 at the end of a block with nothing live after: r0 dies at its last read.
  std::vector<InstructionRegs> insts = {{{0}, {0}}};
  std::vector<BitSet> out = instruction_live_out(insts, BitSet(2));
  EXPECT_THAT(out, ElementsAre(BitSet(2)));
  EXPECT_THAT(last_uses(insts, out), ElementsAre(BitSet::of(2, {0})));
  EXPECT_EQ(summarize_block(insts, 2).use, BitSet::of(2, {0}));
  std::vector<InstructionRegs> bad = {{{7}, {}}};
  EXPECT_THROW(summarize_block(bad, 2), std::out_of_range);
  EXPECT_THROW(instruction_live_out(bad, BitSet(2)), std::out_of_range);
  EXPECT_THROW(last_uses(bad, {}), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::ptx
