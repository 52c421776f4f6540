// The generic cache's default plug-ins: linear set indexing, no insertion policy, no bypass,
// and the issue-order request prioritizer.

#include <cstdint>
#include <memory>
#include <stdexcept>

#include <gtest/gtest.h>

#include "cache/bypass/bypass_policy.h"
#include "cache/insertion/insertion_policy.h"
#include "cache/prioritization/request_prioritizer.h"
#include "cache/set_index/set_index.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

template <typename Interface>
std::unique_ptr<Interface> make(const char* impl, const typename Interface::Context& context) {
  return PolicyRegistry::global().create<Interface>(ConfigNode::scalar(impl), context);
}

TEST(CacheDefaultPluginsTest, LinearSetIndexIsLineAddressModuloSets) {
  const auto pow2 = make<SetIndexFunction>("linear", {.sets = 64, .line = 128});
  EXPECT_EQ(pow2->set_of(0), 0u);
  EXPECT_EQ(pow2->set_of(127), 0u);
  EXPECT_EQ(pow2->set_of(128), 1u);
  EXPECT_EQ(pow2->set_of(64 * 128), 0u);
  EXPECT_EQ(pow2->set_of(65 * 128 + 5), 1u);
  EXPECT_EQ(pow2->set_of(0x1'0000'0000ULL + 3 * 128), 3u);  // 2^32 / 128 is a multiple of 64

  const auto odd = make<SetIndexFunction>("linear", {.sets = 48, .line = 32});
  EXPECT_EQ(odd->set_of(47 * 32), 47u);
  EXPECT_EQ(odd->set_of(48 * 32), 0u);
  EXPECT_EQ(odd->set_of(100 * 32), 4u);  // 100 mod 48
  // 2^40 / 32 = 2^35; 2^35 mod 48 = 32 (2^35 = 16 * 2^31 and 2^31 mod 3 = 2).
  EXPECT_EQ(odd->set_of(Addr{1} << 40), 32u);

  const auto one = make<SetIndexFunction>("linear", {.sets = 1, .line = 64});
  EXPECT_EQ(one->set_of(0xdead'beefULL), 0u);
}

TEST(CacheDefaultPluginsTest, NoneNeverDemotesAndNeverNeverBypasses) {
  const auto none = make<InsertionPolicy>("none", {.sets = 4, .ways = 4, .seed = 1});
  const auto never = make<BypassPolicy>("never", {.sets = 4, .ways = 4, .line = 128, .seed = 1});
  const AccessInfo write{.addr = 0x80, .is_write = true};
  EXPECT_FALSE(none->insert_as_victim(0, 0, write));
  EXPECT_FALSE(never->bypass(write, BypassPolicy::When::kBeforeLookup));
  EXPECT_FALSE(never->bypass(write, BypassPolicy::When::kOnLineStall));
}

TEST(CacheDefaultPluginsTest, FifoPrioritizerKeepsIssueOrderWithinItsCapacity) {
  const auto fifo = make<RequestPrioritizer>("fifo", {.capacity = 2, .warps = 48});
  EXPECT_TRUE(fifo->empty());
  EXPECT_EQ(fifo->front(0), nullptr);
  EXPECT_TRUE(fifo->offer(MemRequest{.tag = 1}, 0));
  EXPECT_TRUE(fifo->offer(MemRequest{.tag = 2}, 0));
  EXPECT_FALSE(fifo->can_accept());
  EXPECT_FALSE(fifo->offer(MemRequest{.tag = 3}, 0));  // full: refused, nothing changes
  EXPECT_EQ(fifo->front(1)->tag, 1u);
  fifo->on_refused(1);  // a refused request stays at the front
  EXPECT_EQ(fifo->front(2)->tag, 1u);
  fifo->pop(2);
  EXPECT_TRUE(fifo->offer(MemRequest{.tag = 3}, 2));  // wraps around the ring
  EXPECT_EQ(fifo->front(3)->tag, 2u);
  fifo->pop(3);
  EXPECT_EQ(fifo->front(4)->tag, 3u);
  fifo->pop(4);
  EXPECT_TRUE(fifo->empty());
  EXPECT_THROW(fifo->pop(5), std::logic_error);
  EXPECT_THROW(make<RequestPrioritizer>("fifo", {.capacity = 0, .warps = 48}),
               std::invalid_argument);
}

}  // namespace
}  // namespace warpsim
