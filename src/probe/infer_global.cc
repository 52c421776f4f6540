#include "probe/infer_global.h"

#include <algorithm>
#include <stdexcept>

#include "probe/chase_runner.h"
#include "probe/latency_levels.h"
#include "probe/page_orders.h"

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kDefaultPage = 2ull << 20;  // seed 003: every GPU it measured
constexpr std::uint64_t kHitBytes = 256;
constexpr std::uint64_t kWarmPasses = 4;
constexpr std::uint64_t kPasses = 4;
constexpr std::uint64_t kColdLine = 128;
// Successive never-read lines sit this many lines apart (mod the band), far enough that no
// sequential prefetcher has fetched one before it is read.
constexpr std::uint64_t kScatter = 1543;
constexpr std::uint64_t kColdLoads = 64;
constexpr std::uint64_t kWindowPairs = 32;

// Never-read lines live in bands of each page no other experiment reads: P4 in the second
// quarter, P5 in the third, P6 in the fourth (the TLB experiments use the first 64 KB).
enum class Band : std::uint64_t { kP4 = 1, kP5 = 2, kP6 = 3 };

std::uint64_t cold_offset(std::uint64_t page_bytes, std::uint64_t page, Band band,
                          std::uint64_t k) {
  const std::uint64_t band_bytes = page_bytes / 4;
  const std::uint64_t lines = std::max<std::uint64_t>(band_bytes / kColdLine, 1);
  return page * page_bytes + static_cast<std::uint64_t>(band) * band_bytes +
         (k * kScatter % lines) * kColdLine;
}

struct GlobalProbe {
  const Chaser& chase;
  LoadPath path;
  std::uint64_t page = kDefaultPage;
};

LatencyLevel hit_level(const Chaser& chase, LoadPath path) {
  ChaseRunner run(chase, path);
  const std::vector<std::uint64_t> order = stride_words(kHitBytes, 4);
  return main_level(run.trace(order, 2 * order.size(), 2 * order.size()).latency);
}

// Latencies of kPasses passes over `pages` pages with cached data, after kWarmPasses.
std::vector<std::uint32_t> cached_pages(GlobalProbe& g, std::uint64_t pages) {
  ChaseRunner run(g.chase, g.path);
  std::vector<std::uint64_t> order;
  append_page_passes(order, PageSpread{.stride = g.page}, pages, 0, kWarmPasses + kPasses);
  return run.trace(order, kWarmPasses * pages, kPasses * pages).latency;
}

// The level of the loads slower than `below`, or nullopt when there are none.
std::optional<LatencyLevel> level_above(const std::vector<std::uint32_t>& latencies,
                                        const LatencyLevel& below) {
  std::vector<std::uint32_t> slow;
  const std::uint32_t threshold = threshold_above(below);
  for (std::uint32_t l : latencies) {
    if (l > threshold) slow.push_back(l);
  }
  if (slow.empty()) return std::nullopt;
  return main_level(slow);
}

// P4: a few pages warmed (their translations stay in the L1 TLB), then never-read lines on them.
double dram_with_tlb_hit(GlobalProbe& g, std::uint64_t l1_entries) {
  const std::uint64_t pages = std::clamp<std::uint64_t>(l1_entries / 2, 1, 4);
  std::vector<std::uint64_t> order;
  for (std::uint64_t v = 0; v < kWarmPasses; ++v) {
    for (std::uint64_t p = 1; p <= pages; ++p) {
      order.push_back(page_visit_offset(PageSpread{.stride = g.page}, p, v) / 4);
    }
  }
  const std::uint64_t warm = order.size();
  for (std::uint64_t k = 0; k < kColdLoads; ++k) {
    order.push_back(cold_offset(g.page, 1 + k % pages, Band::kP4, k / pages) / 4);
  }
  ChaseRunner run(g.chase, g.path);
  return median_of(run.trace(order, warm, kColdLoads).latency);
}

// P5: one never-read line on each of `pages` never-read pages, the last page first.
double dram_with_walk(GlobalProbe& g, std::uint64_t pages) {
  std::vector<std::uint64_t> order;
  for (std::uint64_t p = pages; p-- > 0;) order.push_back(cold_offset(g.page, p, Band::kP5, p) / 4);
  ChaseRunner run(g.chase, g.path);
  return median_of(run.trace(order, 0, order.size()).latency);
}

// P6 candidate: pages `first + j` and `first + jump + j` alternately, never read before.
double dram_with_far_walks(GlobalProbe& g, std::uint64_t first, std::uint64_t jump) {
  std::vector<std::uint64_t> order;
  for (std::uint64_t j = 0; j < kWindowPairs; ++j) {
    for (std::uint64_t p : {first + j, first + jump + j}) {
      order.push_back(cold_offset(g.page, p, Band::kP6, j) / 4);
    }
  }
  ChaseRunner run(g.chase, g.path);
  return median_of(run.trace(order, 0, order.size()).latency);
}

std::string which_cache(const Chaser& chase, LoadPath path, const LatencyLevel& p1) {
  if (path == LoadPath::kGlobalCg) return "l2";
  if (path == LoadPath::kTexture || path == LoadPath::kReadOnly) return "l1";
  const LatencyLevel l2 = hit_level(chase, LoadPath::kGlobalCg);
  return l2.median - p1.median > level_gap(p1.median) ? "l1" : "l2";
}

}  // namespace

GlobalLatency infer_global_latency(const Chaser& chase, const std::vector<TlbLevel>& tlbs,
                                   LoadPath path, std::uint64_t max_bytes) {
  GlobalProbe g{.chase = chase, .path = path};
  if (!tlbs.empty() && tlbs.front().page_bytes > 0) g.page = tlbs.front().page_bytes;
  const std::uint64_t pages = max_bytes / g.page;
  if (pages < 8) throw std::invalid_argument("infer_global_latency needs max_bytes >= 8 pages");
  GlobalLatency out;
  const LatencyLevel p1 = hit_level(chase, path);
  out.p1 = p1.median;
  out.data_cache = which_cache(chase, path, p1);
  const std::uint64_t l1_entries = tlbs.empty() ? 0 : tlbs[0].entries;
  out.p4 = dram_with_tlb_hit(g, l1_entries);
  if (tlbs.empty()) return out;
  std::optional<LatencyLevel> p2;
  if (l1_entries + 1 <= pages) p2 = level_above(cached_pages(g, l1_entries + 1), p1);
  if (p2) out.p2 = p2->median;
  if (p2 && tlbs.size() > 1 && tlbs[1].entries + 1 <= pages) {
    const std::optional<LatencyLevel> p3 = level_above(cached_pages(g, tlbs[1].entries + 1), *p2);
    if (p3) out.p3 = p3->median;
  }
  std::uint64_t all_entries = 0;
  for (const TlbLevel& level : tlbs) all_entries += level.entries;
  const std::uint64_t walked = std::min(pages, 2 * all_entries + 32);
  out.p5 = dram_with_walk(g, walked);
  // P6 pages start past those whose translations the P5 chase ended with.
  const std::uint64_t first = std::min(walked, all_entries + kWindowPairs / 2);
  if (pages > first + 3 * kWindowPairs) {
    const double far = dram_with_far_walks(g, first, pages - first - kWindowPairs);
    if (far - *out.p5 > level_gap(*out.p5)) out.p6 = far;
  }
  return out;
}

}  // namespace warpsim::probe
