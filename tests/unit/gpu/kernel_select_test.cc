// Which running kernel an SM's next CTA comes from (gpu/kernel_select/): the default launch
// order and seed 000's concurrent dispatch (refill_same), on hand-made kernels.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/kernel_select.h"
#include "sim/registry.h"
#include "sm/kernel_run.h"

namespace warpsim {
namespace {

std::unique_ptr<KernelSelect> make(const std::string& name, std::uint32_t sms) {
  return PolicyRegistry::global().create<KernelSelect>(ConfigNode::scalar(name), {.sms = sms});
}

// Kernels A, B, C launched in that order, each with 10 CTAs.
struct Three {
  KernelRun a, b, c;
  std::vector<KernelRun*> running;
  Three() {
    for (KernelRun* k : {&a, &b, &c}) {
      k->order = running.size();
      k->ctas = 10;
      running.push_back(k);
    }
  }
};

std::vector<std::uint32_t> order_of(KernelSelect& p, std::uint32_t sm, const Three& t) {
  std::vector<std::uint32_t> out;
  p.order(sm, t.running, out);
  return out;
}

using Order = std::vector<std::uint32_t>;

TEST(KernelSelect, OldestTakesLaunchOrder) {
  Three t;
  auto p = make("oldest", 2);
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));
  p->on_assign(0, t.c);
  p->on_retire(0, t.b);
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));
}

// While an SM fills, its CTAs come from the kernels in turn, each SM keeping its own turn.
TEST(KernelSelect, RefillSameTakesKernelsInTurnWhileFilling) {
  Three t;
  auto p = make("refill_same", 2);
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));  // asking again changes nothing
  p->on_assign(0, t.a);
  EXPECT_EQ(order_of(*p, 0, t), (Order{1, 2, 0}));
  p->on_assign(0, t.b);
  EXPECT_EQ(order_of(*p, 0, t), (Order{2, 0, 1}));
  EXPECT_EQ(order_of(*p, 1, t), (Order{0, 1, 2}));  // SM 1 has its own turn
  p->on_assign(0, t.c);
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));
}

// A freed place goes to the kernel whose CTA left it, places in the order they were freed;
// when that kernel has no CTA left, the kernels in turn.
TEST(KernelSelect, RefillSameGivesAFreedPlaceToItsKernel) {
  Three t;
  auto p = make("refill_same", 1);
  p->on_assign(0, t.a);  // in turn next: B, C, A
  p->on_retire(0, t.c);
  p->on_retire(0, t.a);
  EXPECT_EQ(order_of(*p, 0, t), (Order{2, 1, 0}));  // C's place first
  p->on_assign(0, t.c);                             // fills C's place; in turn next: A, B, C
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));  // A's place: A first
  t.a.next_cta = t.a.ctas;                          // A has dispatched every CTA
  EXPECT_EQ(order_of(*p, 0, t), (Order{0, 1, 2}));  // in turn after C: A, B, C
  p->on_assign(0, t.b);                             // another kernel fills A's place
  p->on_retire(0, t.b);
  EXPECT_EQ(order_of(*p, 0, t), (Order{1, 2, 0}));  // B's place: B first, then C, A
}

// A freed place of a kernel that has ended (no longer running) imposes nothing.
TEST(KernelSelect, RefillSameForgetsEndedKernels) {
  Three t;
  auto p = make("refill_same", 1);
  p->on_retire(0, t.a);
  std::vector<KernelRun*> later = {&t.b, &t.c};
  std::vector<std::uint32_t> out;
  p->order(0, later, out);
  EXPECT_EQ(out, (Order{0, 1}));
}

}  // namespace
}  // namespace warpsim
