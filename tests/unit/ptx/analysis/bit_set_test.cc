#include "ptx/analysis/bit_set.h"

#include <sstream>
#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace warpsim::ptx {
namespace {

using ::testing::ElementsAre;

TEST(DataflowBitSet, SetTestResetCount) {
  BitSet s(130);
  EXPECT_EQ(s.size(), 130u);
  EXPECT_TRUE(s.none());
  s.set(0);
  s.set(63);
  s.set(64);
  s.set(129);
  EXPECT_TRUE(s.test(63));
  EXPECT_TRUE(s.test(64));
  EXPECT_FALSE(s.test(65));
  EXPECT_EQ(s.count(), 4u);
  s.reset(63);
  EXPECT_THAT(s.members(), ElementsAre(0, 64, 129));
  EXPECT_EQ(s.to_string(), "{0, 64, 129}");
  std::ostringstream os;
  os << BitSet::of(3, {2});
  EXPECT_EQ(os.str(), "{2}");
}

TEST(DataflowBitSet, FullSetKeepsPaddingClear) {
  // 70 bits: the second word holds 6; the other 58 must stay zero for count and ==.
  BitSet full = BitSet::full(70);
  EXPECT_EQ(full.count(), 70u);
  BitSet manual(70);
  for (std::size_t i = 0; i < 70; ++i) manual.set(i);
  EXPECT_EQ(full, manual);
  manual.clear();
  manual.set_all();
  EXPECT_EQ(full, manual);
  EXPECT_EQ(BitSet::full(64).count(), 64u);
  EXPECT_EQ(BitSet::full(0).count(), 0u);
}

TEST(DataflowBitSet, SetOperationsReportChange) {
  BitSet a = BitSet::of(100, {1, 70, 99});
  BitSet b = BitSet::of(100, {70, 80});
  BitSet u = a;
  EXPECT_TRUE(u.union_with(b));
  EXPECT_THAT(u.members(), ElementsAre(1, 70, 80, 99));
  EXPECT_FALSE(u.union_with(b));

  BitSet i = a;
  EXPECT_TRUE(i.intersect_with(b));
  EXPECT_THAT(i.members(), ElementsAre(70));
  EXPECT_FALSE(i.intersect_with(b));

  BitSet d = a;
  EXPECT_TRUE(d.subtract(b));
  EXPECT_THAT(d.members(), ElementsAre(1, 99));
  EXPECT_FALSE(d.subtract(b));

  EXPECT_TRUE(i.is_subset_of(a));
  EXPECT_FALSE(a.is_subset_of(b));
  EXPECT_NE(a, b);
}

TEST(DataflowBitSet, FindNextWalksAcrossWords) {
  BitSet s = BitSet::of(200, {5, 64, 191});
  EXPECT_EQ(s.find_next(0), 5u);
  EXPECT_EQ(s.find_next(5), 5u);
  EXPECT_EQ(s.find_next(6), 64u);
  EXPECT_EQ(s.find_next(65), 191u);
  EXPECT_EQ(s.find_next(192), 200u);
  EXPECT_EQ(s.find_next(1000), 200u);
  EXPECT_EQ(BitSet().find_next(0), 0u);
}

TEST(DataflowBitSet, RejectsBadIndicesAndSizes) {
  BitSet s(10);
  EXPECT_THROW(s.set(10), std::out_of_range);
  EXPECT_THROW((void)s.test(11), std::out_of_range);
  EXPECT_THROW(s.union_with(BitSet(11)), std::invalid_argument);
  EXPECT_THROW(s.intersect_with(BitSet(9)), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::ptx
