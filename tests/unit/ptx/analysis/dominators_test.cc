#include "ptx/analysis/dominators.h"

#include <stdexcept>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis_test_util.h"

namespace warpsim::ptx {
namespace {

using analysis_test::make_graph;
using ::testing::ElementsAre;

std::vector<NodeId> idoms(const DominatorTree& dom) {
  std::vector<NodeId> out;
  for (NodeId n = 0; n < dom.size(); ++n) out.push_back(dom.immediate_dominator(n));
  return out;
}

TEST(DomTree, StraightLine) {
  // 0 -> 1 -> 2 -> 3: each block is dominated by all earlier ones.
  Digraph g = make_graph(4, {{0, 1}, {1, 2}, {2, 3}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 1, 2));
  EXPECT_THAT(dom.reverse_postorder(), ElementsAre(0, 1, 2, 3));
  EXPECT_TRUE(dom.dominates(0, 3));
  EXPECT_TRUE(dom.dominates(2, 2));
  EXPECT_FALSE(dom.strictly_dominates(2, 2));
  EXPECT_FALSE(dom.dominates(3, 0));
  EXPECT_EQ(dom.depth(3), 3u);
  EXPECT_THAT(dom.children(1), ElementsAre(2));
  EXPECT_TRUE(dom.children(3).empty());
  // One sweep computes everything, a second confirms nothing changes.
  EXPECT_EQ(dom.passes(), 2u);
}

TEST(DomTree, DiamondJoinIsDominatedByTheBranchNotItsFirstPredecessor) {
  //     0
  //    / \      DFS 0,1,3 then 2: postorder 3,1,2,0, RPO 0,2,1,3.
  //   1   2     3's first predecessor is 1, but 3 is reachable through 2 avoiding 1,
  //    \ /      so idom(3) = 0.
  //     3
  Digraph g = make_graph(4, {{0, 1}, {0, 2}, {1, 3}, {2, 3}});
  DominatorTree dom(g, 0);
  ASSERT_EQ(g.preds(3).front(), 1u);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 0, 0));
  EXPECT_THAT(dom.reverse_postorder(), ElementsAre(0, 2, 1, 3));
  EXPECT_THAT(dom.children(0), ElementsAre(2, 1, 3));  // in RPO
  EXPECT_FALSE(dom.dominates(1, 3));
  EXPECT_FALSE(dom.dominates(2, 3));
  EXPECT_EQ(dom.nearest_common_dominator(1, 2), 0u);
  EXPECT_EQ(dom.nearest_common_dominator(3, 3), 3u);
  EXPECT_EQ(dom.rpo_index(1), 2u);
}

TEST(DomTree, BackEdgeListedAsFirstPredecessor) {
  // 0 -> {1, 2} -> 3 -> 4 -> 3 (loop), with 4->3 added first, so preds(3) = [4, 1, 2]. A
  // naive "idom = first predecessor" would answer 4, which 3 dominates; the answer is 0,
  // since 3 is entered from both 1 and 2.
  Digraph g = make_graph(5, {{4, 3}, {0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}});
  ASSERT_THAT(g.preds(3), ElementsAre(4, 1, 2));
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 0, 0, 3));
  EXPECT_TRUE(dom.dominates(3, 4));
  EXPECT_FALSE(dom.dominates(4, 3));
}

TEST(DomTree, NestedLoops) {
  // 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> {2, 4}; 4 -> {1, 5}.
  // Back edges 3->2 and 4->1 never change a dominator: the tree is the chain 0..5.
  Digraph g = make_graph(6, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 1}, {4, 5}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 1, 2, 3, 4));
  EXPECT_TRUE(dom.dominates(1, 5));
  EXPECT_TRUE(dom.dominates(2, 4));
  EXPECT_EQ(dom.nearest_common_dominator(5, 3), 3u);
  EXPECT_EQ(dom.passes(), 2u);
}

TEST(DomTree, ReducibleGraphWithLoopsConvergesAfterTheConfirmingSweep) {
  // A reducible graph whose first sweep meets unprocessed predecessors (back edges listed
  // first) and joins whose idom is not a predecessor, so the while-changed loop of
  // Cooper-Harvey-Kennedy runs more than once:
  //   0 -> 1; 1 -> {2, 3}; 2 -> 4; 3 -> 4; 4 -> {1, 5}; 5 -> {5, 6}; 6 -> {1, 7}
  // Edges into loop headers are added first: preds(1) = [6, 4, 0], preds(5) = [5, 4].
  // DFS: 0,1,2,4,5,6,7 then 3; postorder 7,6,5,4,2,3,1,0; RPO 0,1,3,2,4,5,6,7.
  // idom: 1<-0, 2<-1, 3<-1, 4<-1 (join of 2 and 3), 5<-4, 6<-5, 7<-6.
  // In a reducible graph every retreating edge is a back edge whose source the target
  // dominates, so the first sweep is already exact and the second confirms it: passes 2.
  Digraph g = make_graph(
      8, {{6, 1}, {4, 1}, {5, 5}, {0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}, {5, 6}, {6, 7}});
  ASSERT_THAT(g.preds(1), ElementsAre(6, 4, 0));
  DominatorTree dom(g, 0);
  EXPECT_THAT(dom.reverse_postorder(), ElementsAre(0, 1, 3, 2, 4, 5, 6, 7));
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 1, 1, 1, 4, 5, 6));
  EXPECT_THAT(dom.children(1), ElementsAre(3, 2, 4));
  EXPECT_EQ(dom.passes(), 2u);
}

