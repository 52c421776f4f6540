#include <gtest/gtest.h>

#include <vector>

#include "kitchen_sink.h"
#include "ptx/cfg.h"
#include "ptx/parser.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using Nodes = std::vector<NodeId>;

// Instruction indices in the comments; node 0 is the entry, node 9 the exit.
constexpr std::string_view kBranchy =
    ".reg .pred %p<3>;\n.reg .b32 %r<4>;\n"
    "mov.u32 %r1, 0;\n"                    // 0   node 1
    "setp.eq.s32 %p1, %r1, 0;\n"           // 1
    "@%p1 bra $Lelse;\n"                   // 2
    "add.s32 %r2, %r1, 1;\n"               // 3   node 2
    "bra.uni $Ljoin;\n"                    // 4
    "$Lelse:\nadd.s32 %r2, %r1, 2;\n"      // 5   node 3
    "$Ljoin:\nsetp.lt.s32 %p2, %r2, 5;\n"  // 6   node 4
    "@%p2 ret;\n"                          // 7
    "$Lloop:\nadd.s32 %r2, %r2, 1;\n"      // 8   node 5
    "setp.lt.s32 %p2, %r2, 100;\n"         // 9
    "@%p2 bra $Lloop;\n"                   // 10
    "@%p1 exit;\n"                         // 11  node 6
    "$Lunused:\nadd.s32 %r3, %r2, 1;\n"    // 12  node 7
    "trap;\n"                              // 13
    "add.s32 %r3, %r3, 1;";                // 14  node 8 (unreachable, falls off the end)

Cfg branchy_cfg() {
  static const Module m = testing::parse_kernel(kBranchy);
  return build_cfg(*m.find_function("k"));
}

TEST(PtxCfg, LeadersMakeBlocks) {
  Cfg cfg = branchy_cfg();
  ASSERT_EQ(cfg.blocks.size(), 10u);
  EXPECT_EQ(cfg.entry, 0u);
  EXPECT_EQ(cfg.exit, 9u);
  EXPECT_EQ(cfg.blocks[0].kind, BasicBlock::Kind::kEntry);
  EXPECT_EQ(cfg.blocks[9].kind, BasicBlock::Kind::kExit);
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges = {
      {0, 3}, {3, 5}, {5, 6}, {6, 8}, {8, 11}, {11, 12}, {12, 14}, {14, 15}};
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    EXPECT_EQ(cfg.blocks[i + 1].kind, BasicBlock::Kind::kCode);
    EXPECT_EQ(cfg.blocks[i + 1].first, ranges[i].first) << "node " << i + 1;
    EXPECT_EQ(cfg.blocks[i + 1].end, ranges[i].second) << "node " << i + 1;
  }
  EXPECT_EQ(cfg.block_of(0), 1u);
  EXPECT_EQ(cfg.block_of(7), 4u);
  EXPECT_EQ(cfg.block_of(10), 5u);
  EXPECT_EQ(cfg.block_of(14), 8u);
}

TEST(PtxCfg, EdgesForBranchesFallthroughAndExits) {
  Cfg cfg = branchy_cfg();
  const Digraph& g = cfg.graph;
  EXPECT_EQ(g.succs(0), (Nodes{1}));
  EXPECT_EQ(g.succs(1), (Nodes{3, 2}));  // taken first, then fall-through
  EXPECT_EQ(g.succs(2), (Nodes{4}));
  EXPECT_EQ(g.succs(3), (Nodes{4}));
  EXPECT_EQ(g.succs(4), (Nodes{9, 5}));  // guarded ret
  EXPECT_EQ(g.succs(5), (Nodes{5, 6}));  // loop back edge
  EXPECT_EQ(g.succs(6), (Nodes{9, 7}));  // guarded exit
  EXPECT_EQ(g.succs(7), (Nodes{9}));     // trap
  EXPECT_EQ(g.succs(8), (Nodes{9}));     // falls off the end
  EXPECT_TRUE(g.succs(9).empty());
  EXPECT_EQ(g.preds(9), (Nodes{4, 6, 7, 8}));
  EXPECT_TRUE(g.preds(8).empty());  // unreachable but kept
  EXPECT_TRUE(g.preds(0).empty());
}

