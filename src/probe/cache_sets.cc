// Stage 2 of seed 003's cache inference (§2.4): arrays of C + k*b bytes at stride b. A set whose
// lines outnumber its ways misses on every pass, whatever the policy; one that fits never
// misses. So the lines that start missing when one more line is added are the members of the
// set that line overflowed, and the set-index function never has to be guessed.

#include <algorithm>
#include <numeric>

#include "probe/cache_probe.h"

namespace warpsim::probe {
namespace {

// Warm passes before a conflict check: enough for a random policy to evict whatever lines of
// earlier chases still sit in the set ((5/6)^64 < 1e-5 for a way picked one time in six).
constexpr std::uint32_t kConflictWarmPasses = 64;
constexpr std::uint32_t kConflictPasses = 4;

std::vector<std::uint64_t> line_words(const std::vector<std::uint64_t>& lines,
                                      std::uint32_t line_bytes) {
  std::vector<std::uint64_t> words;
  words.reserve(lines.size());
  for (std::uint64_t line : lines) words.push_back(line * line_bytes / 4);
  return words;
}

// Whether `lines`, chased alone, miss after warming up: more of them share a set than it has
// ways (every pass then misses at least once, under any policy).
bool conflicts(CacheProbe& p, const std::vector<std::uint64_t>& lines) {
  if (lines.size() < 2) return false;
  const std::vector<std::uint64_t> order = line_words(lines, p.line);
  const ChaseTrace trace =
      p.run.trace(order, kConflictWarmPasses * order.size(), kConflictPasses * order.size());
  return std::any_of(trace.latency.begin(), trace.latency.end(),
                     [&](std::uint32_t latency) { return latency > p.above; });
}

}  // namespace

std::vector<std::uint64_t> SetStepper::step(std::uint32_t warm, std::uint32_t passes) {
  ++steps_;
  const std::uint64_t lines = probe_.size / probe_.line + steps_;
  const std::vector<std::uint64_t> order = stride_words(lines * probe_.line, probe_.line);
  const ChaseTrace trace =
      probe_.run.trace(order, std::uint64_t{warm} * lines, std::uint64_t{passes} * lines);
  std::vector<bool> now(lines, false);
  for (std::size_t r = 0; r < trace.latency.size(); ++r) {
    if (trace.latency[r] > probe_.above) {
      now[recorded_word(order, std::uint64_t{warm} * lines, r) * 4 / probe_.line] = true;
    }
  }
  missed_.resize(lines, false);
  std::vector<std::uint64_t> fresh;
  for (std::uint64_t line = 0; line < lines; ++line) {
    if (now[line] && !missed_[line]) fresh.push_back(line);
    missed_[line] = missed_[line] || now[line];
  }
  all_missed_ = std::all_of(now.begin(), now.end(), [](bool m) { return m; });
  const bool has_newest = !fresh.empty() && fresh.back() == lines - 1;
  if (fresh.size() >= 2 && has_newest) {
    sets_.push_back(fresh);
    return fresh;
  }
  stray_ += fresh.size() - (has_newest ? 1 : 0);
  return {};
}

bool SetStepper::done(bool lru) const {
  if (all_missed_ || lru) return all_missed_;
  const std::uint64_t held =
      std::accumulate(sets_.begin(), sets_.end(), std::uint64_t{0},
                      [](std::uint64_t sum, const std::vector<std::uint64_t>& set) {
                        return sum + set.size() - 1;
                      });
  return held * probe_.line >= probe_.size;
}

std::uint64_t SetStepper::step_records(std::uint32_t passes) const {
  return std::uint64_t{passes} * (probe_.size / probe_.line + steps_ + 1);
}

std::vector<std::uint64_t> minimal_conflict(CacheProbe& probe, std::vector<std::uint64_t> group) {
  if (!conflicts(probe, group)) return {};
  for (std::size_t i = 0; i < group.size();) {
    std::vector<std::uint64_t> without = group;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    if (conflicts(probe, without)) {
      group = std::move(without);
    } else {
      ++i;
    }
  }
  return group;
}

}  // namespace warpsim::probe
