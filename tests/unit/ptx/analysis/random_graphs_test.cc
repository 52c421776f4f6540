// Seeded random graphs checked against the definitions, computed by brute force:
//  - a dominates b iff b is unreachable from the entry once a is removed;
//  - a post-dominates b iff the exit is unreachable from b once a is removed, on the graph
//    plus the virtual edges, whose choice is re-derived from the rule's own definition;
//  - natural loops and nesting from reachability; dataflow against a naive solver.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "analysis_test_util.h"
#include "ptx/analysis/dataflow.h"
#include "ptx/analysis/dominators.h"
#include "ptx/analysis/loops.h"

namespace warpsim::ptx {
namespace {

using analysis_test::random_graph;
using analysis_test::reach;

constexpr int kGraphs = 400;

// Mostly-forward graphs for even seeds (reducible, loops), tangled ones for odd seeds.
Digraph graph_for_seed(int seed) {
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  std::size_t nodes = 2 + rng() % 13;
  return random_graph(rng, nodes, seed % 2 == 0 ? 85 : 50);
}

// dom[a][b] by definition, on `graph` from `root`.
std::vector<std::vector<bool>> brute_dominance(const Digraph& graph, NodeId root) {
  std::vector<bool> reachable = reach(graph, root);
  std::vector<std::vector<bool>> dom(graph.size(), std::vector<bool>(graph.size(), false));
  for (NodeId a = 0; a < graph.size(); ++a) {
    if (!reachable[a]) continue;
    std::vector<bool> without_a = reach(graph, root, a);
    for (NodeId b = 0; b < graph.size(); ++b) dom[a][b] = reachable[b] && (a == b || !without_a[b]);
  }
  return dom;
}

// The strict dominator of b that all of b's other strict dominators dominate.
NodeId brute_idom(const std::vector<std::vector<bool>>& dom, NodeId b) {
  for (NodeId d = 0; d < dom.size(); ++d) {
    if (d == b || !dom[d][b]) continue;
    bool deepest = true;
    for (NodeId a = 0; a < dom.size(); ++a) {
      if (a != b && dom[a][b] && !dom[a][d]) deepest = false;
    }
    if (deepest) return d;
  }
  return kNoNode;
}

void expect_tree_matches(const DominatorTree& tree, const std::vector<std::vector<bool>>& dom,
                         int seed) {
  for (NodeId a = 0; a < dom.size(); ++a) {
    ASSERT_EQ(tree.immediate_dominator(a), brute_idom(dom, a)) << "seed " << seed << " node " << a;
    for (NodeId b = 0; b < dom.size(); ++b) {
      ASSERT_EQ(tree.dominates(a, b), dom[a][b]) << "seed " << seed << " " << a << "," << b;
    }
  }
}

TEST(DomRandom, MatchesBruteForceDefinition) {
  int irreducible = 0;
  int unreachable = 0;
  for (int seed = 0; seed < kGraphs; ++seed) {
    Digraph g = graph_for_seed(seed);
    DominatorTree tree(g, 0);
    auto dom = brute_dominance(g, 0);
    expect_tree_matches(tree, dom, seed);
    if (tree.reverse_postorder().size() < g.size()) ++unreachable;
    // Nearest common dominator: the common dominator every other common one dominates.
    for (NodeId a = 0; a < g.size(); ++a) {
      for (NodeId b = 0; b < g.size(); ++b) {
        NodeId ncd = tree.nearest_common_dominator(a, b);
        if (!tree.reachable(a) || !tree.reachable(b)) {
          ASSERT_EQ(ncd, kNoNode);
          continue;
        }
        ASSERT_TRUE(dom[ncd][a] && dom[ncd][b]) << "seed " << seed;
        for (NodeId c = 0; c < g.size(); ++c) {
          if (dom[c][a] && dom[c][b]) {
            ASSERT_TRUE(dom[c][ncd]) << "seed " << seed;
          }
        }
      }
    }
    LoopForest forest(g, tree);
    if (forest.reducible()) {
      EXPECT_LE(tree.passes(), 2u) << "seed " << seed;
    } else {
      ++irreducible;
    }
  }
  EXPECT_GT(irreducible, 10);
  EXPECT_GT(unreachable, 10);
}

// Expected virtual edges from the rule's definition: one per sink component of the stuck
// nodes (in scope, exit unreachable), from its member latest in RPO, sorted by RPO index.
std::vector<GraphEdge> expected_virtual_edges(const Digraph& g, const DominatorTree& fwd,
                                              const std::vector<bool>& stuck, NodeId exit) {
  std::vector<std::vector<bool>> reaches(g.size());
  for (NodeId n = 0; n < g.size(); ++n) reaches[n] = reach(g, n);
  std::vector<GraphEdge> edges;
  for (NodeId n : fwd.reverse_postorder()) {
    if (!stuck[n]) continue;
    bool sink = true;
    bool latest = true;
    for (NodeId m = 0; m < g.size(); ++m) {
      if (!reaches[n][m]) continue;
      if (!reaches[m][n]) sink = false;
      if (m != n && reaches[m][n] && fwd.rpo_index(m) > fwd.rpo_index(n)) latest = false;
    }
    if (sink && latest) edges.push_back({n, exit});
  }
  return edges;
}

TEST(PostDomRandom, MatchesBruteForceWithTheVirtualEdgeRule) {
  int with_virtual_edges = 0;
  for (int seed = 0; seed < kGraphs; ++seed) {
    Digraph g = graph_for_seed(seed);
    const NodeId exit = static_cast<NodeId>(g.size() - 1);
    PostDominatorTree pdom(g, 0, exit);
    DominatorTree fwd(g, 0);
    std::vector<bool> scope = reach(g, 0);
    scope[exit] = true;
    std::vector<bool> to_exit = reach(g, exit, kNoNode, true);
    std::vector<bool> stuck(g.size(), false);
    for (NodeId n = 0; n < g.size(); ++n) {
      stuck[n] = scope[n] && !to_exit[n];
      ASSERT_EQ(pdom.reaches_exit(n), scope[n] && to_exit[n]) << "seed " << seed;
      ASSERT_EQ(pdom.in_scope(n), scope[n]) << "seed " << seed;
    }
    ASSERT_EQ(pdom.virtual_exit_edges(), expected_virtual_edges(g, fwd, stuck, exit))
        << "seed " << seed;
    if (!pdom.virtual_exit_edges().empty()) ++with_virtual_edges;

    // Post-dominance is dominance on the reversed, scoped graph plus the virtual edges.
    Digraph augmented(g.size());
    for (NodeId n = 0; n < g.size(); ++n) {
      if (!scope[n]) continue;
      for (NodeId s : g.succs(n)) augmented.add_edge(n, s);
    }
    for (const GraphEdge& e : pdom.virtual_exit_edges()) augmented.add_edge(e.from, e.to);
    auto pdom_brute = brute_dominance(augmented.reversed(), exit);
    for (NodeId n = 0; n < g.size(); ++n) {
      if (scope[n]) {
        ASSERT_TRUE(pdom_brute[exit][n]) << "every in-scope node reaches the exit";
      }
    }
    expect_tree_matches(pdom.tree(), pdom_brute, seed);
  }
  EXPECT_GT(with_virtual_edges, 10);
}

TEST(LoopRandom, LoopsMatchTheirDefinition) {
  int loops_seen = 0;
  for (int seed = 0; seed < kGraphs; ++seed) {
    Digraph g = graph_for_seed(seed);
    DominatorTree dom(g, 0);
    LoopForest forest(g, dom);
    auto brute = brute_dominance(g, 0);
    std::vector<GraphEdge> back;
    std::vector<GraphEdge> irreducible;
    for (NodeId u : dom.reverse_postorder()) {
      for (NodeId v : g.succs(u)) {
        if (brute[v][u]) {
          back.push_back({u, v});
        } else if (dom.rpo_index(v) <= dom.rpo_index(u)) {
          irreducible.push_back({u, v});
        }
      }
    }
    ASSERT_EQ(forest.back_edges(), back) << "seed " << seed;
    ASSERT_EQ(forest.irreducible_edges(), irreducible) << "seed " << seed;
    loops_seen += static_cast<int>(forest.loops().size());

    std::vector<std::uint32_t> containing(g.size(), 0);
    for (LoopId id = 0; id < forest.loops().size(); ++id) {
      const Loop& loop = forest.loop(id);
      std::vector<bool> avoid_header_to_latch(g.size(), false);
      for (NodeId n = 0; n < g.size(); ++n) {
        if (!dom.reachable(n)) continue;
        std::vector<bool> r = reach(g, n, loop.header);
        for (NodeId latch : loop.latches)
          avoid_header_to_latch[n] = avoid_header_to_latch[n] || r[latch];
        bool in_body = n == loop.header || avoid_header_to_latch[n];
        ASSERT_EQ(forest.contains(id, n), in_body) << "seed " << seed << " loop " << id;
        if (in_body) {
          ASSERT_TRUE(brute[loop.header][n]);
          ++containing[n];
          for (NodeId s : g.succs(n)) {
            bool listed = std::find(loop.exits.begin(), loop.exits.end(), GraphEdge{n, s}) !=
                          loop.exits.end();
            ASSERT_EQ(listed, !forest.contains(id, s)) << "seed " << seed;
          }
        }
      }
      if (loop.parent != kNoLoop) {
        ASSERT_EQ(loop.depth, forest.loop(loop.parent).depth + 1);
        for (NodeId n : loop.body) ASSERT_TRUE(forest.contains(loop.parent, n)) << "nesting";
      }
    }
    // Natural loops nest or are disjoint, so a node's depth counts the loops holding it.
    for (NodeId n = 0; n < g.size(); ++n) ASSERT_EQ(forest.loop_depth(n), containing[n]);
  }
  EXPECT_GT(loops_seen, 100);
}

// Repeat full passes in id order until nothing changes: slow but obviously right.
DataflowResult<BitSet> naive_gen_kill(const Digraph& g, const FlowSpec& spec, MeetKind meet,
                                      const BitSet& boundary, const std::vector<BitSet>& gen,
                                      const std::vector<BitSet>& kill) {
  BitSetLattice lattice(boundary.size(), meet);
  const bool forward = spec.direction == FlowDirection::kForward;
  DataflowResult<BitSet> r;
  r.in.assign(g.size(), lattice.top());
  r.out.assign(g.size(), lattice.top());
  auto& meet_side = forward ? r.in : r.out;
  auto& far_side = forward ? r.out : r.in;
  for (bool changed = true; changed;) {
    changed = false;
    for (NodeId n = 0; n < g.size(); ++n) {
      BitSet input = lattice.top();
      for (NodeId m : forward ? g.preds(n) : g.succs(n)) lattice.meet_into(input, far_side[m]);
      if (n == (forward ? spec.entry : spec.exit)) lattice.meet_into(input, boundary);
      BitSet output = input;
      output.subtract(kill[n]);
      output.union_with(gen[n]);
      changed = changed || input != meet_side[n] || output != far_side[n];
      meet_side[n] = input;
      far_side[n] = output;
    }
  }
  return r;
}

BitSet random_bits(std::mt19937& rng, std::size_t bits) {
  BitSet set(bits);
  for (std::size_t i = 0; i < bits; ++i) {
    if (rng() % 100 < 30) set.set(i);
  }
  return set;
}

TEST(DataflowRandom, WorklistMatchesNaiveSolver) {
  constexpr std::size_t kBits = 70;  // two words, so word boundaries are exercised
  for (int seed = 0; seed < kGraphs; ++seed) {
    Digraph g = graph_for_seed(seed);
    std::mt19937 rng(static_cast<std::uint32_t>(seed) + 1000);
    std::vector<BitSet> gen;
    std::vector<BitSet> kill;
    for (NodeId n = 0; n < g.size(); ++n) {
      gen.push_back(random_bits(rng, kBits));
      kill.push_back(random_bits(rng, kBits));
    }
    BitSet boundary = random_bits(rng, kBits);
    for (auto direction : {FlowDirection::kForward, FlowDirection::kBackward}) {
      for (auto meet : {MeetKind::kUnion, MeetKind::kIntersection}) {
        FlowSpec spec{direction, 0, static_cast<NodeId>(g.size() - 1)};
        auto fast = solve_gen_kill(g, spec, meet, boundary, gen, kill);
        auto slow = naive_gen_kill(g, spec, meet, boundary, gen, kill);
        ASSERT_EQ(fast.in, slow.in) << "seed " << seed;
        ASSERT_EQ(fast.out, slow.out) << "seed " << seed;
        auto again = solve_gen_kill(g, spec, meet, boundary, gen, kill);
        ASSERT_EQ(again.sweeps, fast.sweeps);
        ASSERT_EQ(again.visits, fast.visits);
        ASSERT_GE(fast.visits, g.size());
      }
    }
  }
}

}  // namespace
}  // namespace warpsim::ptx
