#include "probe/infer_tlb.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "probe/chase_runner.h"
#include "probe/latency_levels.h"
#include "probe/page_orders.h"

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kMinPage = 4096;
constexpr std::uint64_t kSectorBytes = 32;
constexpr std::uint64_t kWarmPasses = 4;  // one visit per 32-byte sector of a 128-byte region
constexpr std::uint64_t kPasses = 2;
constexpr std::uint64_t kPhasePasses = 3;  // one warm, two measured
constexpr std::uint64_t kFirstPhases = 12;
constexpr std::uint64_t kMaxPhases = 48;
constexpr int kAttempts = 6;
// The hit level: every 128-byte line of the first 64 KB read twice after a warm pass. 64 KB is
// 16 pages of the smallest candidate size, within any L1 TLB seed 003 or the presets describe,
// and spans enough L2 slices that the spread of real hardware's L2 hit latencies with the
// address (near and far partitions: 247 to 328 cycles on an H100 and an H200) is in it.
constexpr std::uint64_t kHitBytes = 64 * 1024;
constexpr std::uint64_t kHitLine = 128;
constexpr std::uint64_t kHitPasses = 2;
// The hit level leaves out the slowest of its samples, one in this many.
constexpr std::size_t kHitOutliers = 200;

struct TlbProbe {
  explicit TlbProbe(ChaseRunner& runner) : run(runner) {}

  ChaseRunner& run;
  std::uint64_t max_bytes = 0;
  double min_slow_share = 0;
  LatencyLevel hit;
  std::uint32_t above_hit = 0;
};

std::vector<std::uint32_t> page_run(TlbProbe& t, std::uint64_t stride, std::uint64_t pages) {
  std::vector<std::uint64_t> order;
  append_page_passes(order, PageSpread{.stride = stride}, pages, 0, kWarmPasses + kPasses);
  return t.run.trace(order, kWarmPasses * pages, kPasses * pages).latency;
}

// The level of loads that hit both TLB levels (kHitBytes): every sample but the slowest one in
// kHitOutliers.
LatencyLevel hit_level(TlbProbe& t) {
  const std::vector<std::uint64_t> order = uniform_order(kHitBytes, kHitLine);
  return level_without_outliers(t.run.trace(order, order.size(), kHitPasses * order.size()).latency,
                                kHitOutliers);
}

std::vector<std::uint32_t> above(const std::vector<std::uint32_t>& latencies,
                                 std::uint32_t threshold) {
  std::vector<std::uint32_t> slow;
  for (std::uint32_t l : latencies) {
    if (l > threshold) slow.push_back(l);
  }
  return slow;
}

// Whether a run's slow loads are more than stray ones: at least two, and at least
// min_slow_share of its loads (TlbSearch).
bool slow_run(const TlbProbe& t, const std::vector<std::uint32_t>& latencies,
              std::uint32_t threshold) {
  const std::size_t slow = above(latencies, threshold).size();
  return slow >= 2 && static_cast<double>(slow) >= t.min_slow_share * latencies.size();
}

// The smallest page count in [start, limit] whose run is slow (slow_run; doubling, then
// bisection); 0 when none is.
std::uint64_t first_slow_count(TlbProbe& t, std::uint64_t stride, std::uint64_t start,
                               std::uint64_t limit, std::uint32_t threshold) {
  if (start > limit) return 0;
  std::uint64_t fast = start - 1;
  std::uint64_t slow = 0;
  for (std::uint64_t n = start;; n = std::min(2 * n, limit)) {
    if (slow_run(t, page_run(t, stride, n), threshold)) {
      slow = n;
      break;
    }
    fast = n;
    if (n == limit) return 0;
  }
  while (slow - fast > 1) {
    const std::uint64_t mid = fast + (slow - fast) / 2;
    (slow_run(t, page_run(t, stride, mid), threshold) ? slow : fast) = mid;
  }
  return slow;
}