TEST(PtxCfg, SplitsExactlyTheCriticalEdges) {
  Cfg cfg = branchy_cfg();
  EXPECT_EQ(split_critical_edges(cfg), 4u);
  const Digraph& g = cfg.graph;
  ASSERT_EQ(g.size(), 14u);
  for (NodeId n = 10; n < 14; ++n) {
    EXPECT_EQ(cfg.blocks[n].kind, BasicBlock::Kind::kSplit);
    EXPECT_TRUE(cfg.blocks[n].empty());
  }
  EXPECT_EQ(g.succs(4), (Nodes{10, 11}));
  EXPECT_EQ(g.succs(10), (Nodes{9}));
  EXPECT_EQ(g.succs(11), (Nodes{5}));
  EXPECT_EQ(g.succs(5), (Nodes{12, 6}));
  EXPECT_EQ(g.succs(12), (Nodes{5}));
  EXPECT_EQ(g.preds(5), (Nodes{11, 12}));
  EXPECT_EQ(g.succs(6), (Nodes{13, 7}));
  EXPECT_EQ(g.preds(9), (Nodes{10, 13, 7, 8}));
  EXPECT_EQ(cfg.blocks[11].first, 8u);  // placed before the block it leads to
  for (NodeId from = 0; from < g.size(); ++from) {
    for (NodeId to : g.succs(from)) {
      EXPECT_FALSE(g.succs(from).size() > 1 && g.preds(to).size() > 1) << from << "->" << to;
    }
  }
  EXPECT_EQ(split_critical_edges(cfg), 0u);
}

TEST(PtxCfg, EmptyBodyAndLoopAtEntry) {
  Module empty = testing::parse(".func f()\n{\n}\n");
  Cfg c0 = build_cfg(*empty.find_function("f"));
  ASSERT_EQ(c0.blocks.size(), 2u);
  EXPECT_EQ(c0.graph.succs(c0.entry), (Nodes{c0.exit}));
  Module loop = testing::parse_kernel(".reg .pred %p;\n$L:\nsetp.eq.u32 %p, 1, 1;\n@%p bra $L;");
  Cfg c1 = build_cfg(*loop.find_function("k"));
  ASSERT_EQ(c1.blocks.size(), 3u);
  EXPECT_EQ(c1.graph.succs(1), (Nodes{1, 2}));
  EXPECT_EQ(c1.graph.preds(1), (Nodes{0, 1}));
}

TEST(PtxCfg, BranchToFallthroughIsOneEdgeAndCallsDoNotEndBlocks) {
  Module m = testing::parse(
      ".func g();\n.visible .entry k()\n{\n.reg .pred %p;\nsetp.eq.u32 %p, 1, 1;\n@%p bra $L;\n"
      "$L:\ncall.uni g;\nret;\n}\n");
  Cfg cfg = build_cfg(*m.find_function("k"));
  ASSERT_EQ(cfg.blocks.size(), 4u);
  EXPECT_EQ(cfg.graph.succs(1), (Nodes{2}));
  EXPECT_EQ(cfg.blocks[2].first, 2u);
  EXPECT_EQ(cfg.blocks[2].end, 4u);
}

TEST(PtxCfg, EveryFunctionOfTheKitchenSink) {
  Module m = parse_ptx(testing::kKitchenSink, "sink.ptx");
  for (const Function& f : m.functions) {
    if (!f.has_body) continue;
    Cfg cfg = build_cfg(f);
    EXPECT_EQ(cfg.graph.size(), cfg.blocks.size());
    EXPECT_TRUE(cfg.graph.preds(cfg.entry).empty());
    EXPECT_TRUE(cfg.graph.succs(cfg.exit).empty());
    std::uint32_t covered = 0;
    for (const BasicBlock& b : cfg.blocks) covered += b.end - b.first;
    EXPECT_EQ(covered, f.insts.size());
  }
}

}  // namespace
}  // namespace warpsim::ptx