TEST(DomTree, IrreducibleGraphNeedsASecondChangingSweep) {
  // 0 -> {1, 3}; 1 -> 2; 2 -> 3; 3 -> 2. The cycle {2, 3} is entered at 2 (from 1) and at 3
  // (from 0). DFS: 0,1,2,3; RPO 0,1,2,3.
  // Sweep 1: idom(1)=0; idom(2)=1 (its other predecessor 3 is unprocessed);
  //          idom(3)=intersect(0, 2)=0.
  // Sweep 2: idom(2)=intersect(1, 3)=0: changed. Sweep 3: no change. passes = 3.
  Digraph g = make_graph(4, {{0, 1}, {0, 3}, {1, 2}, {2, 3}, {3, 2}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 0, 0));
  EXPECT_EQ(dom.passes(), 3u);
  EXPECT_FALSE(dom.dominates(1, 2));
  EXPECT_FALSE(dom.dominates(2, 3));
  EXPECT_FALSE(dom.dominates(3, 2));
}

TEST(DomTree, TwoEntryCycle) {
  // entry 0 -> {1, 2}; 1 <-> 2; 2 -> 3. Neither cycle node dominates the other; 3 is
  // entered only from 2.
  Digraph g = make_graph(4, {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 0, 2));
  EXPECT_FALSE(dom.dominates(1, 2));
  EXPECT_FALSE(dom.dominates(2, 1));
}

TEST(DomTree, UnreachableNodesAreOutsideTheTree) {
  // 0 -> 1; 2 -> 1 and 2 -> 3 but nothing reaches 2 or 3. 1's predecessor 2 is ignored.
  Digraph g = make_graph(4, {{0, 1}, {2, 1}, {2, 3}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, kNoNode, kNoNode));
  EXPECT_THAT(dom.reverse_postorder(), ElementsAre(0, 1));
  EXPECT_TRUE(dom.reachable(1));
  EXPECT_FALSE(dom.reachable(2));
  EXPECT_FALSE(dom.dominates(0, 2));
  EXPECT_FALSE(dom.dominates(2, 2));
  EXPECT_FALSE(dom.dominates(2, 1));
  EXPECT_EQ(dom.nearest_common_dominator(1, 3), kNoNode);
  EXPECT_EQ(dom.rpo_index(3), kNotInOrder);
  EXPECT_TRUE(dom.children(2).empty());
}

TEST(DomTree, SelfLoops) {
  // 0 -> 0 (the entry loops on itself) -> 1 -> 1 -> 2.
  Digraph g = make_graph(3, {{0, 0}, {0, 1}, {1, 1}, {1, 2}});
  DominatorTree dom(g, 0);
  EXPECT_THAT(idoms(dom), ElementsAre(kNoNode, 0, 1));
  EXPECT_TRUE(dom.dominates(1, 1));
  EXPECT_TRUE(dom.dominates(0, 2));
}

TEST(DomTree, SingleNodeAndNonZeroRoot) {
  DominatorTree single(Digraph(1), 0);
  EXPECT_EQ(single.immediate_dominator(0), kNoNode);
  EXPECT_EQ(single.passes(), 1u);
  // Root 2 of 2 -> 0 -> 1; node 0 is not special.
  Digraph g = make_graph(3, {{2, 0}, {0, 1}});
  DominatorTree dom(g, 2);
  EXPECT_THAT(idoms(dom), ElementsAre(2, 0, kNoNode));
  EXPECT_EQ(dom.root(), 2u);
}

TEST(DomTree, RejectsOutOfRangeNodes) {
  Digraph g = make_graph(2, {{0, 1}});
  EXPECT_THROW((void)DominatorTree(g, 2), std::out_of_range);
  EXPECT_THROW((void)DominatorTree(Digraph(), 0), std::out_of_range);
  DominatorTree dom(g, 0);
  EXPECT_THROW((void)dom.immediate_dominator(5), std::out_of_range);
  EXPECT_THROW((void)dom.dominates(0, 9), std::out_of_range);
}

}  // namespace
}  // namespace warpsim::ptx