// The page size: the stride halved until entries + 1 loads no longer miss the L1 TLB.
std::uint64_t find_page(TlbProbe& t, std::uint64_t largest, std::uint64_t entries) {
  for (std::uint64_t stride = largest / 2; stride >= kMinPage; stride /= 2) {
    if (!slow_run(t, page_run(t, stride, entries + 1), t.above_hit)) return 2 * stride;
  }
  return kMinPage;
}

struct Phases {
  std::vector<std::vector<std::uint64_t>> sets;  // pages, in the order the sets overflowed
  std::vector<std::uint32_t> walks;              // latencies of the loads that missed
  bool first_clean = true;                       // the first phase had no miss
  bool complete = false;                         // the last phase missed on every page
  bool lru = true;                               // each missing page missed in both passes
};

// One phase's misses: pages whose load in either measured pass was slower than `threshold`.
std::vector<bool> phase_misses(const std::vector<std::uint32_t>& latency, std::size_t at,
                               std::uint64_t pages, std::uint32_t threshold, Phases& out) {
  std::vector<bool> missed(pages, false);
  for (std::uint64_t i = 0; i < pages; ++i) {
    const std::uint32_t first = latency[at + pages + i];
    const std::uint32_t second = latency[at + 2 * pages + i];
    for (std::uint32_t l : {first, second}) {
      if (l > threshold) out.walks.push_back(l);
    }
    missed[i] = first > threshold || second > threshold;
    if ((first > threshold) != (second > threshold)) out.lru = false;
  }
  return missed;
}

// Phases of n = low, low + 1, ... pages, one chase: kPhasePasses passes each, after warming
// every page's region. A phase's new misses beyond the last phase's are the set it overflowed.
Phases run_phases(TlbProbe& t, std::uint64_t page, std::uint64_t low, std::uint64_t phases,
                  std::uint32_t threshold) {
  const std::uint64_t high = low + phases - 1;
  // Warm passes: one visit per 32-byte sector of each page's region, so that no phase meets a
  // sector it has not read (a cold sector is a data miss, as slow as a page walk).
  std::uint64_t region = region_for_visits(kWarmPasses + kPhasePasses * phases);
  while (region_for_visits(region / kSectorBytes + kPhasePasses * phases) > region) region *= 2;
  const std::uint64_t warm_passes = region / kSectorBytes;
  const PageSpread spread{.stride = page, .region_bytes = region};
  std::vector<std::uint64_t> order;
  append_page_passes(order, spread, high, 0, warm_passes);
  for (std::uint64_t k = 0; k < phases; ++k) {
    append_page_passes(order, spread, low + k, warm_passes + kPhasePasses * k, kPhasePasses);
  }
  const std::uint64_t warm = warm_passes * high;
  const std::vector<std::uint32_t> latency = t.run.trace(order, warm, order.size() - warm).latency;
  Phases out;
  std::vector<bool> before;
  std::size_t at = 0;
  for (std::uint64_t k = 0; k < phases; ++k) {
    const std::uint64_t n = low + k;
    const std::vector<bool> now = phase_misses(latency, at, n, threshold, out);
    at += kPhasePasses * n;
    if (k == 0) out.first_clean = std::none_of(now.begin(), now.end(), [](bool m) { return m; });
    std::vector<std::uint64_t> fresh;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (now[i] && (i >= before.size() || !before[i])) fresh.push_back(i);
    }
    if (fresh.size() >= 2 && fresh.back() == n - 1) out.sets.push_back(fresh);
    out.complete = std::all_of(now.begin(), now.end(), [](bool m) { return m; });
    before = now;
  }
  return out;
}

std::vector<std::uint32_t> collapse_equal(std::vector<std::uint32_t> ways) {
  if (!ways.empty() &&
      std::all_of(ways.begin(), ways.end(), [&](std::uint32_t w) { return w == ways.front(); })) {
    ways.resize(1);
  }
  return ways;
}

