// Replacement (seed 003 §2.4 step 3): the ways + 1 lines of one overflowed set, chased alone for
// many passes. Under LRU every access misses, a process periodic in the number of lines; any
// other policy gives an aperiodic miss sequence, and replaying it names each miss's victim.

#include <algorithm>

#include "probe/cache_probe.h"

namespace warpsim::probe {
namespace {

// Passes of the replayed chase: about 400 victims at 1-2 misses a pass give each way's share
// to within a few hundredths (binomial sigma of a 1/2 share over 400: 0.025).
constexpr std::uint64_t kReplayPasses = 400;
constexpr std::uint64_t kMinPasses = 3;
constexpr std::size_t kSettlePasses = 2;  // passes left out of the periodicity check

}  // namespace

bool periodic(const std::vector<bool>& misses, std::size_t period, std::size_t from) {
  for (std::size_t i = from; i + period < misses.size(); ++i) {
    if (misses[i] != misses[i + period]) return false;
  }
  return true;
}

std::vector<double> replay_victims(const std::vector<std::size_t>& line_of_load,
                                   const std::vector<bool>& miss, std::size_t ways,
                                   bool& anchored) {
  std::vector<std::size_t> missed;
  for (std::size_t r = 0; r < miss.size(); ++r) {
    if (miss[r]) missed.push_back(line_of_load[r]);
  }
  // Anchored: the first ways + 1 loads missed (the lines filled an empty set, then the last one
  // evicted one of them), and so did a load of the next pass (the evicted line). Lines of other
  // chases still in the set would have absorbed that eviction.
  anchored = miss.size() > 2 * ways + 1;
  for (std::size_t r = 0; r <= ways && anchored; ++r) anchored = miss[r];
  anchored = anchored && std::any_of(miss.begin() + static_cast<std::ptrdiff_t>(ways + 1),
                                     miss.begin() + static_cast<std::ptrdiff_t>(2 * ways + 2),
                                     [](bool m) { return m; });
  constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);  // resident in an unnamed way
  constexpr std::size_t kOut = static_cast<std::size_t>(-2);
  std::vector<std::size_t> way_of(ways + 1, kUnknown);
  std::size_t named = 0;
  std::size_t i = 0;
  if (anchored) {
    for (; i < ways; ++i) way_of[missed[i]] = named++;
    way_of[missed[i]] = kOut;  // about to miss and take its victim's way
  }
  std::vector<double> victims(ways, 0);
  double total = 0;
  for (; i + 1 < missed.size(); ++i) {
    const std::size_t line = missed[i];
    const std::size_t victim = missed[i + 1];
    if (line >= way_of.size() || victim >= way_of.size() || victim == line) continue;
    if (way_of[victim] == kUnknown && named < ways) way_of[victim] = named++;
    if (way_of[victim] >= ways) continue;  // not the one-line-out state the replay assumes
    victims[way_of[victim]] += 1;
    total += 1;
    way_of[line] = way_of[victim];
    way_of[victim] = kOut;
  }
  if (total == 0) return {};
  for (double& v : victims) v /= total;
  return victims;
}

ReplacementFinding probe_replacement(CacheProbe& p, const std::vector<std::uint64_t>& set) {
  ReplacementFinding f;
  f.policy = "unknown";
  if (set.size() < 2) {
    f.note = "no overflowed set to test the replacement policy on";
    return f;
  }
  const std::size_t n = set.size();
  const std::uint64_t passes =
      std::max(kMinPasses, std::min<std::uint64_t>(kReplayPasses, p.max_records / n));
  std::vector<std::uint64_t> order;
  order.reserve(n);
  for (std::uint64_t line : set) order.push_back(line * p.line / 4);
  // From the chase's first load: the set's ways are numbered in the order its lines fill them.
  const ChaseTrace trace = p.run.trace(order, 0, passes * n);
  const std::vector<bool> misses = slow_flags(trace, p.above);
  if (std::none_of(misses.begin() + static_cast<std::ptrdiff_t>(kSettlePasses * n), misses.end(),
                   [](bool m) { return m; })) {
    f.note = "the lines that missed at C + b did not conflict when chased alone";
    return f;
  }
  if (periodic(misses, n, kSettlePasses * n)) {
    f.policy = "lru";
    return f;
  }
  f.policy = "non-lru";
  std::vector<std::size_t> line_of_load(misses.size());
  for (std::size_t r = 0; r < misses.size(); ++r) line_of_load[r] = r % n;
  bool anchored = false;
  f.victim_share = replay_victims(line_of_load, misses, n - 1, anchored);
  if (!anchored) {
    f.note = "ways numbered arbitrarily: the set was not empty when its replay started";
  }
  return f;
}

}  // namespace warpsim::probe
