#include "cache/reuse_distance.h"

#include <string>

namespace warpsim {

namespace {

HistogramSpec distance_spec() {
  return HistogramSpec{.bucket_width = 1, .buckets = ReuseDistance::kBuckets};
}

}  // namespace

ReuseDistance::ReuseDistance(StatGroup& cache_stats, std::uint32_t pcs, std::uint32_t sets)
    : set_accesses_(sets, 0) {
  StatGroup& g = cache_stats.child("reuse");
  all_ = &g.histogram("all", "accesses",
                      "reuse distance of every access that looked up a line: accesses to its "
                      "set since the line's previous access",
                      distance_spec());
  cold_ = &g.counter("cold", "accesses", "first accesses to a line: no reuse distance");
  for (std::uint32_t p = 0; p < pcs; ++p) {
    by_pc_.push_back(&g.histogram("pc_" + std::to_string(p), "accesses",
                                  "reuse distance of the accesses of this PC", distance_spec()));
  }
  by_pc_.push_back(&g.histogram("pc_rest", "accesses",
                                "reuse distance of the accesses of the PCs without their own",
                                distance_spec()));
}

void ReuseDistance::access(std::uint32_t set, Addr line, std::uint64_t pc) {
  std::uint64_t& count = set_accesses_[set];
  const auto [it, first] = last_.try_emplace(line, 0);
  if (first) {
    cold_->inc();
  } else {
    const std::uint64_t distance = count - it->second;
    all_->sample(distance);
    const std::size_t slot = pc < by_pc_.size() - 1 ? pc : by_pc_.size() - 1;
    by_pc_[slot]->sample(distance);
  }
  it->second = ++count;
}

void ReuseDistance::reset(std::uint32_t sets) {
  set_accesses_.assign(sets, 0);
  last_.clear();
}

}  // namespace warpsim
