#include "probe/infer_cache.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "probe/cache_probe.h"

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kBaselineBytes = 256;
// CacheSearch::hit_bytes: one load per 128 bytes, two recorded passes after a warm one.
constexpr std::uint64_t kSpreadHitStride = 128;
constexpr std::uint64_t kSpreadHitPasses = 2;
constexpr std::size_t kSpreadHitOutliers = 200;
// The size search reads every 32nd byte: no GPU cache of the seeds has lines or sectors
// smaller than 32 B, and a smaller line only makes the search slower (infer_line re-checks).
constexpr std::uint64_t kCoarseStride = 32;
constexpr std::uint64_t kFirstSize = 1024;
constexpr std::uint64_t kLineRegionBytes = 4096;
constexpr std::uint32_t kMinLineMisses = 4;
constexpr double kLineAgreement = 0.95;
constexpr std::uint32_t kFirstStepPasses = 24;
constexpr std::uint32_t kNonLruPasses = 24;
// Warm passes of a stage-2 step where the policy may be random: enough that lines of earlier
// chases left in a set are gone before recording (LRU needs one).
constexpr std::uint32_t kNonLruWarmPasses = 16;
constexpr std::uint64_t kMaxSteps = 4096;
constexpr std::uint32_t kRefineLimit = 64;   // largest group minimal_conflict checks line by line
constexpr std::uint32_t kCountedPasses = 3;  // count mode's stage 2

struct SizeBounds {
  std::uint64_t fits = 0;       // every access hits
  std::uint64_t overflows = 0;  // some access misses
};

void measure_hits(CacheProbe& p, std::uint64_t hit_bytes) {
  if (hit_bytes == 0) {
    const std::vector<std::uint64_t> order = stride_words(kBaselineBytes, 4);
    p.hit = main_level(p.run.trace(order, 2 * order.size(), 2 * order.size()).latency);
  } else {
    const std::vector<std::uint64_t> order = stride_words(hit_bytes, kSpreadHitStride);
    p.hit = level_without_outliers(
        p.run.trace(order, order.size(), kSpreadHitPasses * order.size()).latency,
        kSpreadHitOutliers);
  }
  p.above = threshold_above(p.hit);
}

// Misses in one pass over `bytes` at `stride`, after two warm passes: the first reads every
// line at least once (a sequential prefetcher then hides the cold misses, but may fetch lines
// past the array's end), the second evicts whatever else the first left in the cache.
std::uint64_t pass_misses(CacheProbe& p, std::uint64_t bytes, std::uint64_t stride) {
  const std::vector<std::uint64_t> order = stride_words(bytes, stride);
  if (order.size() > p.max_records) {
    return p.run.count_slow(order, 2 * order.size(), order.size(), p.above);
  }
  const ChaseTrace trace = p.run.trace(order, 2 * order.size(), order.size());
  return static_cast<std::uint64_t>(
      std::count_if(trace.latency.begin(), trace.latency.end(),
                    [&](std::uint32_t latency) { return latency > p.above; }));
}

std::optional<SizeBounds> double_until_miss(CacheProbe& p, std::uint64_t max_bytes) {
  SizeBounds bounds;
  for (std::uint64_t n = std::min(kFirstSize, max_bytes);; n = std::min(2 * n, max_bytes)) {
    if (pass_misses(p, n, kCoarseStride) > 0) {
      bounds.overflows = n;
      return bounds;
    }
    bounds.fits = n;
    if (n == max_bytes) return std::nullopt;
  }
}

// The largest power of two dividing (nearly) all missed offsets of a region read at a 4-byte
// stride: each line misses at its first word and hits at the rest.
std::uint32_t line_from_misses(const std::vector<std::uint64_t>& offsets, std::uint64_t region) {
  if (offsets.size() < kMinLineMisses) return 0;
  for (std::uint64_t candidate = region / 2; candidate >= 4; candidate /= 2) {
    const auto aligned = std::count_if(offsets.begin(), offsets.end(),
                                       [&](std::uint64_t o) { return o % candidate == 0; });
    if (static_cast<double>(aligned) >= kLineAgreement * static_cast<double>(offsets.size())) {
      return static_cast<std::uint32_t>(candidate);
    }
  }
  return 4;
}

