// Random traffic through the generic cache: the same sequence gives the same results, every
// accepted request is answered exactly once, and the counters add up (each miss sends one
// fetch, each write-back one request, each forward one request).

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;

struct Totals {
  std::uint64_t fetches = 0;
  std::uint64_t writebacks = 0;
  std::uint64_t forwards = 0;
  std::uint64_t answered = 0;
  std::uint64_t served_at_once = 0;  // kHit
  std::uint64_t completed_later = 0;
};

class RandomTraffic {
 public:
  RandomTraffic(const std::string& config, std::uint64_t seed) : h_(config, 7), rng_(seed) {}

  // Runs `steps` random actions, then answers everything; returns a log of every result.
  std::string run(int steps) {
    for (int i = 0; i < steps; ++i) step();
    for (int round = 0; round < 1000 && !h_.cache().idle(); ++round) {
      send_all();
      while (!in_flight_.empty()) answer(0);
    }
    EXPECT_TRUE(h_.cache().idle());
    return log_;
  }

  const Totals& totals() const { return totals_; }
  const std::set<std::uint64_t>& waiting() const { return waiting_; }
  const CacheHarness& harness() const { return h_; }

 private:
  void step() {
    const std::uint64_t action = rng_() % 100;
    if (action < 60) {
      access();
    } else if (action < 75) {
      send(rng_() % 4);
    } else if (action < 99) {
      if (!in_flight_.empty()) answer(rng_() % in_flight_.size());
    } else {
      h_.cache().invalidate_all();
      log_ += "flush ";
    }
  }

  void access() {
    const std::uint64_t k = rng_() % 20;
    const MemKind kind = k < 12   ? MemKind::kRead
                         : k < 17 ? MemKind::kWrite
                         : k < 19 ? MemKind::kAtomic
                                  : MemKind::kInstFetch;
    const Addr addr = (rng_() % 48) * 128;
    const auto sectors = static_cast<SectorMask>(1 + rng_() % 15);
    const std::uint64_t tag = next_tag_++;
    const CacheResult r = h_.access(kind, addr, sectors, tag);
    log_ += std::to_string(static_cast<int>(r.outcome)) +
            std::to_string(static_cast<int>(r.cause)) + (r.sector_miss ? "s " : " ");
    if (r.outcome == CacheOutcome::kHit) ++totals_.served_at_once;
    if (r.outcome == CacheOutcome::kMiss || r.outcome == CacheOutcome::kHitReserved) {
      waiting_.insert(tag);
    }
  }

  void send(std::uint64_t n) {
    for (; n > 0 && h_.cache().has_outgoing(); --n) send_one();
  }
  void send_all() {
    while (h_.cache().has_outgoing()) send_one();
  }
  void send_one() {
    const MemRequest r = h_.cache().outgoing();
    h_.cache().pop_outgoing();
    log_ += "out:" + std::to_string(r.addr) + "/" + std::to_string(r.sectors) + "/" +
            std::to_string(r.tag) + " ";
    if ((r.tag & kFetchTagBit) == 0) {
      ++totals_.forwards;
    } else if (r.writeback) {
      ++totals_.writebacks;
    } else {
      ++totals_.fetches;
      in_flight_.push_back(r);
    }
  }

  void answer(std::size_t i) {
    const MemRequest fetch = in_flight_[i];
    in_flight_.erase(in_flight_.begin() + static_cast<std::ptrdiff_t>(i));
    ++totals_.answered;
    for (std::uint64_t tag : h_.answer(fetch)) {
      EXPECT_EQ(waiting_.erase(tag), 1u) << "tag " << tag << " completed twice or never waited";
      ++totals_.completed_later;
      log_ += "done:" + std::to_string(tag) + " ";
    }
  }

  CacheHarness h_;
  std::mt19937_64 rng_;
  std::vector<MemRequest> in_flight_;
  std::set<std::uint64_t> waiting_;
  std::uint64_t next_tag_ = 1;
  Totals totals_;
  std::string log_;
};

const char* const kConfigs[] = {
    "{size: 2KiB, sector: 32, ways: 4, mshrs: 4, mshr_merge: 2, miss_queue: 4, "
    "write_allocate: write_validate, replacement: random}",
    "{size: 2KiB, sector: 32, ways: 4, mshrs: 6, mshr_merge: 3, miss_queue: 3, "
    "write_allocate: fetch_on_write, allocate: on_fill}",
    "{size: 2KiB, sector: 32, ways: 2, mshrs: 8, miss_queue: 4, write_policy: write_through, "
    "write_allocate: lazy_fetch_on_read, allocate: streaming}",
    "{size: 1536, ways: 4, set_ways: [4, 2, 4, 2], mshrs: 3, mshr_merge: 4, miss_queue: 2, "
    "write_policy: write_evict, replacement: fifo}",
    "{size: 2KiB, ways: 2, mshrs: 4, mshr_merge: 2, miss_queue: 2, "
    "write_allocate: lazy_fetch_on_read, replacement: random}",
};

TEST(CacheRandomTest, SameSequenceGivesTheSameResults) {
  for (const char* config : kConfigs) {
    SCOPED_TRACE(config);
    RandomTraffic a(config, 42);
    RandomTraffic b(config, 42);
    RandomTraffic other(config, 43);
    const std::string log = a.run(20000);
    EXPECT_EQ(log, b.run(20000));
    EXPECT_NE(log, other.run(20000));  // the log does depend on the traffic
  }
}

TEST(CacheRandomTest, EveryRequestIsAnsweredOnceAndCountersAddUp) {
  for (const char* config : kConfigs) {
    SCOPED_TRACE(config);
    RandomTraffic t(config, 5);
    t.run(20000);
    const CacheHarness& h = t.harness();
    const Totals& n = t.totals();
    EXPECT_TRUE(t.waiting().empty());
    EXPECT_EQ(h.stat("misses"), n.fetches);
    EXPECT_EQ(h.stat("fills"), n.answered);
    EXPECT_EQ(h.stat("writebacks"), n.writebacks);
    EXPECT_EQ(h.stat("forwarded"), n.forwards);
    EXPECT_EQ(h.stat("hits"), n.served_at_once);
    EXPECT_EQ(h.stat("misses") + h.stat("hit_reserved"), n.completed_later);
    EXPECT_EQ(h.stat("accesses"),
              h.stat("hits") + h.stat("hit_reserved") + h.stat("misses") + h.stat("forwarded"));
    EXPECT_EQ(h.stat("accesses"), h.stat("reads") + h.stat("writes") + h.stat("atomics"));
    EXPECT_LE(h.stat("sector_misses"), h.stat("misses"));
    EXPECT_LE(h.stat("bypassed"), h.stat("forwarded"));
    // The traffic is meant to provoke failures; make sure it did.
    EXPECT_GT(h.stat("reservation_fail_no_mshr") + h.stat("reservation_fail_mshr_merge") +
                  h.stat("reservation_fail_miss_queue") + h.stat("reservation_fail_no_line"),
              0u);
    EXPECT_GT(h.stat("hits"), 0u);
  }
}

}  // namespace
}  // namespace warpsim
