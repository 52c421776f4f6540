// The access-range analysis of Reorder (seed 002, digest §2.8), on the paper's Fig. 9 example,
// and the variable split it leads to on a kernel shaped like it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "passes/access_range.h"
#include "passes/shared_reorder.h"
#include "ptx/parser.h"
#include "ptx/verifier.h"

namespace warpsim::passes {
namespace {

using ptx::BitSet;

// Fig. 9: Entry(0) -> BB1 -> BB2 -> BB3 -> {BB2, BB4}; BB4 -> BB5 -> BB6 -> Exit(7).
// A (bit 0) is defined in BB1 and last used in BB4; B (bit 1) is defined in BB2; C (bit 2) is
// defined in BB5 and used in BB6.
struct Fig9 {
  ptx::Digraph graph{8};
  std::vector<BitSet> access{8, BitSet(3)};
  Fig9() {
    for (auto [from, to] : std::vector<std::pair<int, int>>{
             {0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}) {
      graph.add_edge(from, to);
    }
    access[1].set(0);
    access[4].set(0);
    access[2].set(1);
    access[5].set(2);
    access[6].set(2);
  }
};

TEST(AccessRange, ReproducesTheFig9TableBitByBit) {
  const Fig9 fig;
  const AccessFlow flow = solve_access_flow(fig.graph, 0, 7, fig.access);
  const BitSet a = BitSet::of(3, {0}), b = BitSet::of(3, {1}), c = BitSet::of(3, {2});
  const BitSet ab = BitSet::of(3, {0, 1}), bc = BitSet::of(3, {1, 2}), ca = BitSet::of(3, {0, 2});
  // Rows Entry, BB1..BB6, Exit; columns IN A B C | OUT A B C | IN AB BC CA | OUT AB BC CA.
  const std::vector<std::string> table = {
      "fff fff fff fff",  // Entry
      "fff tff fff tft",  // BB1
      "ttf ttf ttt ttt",  // BB2
      "ttf ttf ttt ttt",  // BB3
      "tff fff ttt ftt",  // BB4
      "fff fft ftt ftt",  // BB5
      "fft fff ftt fff",  // BB6
      "fff fff fff fff",  // Exit
  };
  const auto bits = [&](ptx::NodeId n, bool in, const std::vector<BitSet>& sets) {
    std::string s;
    for (const BitSet& set : sets)
      s += (in ? acc_in(flow, n, set) : acc_out(flow, n, set)) ? 't' : 'f';
    return s;
  };
  for (ptx::NodeId n = 0; n < 8; ++n) {
    const std::string row = bits(n, true, {a, b, c}) + " " + bits(n, false, {a, b, c}) + " " +
                            bits(n, true, {ab, bc, ca}) + " " + bits(n, false, {ab, bc, ca});
    EXPECT_EQ(row, table[n]) << "node " << n;
  }
}

// The kernel of Fig. 9 with three equal 64-byte arrays. With t = 0.34 one array stays private
// and two are shared: {A, B} has the smallest range, so C moves to the front.
constexpr const char* kFig9Kernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.shared .align 4 .b8 A[64];
	.shared .align 4 .b8 B[64];
	.shared .align 4 .b8 C[64];
	ld.param.u32 %r1, [n];
	st.shared.u32 [A], %r1;
$L2:
	st.shared.u32 [B], %r1;
	add.s32 %r1, %r1, -1;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra $L2;
	ld.shared.u32 %r2, [A];
	st.shared.u32 [C], %r2;
	ld.shared.u32 %r3, [C];
	ret;
}
)";

TEST(AccessRange, ReorderSharesTheSmallestRangeOfTheFig9Kernel) {
  ptx::Module module = ptx::parse_ptx(kFig9Kernel, "fig9.ptx");
  const ReorderResult r = reorder_shared_vars(module, 0, 0.34, 4.0);
  ptx::verify(module);
  EXPECT_TRUE(r.changed);
  ASSERT_EQ(r.order.size(), 3u);
  EXPECT_EQ(r.order[0], "C");
  EXPECT_LT(r.range_after, r.range_before);
  EXPECT_EQ(module.functions[0].vars[0].name, "C");  // declared first now
  // References follow their variables.
  const ptx::Instruction& first_store = module.functions[0].insts[1];
  EXPECT_EQ(module.functions[0].vars[first_store.operands[0].symbol.index].name, "A");
}

TEST(AccessRange, ReorderKeepsTheDeclaredOrderWhenNothingIsBetter) {
  ptx::Module module = ptx::parse_ptx(kFig9Kernel, "fig9.ptx");
  // t = 0: everything is shared whatever the order.
  const ReorderResult r = reorder_shared_vars(module, 0, 0.0, 4.0);
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(r.range_after, r.range_before);
  EXPECT_EQ(module.functions[0].vars[0].name, "A");
}

}  // namespace
}  // namespace warpsim::passes
