#include <stdexcept>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis_test_util.h"
#include "ptx/analysis/dominators.h"

namespace warpsim::ptx {
namespace {

using analysis_test::make_graph;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<NodeId> ipdoms(const PostDominatorTree& pdom) {
  std::vector<NodeId> out;
  for (NodeId n = 0; n < pdom.tree().size(); ++n) out.push_back(pdom.immediate_post_dominator(n));
  return out;
}

TEST(PostDomTree, StraightLine) {
  Digraph g = make_graph(4, {{0, 1}, {1, 2}, {2, 3}});
  PostDominatorTree pdom(g, 0, 3);
  EXPECT_THAT(ipdoms(pdom), ElementsAre(1, 2, 3, kNoNode));
  EXPECT_THAT(pdom.virtual_exit_edges(), IsEmpty());
  EXPECT_TRUE(pdom.post_dominates(3, 0));
  EXPECT_FALSE(pdom.post_dominates(0, 3));
  EXPECT_EQ(pdom.exit(), 3u);
}

TEST(PostDomTree, DiamondReconvergesAtTheJoin) {
  // 0 -> {1, 2} -> 3 -> 4 (exit). A warp diverging at 0 reconverges at 3.
  Digraph g = make_graph(5, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}});
  PostDominatorTree pdom(g, 0, 4);
  EXPECT_THAT(ipdoms(pdom), ElementsAre(3, 3, 3, 4, kNoNode));
  EXPECT_TRUE(pdom.post_dominates(3, 0));
  EXPECT_FALSE(pdom.post_dominates(1, 0));
  EXPECT_EQ(pdom.nearest_common_post_dominator(1, 2), 3u);
  // Children in the reverse postorder of the reversed graph from 4: 4, 3, 2, 1, 0.
  EXPECT_THAT(pdom.children(3), ElementsAre(2, 1, 0));
}

TEST(PostDomTree, MultipleReturnsJoinAtTheVirtualExit) {
  // 0 -> {1, 2}; 1: ret; 2 -> {3, 4}; 3 -> 5; 4 -> 5; 5: ret. Every ret jumps to the
  // virtual exit 6. The branch at 0 reconverges only at 6; the one at 2 at 5.
  Digraph g = make_graph(7, {{0, 1}, {0, 2}, {1, 6}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 6}});
  PostDominatorTree pdom(g, 0, 6);
  EXPECT_THAT(ipdoms(pdom), ElementsAre(6, 6, 5, 5, 5, 6, kNoNode));
  EXPECT_THAT(pdom.virtual_exit_edges(), IsEmpty());
}

TEST(PostDomTree, LoopWithBreakAndContinue) {
  // while (c) { if (x) return; if (y) continue; body; }   exit = 7
  //   0 -> 1; 1 -> {2, 6}; 2 -> {7, 3}; 3 -> {1, 4}; 4 -> 5; 5 -> 1; 6 -> 7
  // A `continue` branch at 3 reconverges at the header 1; 4 and 5 run in lockstep to 1.
  Digraph g = make_graph(
      8, {{0, 1}, {1, 2}, {1, 6}, {2, 7}, {2, 3}, {3, 1}, {3, 4}, {4, 5}, {5, 1}, {6, 7}});
  PostDominatorTree pdom(g, 0, 7);
  EXPECT_THAT(ipdoms(pdom), ElementsAre(1, 7, 7, 1, 5, 1, 7, kNoNode));
  EXPECT_TRUE(pdom.post_dominates(1, 4));
  EXPECT_FALSE(pdom.post_dominates(6, 1));
}

TEST(PostDomTree, InfiniteLoopGetsAVirtualEdgeFromItsLatch) {
  // if (t < k) { while (true) { if (a) B; else C; } } return;
  //   0 -> {1, 5}; 1 -> {2, 3}; 2 -> 4; 3 -> 4; 4 -> 1; exit 5.
  // DFS 0,1,2,4 then 3 then 5: postorder 4,2,3,1,5,0; RPO 0,5,1,3,2,4. {1,2,3,4} cannot
  // reach 5 and form one sink component; its member latest in RPO is the latch 4, so the
  // rule adds 4 -> 5. The branch at 1 then reconverges at 4, inside the loop, where the
  // threads really meet again.
  Digraph g = make_graph(6, {{0, 1}, {0, 5}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 1}});
  PostDominatorTree pdom(g, 0, 5);
  EXPECT_THAT(pdom.virtual_exit_edges(), ElementsAre(GraphEdge{4, 5}));
  EXPECT_THAT(ipdoms(pdom), ElementsAre(5, 4, 4, 4, 5, kNoNode));
  EXPECT_TRUE(pdom.reaches_exit(0));
  EXPECT_FALSE(pdom.reaches_exit(1));
  EXPECT_FALSE(pdom.reaches_exit(4));
  EXPECT_TRUE(pdom.reaches_exit(5));
}