// Line size (§2.4 rule "line size from run length"): an array of twice the first overflowing
// size, its first `region` bytes read word by word and the rest at the coarse stride, so every
// pass evicts the region while costing few loads; the second pass's region is recorded.
std::uint32_t infer_line(CacheProbe& p, std::uint64_t overflow_bytes) {
  const std::uint64_t region = std::min<std::uint64_t>(
      kLineRegionBytes, std::bit_floor(std::max<std::uint64_t>(p.max_records, 64)) * 4);
  const std::uint64_t total = std::max(2 * overflow_bytes, 2 * region);
  std::vector<std::uint64_t> order = stride_words(region, 4);
  for (std::uint64_t offset = region; offset < total; offset += kCoarseStride) {
    order.push_back(offset / 4);
  }
  const ChaseTrace trace = p.run.trace(order, order.size(), region / 4);
  std::vector<std::uint64_t> missed;
  for (std::size_t r = 0; r < trace.latency.size(); ++r) {
    if (trace.latency[r] <= p.above) continue;
    missed.push_back(recorded_word(order, order.size(), r) * 4);
    p.miss_latency.push_back(trace.latency[r]);
  }
  return line_from_misses(missed, region);
}

// Caches come in sizes of few binary digits (768 KB, 1.5 MB, 40 MB, 50 MB). While the bound that
// fits has at most this many one bits (counted in lines), the search also tries one line more,
// which ends it at once when that bound is the size: 3-7 passes over a big L2 instead of 15-20.
// When one line more fits too, the bound stays where it is, so that the next midpoints are
// round sizes again.
constexpr int kRoundSizeBits = 3;

std::uint64_t bisect_size(CacheProbe& p, SizeBounds bounds) {
  const std::uint64_t b = p.line;
  std::uint64_t lo = bounds.fits / b * b;
  std::uint64_t hi = (bounds.overflows + b - 1) / b * b;
  if (lo > 0 && b < kCoarseStride && pass_misses(p, lo, b) > 0) lo = 0;
  auto try_next_line = [&] {
    if (lo == 0 || hi - lo <= b || std::popcount(lo / b) > kRoundSizeBits) return;
    if (pass_misses(p, lo + b, b) > 0) hi = lo + b;
  };
  try_next_line();
  while (hi - lo > b) {
    const std::uint64_t mid = lo + (hi - lo) / b / 2 * b;
    if (pass_misses(p, mid, b) > 0) {
      hi = mid;
    } else {
      lo = mid;
      try_next_line();
    }
  }
  return lo;
}

std::vector<std::uint32_t> collapse_equal(std::vector<std::uint32_t> ways) {
  if (!ways.empty() &&
      std::all_of(ways.begin(), ways.end(), [&](std::uint32_t w) { return w == ways.front(); })) {
    ways.resize(1);
  }
  return ways;
}

std::string append(std::string note, const std::string& more) {
  if (more.empty()) return note;
  return note.empty() ? more : note + "; " + more;
}

// Stage 2 with traces: the sets, their ways, the mapping and the replacement policy.
void trace_sets(CacheProbe& p, CacheGeometry& g) {
  SetStepper stepper(p);
  const std::uint64_t lines = p.size / p.line + 1;
  const auto first_passes = static_cast<std::uint32_t>(
      std::clamp<std::uint64_t>(p.max_records / lines, 1, kFirstStepPasses));
  const std::vector<std::uint64_t> first = stepper.step(kNonLruWarmPasses, first_passes);
  const ReplacementFinding replacement = probe_replacement(p, first);
  g.replacement = replacement.policy;
  g.victim_share = replacement.victim_share;
  g.note = append(g.note, replacement.note);
  const bool lru = replacement.policy == "lru";
  const std::uint32_t passes = lru ? 1 : std::min(kNonLruPasses, first_passes);
  const std::uint32_t warm = lru ? 1 : kNonLruWarmPasses;
  while (!stepper.done(lru) && stepper.steps() < kMaxSteps &&
         stepper.step_records(passes) <= p.max_records) {
    stepper.step(warm, passes);
  }
  std::vector<std::vector<std::uint64_t>> sets;
  for (std::vector<std::uint64_t> set : stepper.sets()) {
    if (!lru && set.size() <= kRefineLimit) set = minimal_conflict(p, set);
    if (set.size() >= 2) sets.push_back(std::move(set));
  }
  const SetMapping mapping = describe_mapping(sets, p.line);
  std::vector<std::uint32_t> ways;
  std::uint64_t lines_found = 0;
  for (std::size_t s : mapping.order) {
    ways.push_back(static_cast<std::uint32_t>(sets[s].size() - 1));
    lines_found += ways.back();
  }
  g.sets = static_cast<std::uint32_t>(ways.size());
  g.ways = collapse_equal(ways);
  g.set_mapping = mapping.text;
  if (lines_found * p.line < p.size) {
    g.note = append(g.note, "the sets found hold " + std::to_string(lines_found * p.line) + " of " +
                                std::to_string(p.size) + " bytes after " +
                                std::to_string(stepper.steps()) + " steps");
  } else if (lines_found * p.line > p.size) {
    g.note = append(g.note, "the sets hold " + std::to_string(lines_found * p.line) +
                                " bytes in all; unequal sets overflow before that");
  }
  if (stepper.stray_lines() > 0) {
    g.note = append(
        g.note, std::to_string(stepper.stray_lines()) + " lines started missing outside a new set");
  }
}