// The L2 TLB from phases starting just below its capacity `capacity` (pages without a miss in
// a separate chase, which may have sat elsewhere in memory: the first phase must be clean).
TlbLevel second_level(TlbProbe& t, std::uint64_t page, std::uint64_t l1_entries,
                      std::uint64_t capacity, const LatencyLevel& l1_miss) {
  const std::uint64_t limit = t.max_bytes / page;
  std::uint64_t low = std::max(l1_entries + 1, capacity - std::min<std::uint64_t>(capacity, 2));
  std::uint64_t phases = kFirstPhases;
  Phases found;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    phases = std::min(phases, limit + 1 - low);
    found = run_phases(t, page, low, phases, threshold_above(l1_miss));
    if (!found.first_clean && low > l1_entries + 1) {
      low = std::max(l1_entries + 1, low - std::min<std::uint64_t>(low, 4));
    } else if (!found.complete && phases < kMaxPhases && low + phases <= limit) {
      phases *= 2;
    } else {
      break;
    }
  }
  TlbLevel level;
  level.level = 2;
  level.page_bytes = page;
  for (const auto& set : found.sets) {
    level.ways.push_back(static_cast<std::uint32_t>(set.size() - 1));
    level.entries += level.ways.back();
  }
  level.sets = static_cast<std::uint32_t>(level.ways.size());
  level.ways = collapse_equal(level.ways);
  level.replacement = found.lru ? "lru" : "non-lru";
  level.miss_penalty = main_level(found.walks).median - l1_miss.median;
  level.note = "sets in the order they overflowed; " + std::to_string(capacity) +
               " pages fit without a miss";
  if (!found.first_clean) level.note += "; misses from the first phase on";
  if (!found.complete) level.note += "; not every set overflowed within the phases run";
  return level;
}

}  // namespace

std::vector<TlbLevel> infer_tlbs(const Chaser& chase, const TlbSearch& search) {
  const std::uint64_t largest = search.max_page_bytes;
  if (largest < kMinPage || !std::has_single_bit(largest) || search.max_bytes / largest < 4) {
    throw std::invalid_argument(
        "infer_tlbs needs max_page_bytes a power of two >= 4 KB and max_bytes >= 4 pages of it");
  }
  ChaseRunner run(chase, search.path);
  TlbProbe t(run);
  t.max_bytes = search.max_bytes;
  t.min_slow_share = search.min_slow_share;
  t.hit = hit_level(t);
  t.above_hit = threshold_above(t.hit);
  const std::uint64_t first_miss =
      first_slow_count(t, largest, 3, search.max_bytes / largest, t.above_hit);
  if (first_miss == 0) return {};
  const std::uint64_t entries = first_miss - 1;
  const std::uint64_t page = find_page(t, largest, entries);
  // The L1-miss level at a one-page stride: at the larger stride the pages may crowd into a few
  // L2 TLB sets and overflow them too.
  const std::vector<std::uint32_t> l1_run = page_run(t, page, first_miss);
  const std::vector<std::uint32_t> misses = above(l1_run, t.above_hit);
  const LatencyLevel l1_miss = main_level(misses);
  std::vector<TlbLevel> levels;
  levels.push_back(
      TlbLevel{.level = 1,
               .entries = static_cast<std::uint32_t>(entries),
               .page_bytes = page,
               .sets = 1,
               .ways = {static_cast<std::uint32_t>(entries)},
               .replacement = misses.size() == l1_run.size() ? "lru" : "non-lru",
               .miss_penalty = l1_miss.median - t.hit.median,
               .note = "entries = pages before the first miss (read as fully associative)"});
  const std::uint64_t second_miss =
      first_slow_count(t, page, first_miss, search.max_bytes / page, threshold_above(l1_miss));
  if (second_miss == 0) return levels;
  levels.push_back(second_level(t, page, entries, second_miss - 1, l1_miss));
  return levels;
}

}  // namespace warpsim::probe