TEST(PostDomTree, OnlySinkComponentsGetVirtualEdges) {
  // 0 -> {1, 6}; loop A: 1 <-> 2; 2 -> 3; loop B: 3 -> 4 -> 5 -> 3. exit 6.
  // DFS 0,1,2,3,4,5 then 6: RPO 0,6,1,2,3,4,5. Nodes 1..5 cannot reach 6; components
  // {1,2} and {3,4,5}; only {3,4,5} is a sink, and 5 is its latest member: edge 5 -> 6.
  // Loop A leaves through 3, so ipdom(2) = 3.
  Digraph g = make_graph(7, {{0, 1}, {0, 6}, {1, 2}, {2, 1}, {2, 3}, {3, 4}, {4, 5}, {5, 3}});
  PostDominatorTree pdom(g, 0, 6);
  EXPECT_THAT(pdom.virtual_exit_edges(), ElementsAre(GraphEdge{5, 6}));
  EXPECT_THAT(ipdoms(pdom), ElementsAre(6, 2, 3, 4, 5, 6, kNoNode));
}

TEST(PostDomTree, TwoSinkLoopsGetOneEdgeEachInRpoOrder) {
  // 0 -> {1, 3, 5}; 1 <-> 2; 3 <-> 4; exit 5.
  // DFS 0,1,2 then 3,4 then 5: RPO 0,5,3,4,1,2. Sink components {1,2} and {3,4}; latest
  // members 2 and 4; listed by RPO index: 4 (index 3) before 2 (index 5).
  Digraph g = make_graph(6, {{0, 1}, {0, 3}, {0, 5}, {1, 2}, {2, 1}, {3, 4}, {4, 3}});
  PostDominatorTree pdom(g, 0, 5);
  EXPECT_THAT(pdom.virtual_exit_edges(), ElementsAre(GraphEdge{4, 5}, GraphEdge{2, 5}));
  EXPECT_THAT(ipdoms(pdom), ElementsAre(5, 2, 5, 4, 5, kNoNode));
}

TEST(PostDomTree, ExitUnreachableFromEntry) {
  // The whole kernel spins: 0 -> 1 <-> 2, and exit 3 has no predecessors. 0 is a
  // component of its own but not a sink; {1,2}'s latest member is 2: edge 2 -> 3.
  Digraph g = make_graph(4, {{0, 1}, {1, 2}, {2, 1}});
  PostDominatorTree pdom(g, 0, 3);
  EXPECT_THAT(pdom.virtual_exit_edges(), ElementsAre(GraphEdge{2, 3}));
  EXPECT_THAT(ipdoms(pdom), ElementsAre(1, 2, 3, kNoNode));
  EXPECT_TRUE(pdom.in_scope(3));
}

TEST(PostDomTree, SelfLoops) {
  // 0 -> {1, 2}; 1 -> 1 forever; 2 -> 2 or on to exit 3.
  Digraph g = make_graph(4, {{0, 1}, {0, 2}, {1, 1}, {2, 2}, {2, 3}});
  PostDominatorTree pdom(g, 0, 3);
  EXPECT_THAT(pdom.virtual_exit_edges(), ElementsAre(GraphEdge{1, 3}));
  EXPECT_THAT(ipdoms(pdom), ElementsAre(3, 3, 3, kNoNode));
}

TEST(PostDomTree, UnreachableCodeIsOutOfScope) {
  // 0 -> 1 -> 3 (exit); dead block 2 -> 3 and a dead spinning block 4 -> 4 change nothing
  // and get no virtual edge.
  Digraph g = make_graph(5, {{0, 1}, {1, 3}, {2, 3}, {4, 4}});
  PostDominatorTree pdom(g, 0, 3);
  EXPECT_THAT(ipdoms(pdom), ElementsAre(1, 3, kNoNode, kNoNode, kNoNode));
  EXPECT_THAT(pdom.virtual_exit_edges(), IsEmpty());
  EXPECT_FALSE(pdom.in_scope(2));
  EXPECT_FALSE(pdom.post_dominates(3, 2));
  EXPECT_FALSE(pdom.reaches_exit(2));
}

TEST(PostDomTree, RejectsOutOfRangeNodes) {
  Digraph g = make_graph(2, {{0, 1}});
  EXPECT_THROW((void)PostDominatorTree(g, 0, 2), std::out_of_range);
  EXPECT_THROW((void)PostDominatorTree(g, 5, 1), std::out_of_range);
  PostDominatorTree pdom(g, 0, 1);
  EXPECT_THROW((void)pdom.immediate_post_dominator(3), std::out_of_range);
}

}  // namespace
}  // namespace warpsim::ptx