// Stage 2 by counting (caches too big to trace): C + b bytes at stride b, two warm passes, then
// the misses of each of kCountedPasses passes (a launch each, the later ones after a warm pass
// of their own). Under LRU the one overflowed set of a ways makes exactly a + 1 misses in every
// pass; a count that changes from pass to pass means another policy and unknown ways.
void count_sets(CacheProbe& p, CacheGeometry& g) {
  const std::vector<std::uint64_t> order = stride_words(p.size + p.line, p.line);
  const std::vector<std::uint64_t> misses = p.run.count_slow_windows(
      order, 2 * order.size(), order.size(), kCountedPasses, order.size(), p.above);
  g.note = append(g.note, "measured by counting (a traced pass needs more than " +
                              std::to_string(p.max_records) + " records)");
  std::string counts;
  for (std::uint64_t m : misses) counts += (counts.empty() ? "" : ", ") + std::to_string(m);
  const bool steady =
      misses.front() > 0 && std::all_of(misses.begin(), misses.end(),
                                        [&](std::uint64_t m) { return m == misses.front(); });
  if (!steady) {
    g.replacement = "non-lru";
    g.note = append(g.note, "misses per pass " + counts + ": ways and sets not resolved");
    return;
  }
  const std::uint64_t ways = misses.front() - 1;
  if (ways == 0 || p.size % (ways * p.line) != 0) {
    // More misses than one overflowed set explains: lines a prefetcher brought past the array's
    // end, or sets that do not split C evenly, overflowed others too.
    g.replacement = "unknown";
    g.note = append(g.note, "a steady " + std::to_string(misses.front()) +
                                " misses per pass, not the ways + 1 of one set of C: ways and "
                                "sets not resolved");
    return;
  }
  g.replacement = "lru";
  g.ways = {static_cast<std::uint32_t>(ways)};
  g.sets = static_cast<std::uint32_t>(p.size / (ways * p.line));
  g.set_mapping = probe_bit_mapping(p, g.ways.front(), g.sets);
  g.note = append(g.note, "sets = C / (ways * line), assuming equal sets");
}

}  // namespace

std::optional<CacheGeometry> infer_cache(const Chaser& chase, const CacheSearch& search) {
  if (search.max_bytes < kBaselineBytes || search.max_records < 64) {
    throw std::invalid_argument("infer_cache needs max_bytes >= 256 and max_records >= 64");
  }
  ChaseRunner run(chase, search.path);
  CacheProbe p(run);
  p.max_records = search.max_records;
  measure_hits(p, search.hit_bytes);
  const std::optional<SizeBounds> bounds = double_until_miss(p, search.max_bytes);
  if (!bounds) return std::nullopt;
  CacheGeometry g;
  g.hit_latency = p.hit.median;
  p.line = infer_line(p, bounds->overflows);
  g.miss_latency = main_level(p.miss_latency).median;
  if (p.line == 0) {
    g.size_bytes = bounds->fits;
    g.replacement = "unknown";
    g.note = search.name + ": too few misses to read the line size; size is a power-of-two bound";
    return g;
  }
  p.size = bisect_size(p, *bounds);
  g.size_bytes = p.size;
  g.array_address = p.run.last_array();
  g.line_bytes = p.line;
  if (p.size == 0) {
    g.note = search.name + ": even " + std::to_string(p.line) + " bytes miss";
    return g;
  }
  if (p.max_records >= 2 * (p.size / p.line + 16)) {
    trace_sets(p, g);
  } else {
    count_sets(p, g);
  }
  if (!g.note.empty()) g.note = search.name + ": " + g.note;
  return g;
}

}  // namespace warpsim::probe
