// OPT and PostDom placement of relssp (seed 002, digest §2.9) on hand-made CFGs, and OPT's
// exactly-once guarantee on random acyclic CFGs, path by path.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "passes/relssp_placement.h"
#include "ptx/cfg.h"

namespace warpsim::passes {
namespace {

using ptx::Digraph;
using ptx::NodeId;
using Where = Placement::Where;

Digraph graph_of(std::size_t nodes, const std::vector<std::pair<NodeId, NodeId>>& edges) {
  Digraph g(nodes);
  for (auto [from, to] : edges) g.add_edge(from, to);
  return g;
}

std::vector<bool> flags(std::size_t nodes, std::vector<NodeId> set) {
  std::vector<bool> out(nodes, false);
  for (NodeId n : set) out[n] = true;
  return out;
}

// if (c) { access } ; join: the access side releases after its access, the other side at its
// start (node 0 entry, 1 branch, 2 access, 3 no access, 4 join, 5 exit).
TEST(RelsspPlacement, OptReleasesOnBothSidesOfABranch) {
  const Digraph g = graph_of(6, {{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}});
  const auto p = place_opt(g, 0, 5, flags(6, {2}));
  EXPECT_EQ(p, (std::vector<Placement>{{2, Where::kAfterLastAccess}, {3, Where::kAtStart}}));
  // PostDom: one point, the join.
  EXPECT_EQ(place_postdom(g, 0, 5, flags(6, {2})), (std::vector<Placement>{{4, Where::kAtStart}}));
}

// The same without an else block: the edge branch -> join is critical; split (node 6), it takes
// the release of the path that skips the access.
TEST(RelsspPlacement, OptUsesTheSplitCriticalEdge) {
  Digraph g = graph_of(5, {{0, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 4}});
  const NodeId split = g.add_node();
  g.redirect_through(1, 3, split);
  const auto p = place_opt(g, 0, 4, flags(6, {2}));
  EXPECT_EQ(p, (std::vector<Placement>{{2, Where::kAfterLastAccess}, {split, Where::kAtStart}}));
}

// A loop whose body accesses: the release waits for the loop's exit (0 entry, 1 pre-header,
// 2 body with the access, 3 latch, 4 after the loop, 5 exit; latch -> body split as node 6).
TEST(RelsspPlacement, OptReleasesAfterALoop) {
  Digraph g = graph_of(6, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 5}});
  const NodeId split = g.add_node();
  g.redirect_through(3, 2, split);
  EXPECT_EQ(place_opt(g, 0, 5, flags(7, {2})), (std::vector<Placement>{{4, Where::kAtStart}}));
  EXPECT_EQ(place_postdom(g, 0, 5, flags(7, {2})), (std::vector<Placement>{{4, Where::kAtStart}}));
}

TEST(RelsspPlacement, NothingWhenNothingAccessesTheSharedRegion) {
  const Digraph g = graph_of(6, {{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}});
  EXPECT_TRUE(place_opt(g, 0, 5, flags(6, {})).empty());
  EXPECT_TRUE(place_postdom(g, 0, 5, flags(6, {})).empty());
}

// PostDom gives up where the only common post-dominator is the exit (one side returns early).
TEST(RelsspPlacement, PostDomFallsBackToTheExit) {
  const Digraph g = graph_of(5, {{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}});
  EXPECT_TRUE(place_postdom(g, 0, 4, flags(5, {2})).empty());
  // OPT still releases on both paths.
  EXPECT_EQ(place_opt(g, 0, 4, flags(5, {2})).size(), 2u);
}

// A last access in the join itself: both release right after it.
TEST(RelsspPlacement, ReleasesAfterTheLastAccessOfABlock) {
  const Digraph g = graph_of(6, {{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}});
  const std::vector<Placement> want{{4, Where::kAfterLastAccess}};
  EXPECT_EQ(place_opt(g, 0, 5, flags(6, {2, 4})), want);
  EXPECT_EQ(place_postdom(g, 0, 5, flags(6, {2, 4})), want);
}

// On random acyclic CFGs with critical edges split: along every path from entry to exit, OPT
// releases exactly once, after the path's last access, when some access is reachable from the
// entry, and never otherwise.
TEST(RelsspPlacement, OptReleasesExactlyOnceOnEveryPathOfRandomDags) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t code = 2 + rng() % 7;
    ptx::Cfg cfg;
    cfg.graph = Digraph(code + 2);
    cfg.entry = 0;
    cfg.exit = static_cast<NodeId>(code + 1);
    cfg.blocks.resize(code + 2);
    cfg.graph.add_edge(0, 1);
    for (NodeId n = 1; n <= code; ++n) {
      const std::size_t succs = 1 + rng() % 2;
      for (std::size_t k = 0; k < succs; ++k) {
        const NodeId to = static_cast<NodeId>(n + 1 + rng() % (code + 1 - n));  // forward only
        cfg.graph.add_edge(n, to);
      }
    }
    ptx::split_critical_edges(cfg);
    std::vector<bool> access(cfg.graph.size(), false);
    for (NodeId n = 1; n <= code; ++n) access[n] = rng() % 3 == 0;
    const auto placements = place_opt(cfg.graph, cfg.entry, cfg.exit, access);
    std::vector<int> at_start(cfg.graph.size(), 0), after(cfg.graph.size(), 0);
    for (const Placement& p : placements) {
      (p.where == Where::kAtStart ? at_start : after)[p.node] += 1;
    }
    const bool reachable_access = !solve_safe(cfg.graph, 0, cfg.exit, access).safe_out[0];
    // Depth-first over all paths: (node, releases so far, accessed after a release).
    std::vector<std::tuple<NodeId, int, bool>> stack{{0, 0, false}};
    while (!stack.empty()) {
      auto [n, released, late] = stack.back();
      stack.pop_back();
      released += at_start[n];
      if (access[n] && released > 0) late = true;
      released += after[n];
      if (n == cfg.exit) {
        ASSERT_EQ(released, reachable_access ? 1 : 0) << "trial " << trial;
        ASSERT_FALSE(late) << "trial " << trial;
        continue;
      }
      for (NodeId s : cfg.graph.succs(n)) stack.emplace_back(s, released, late);
    }
  }
}

}  // namespace
}  // namespace warpsim::passes
