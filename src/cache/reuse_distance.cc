#include "cache/reuse_distance.h"

#include <string>

#include "cache/replacement/reuse_predictor.h"

namespace warpsim {

namespace {

HistogramSpec distance_spec() {
  return HistogramSpec{.bucket_width = 1, .buckets = ReuseDistance::kBuckets};
}

}  // namespace

ReuseDistance::ReuseDistance(StatGroup& cache_stats, std::uint32_t pcs, std::uint32_t sets,
                             bool by_signature)
    : by_signature_(by_signature), set_accesses_(sets, 0) {
  const std::string key = by_signature ? "sig" : "pc";
  StatGroup& g = cache_stats.child("reuse");
  all_ = &g.histogram("all", "accesses",
                      "reuse distance of every access that looked up a line: accesses to its "
                      "set since the line's previous access",
                      distance_spec());
  cold_ = &g.counter("cold", "accesses", "first accesses to a line: no reuse distance");
  for (std::uint32_t p = 0; p < pcs; ++p) {
    by_pc_.push_back(&g.histogram(key + "_" + std::to_string(p), "accesses",
                                  "reuse distance of the accesses of this " + key,
                                  distance_spec()));
  }
  by_pc_.push_back(&g.histogram(
      key + "_rest", "accesses",
      "reuse distance of the accesses of the " + key + "s without their own", distance_spec()));
}

void ReuseDistance::access(std::uint32_t set, Addr line, const AccessInfo& access) {
  std::uint64_t& count = set_accesses_[set];
  const auto [it, first] = last_.try_emplace(line);
  if (first) {
    cold_->inc();
  } else {
    const std::uint64_t distance = count - it->second.count;
    all_->sample(distance);
    const std::uint64_t key = by_signature_ ? it->second.key : access.pc;
    const std::size_t slot = key < by_pc_.size() - 1 ? key : by_pc_.size() - 1;
    by_pc_[slot]->sample(distance);
  }
  it->second.count = ++count;
  if (by_signature_) it->second.key = reuse_signature(access.pc, access.age_rank, 8);
}

void ReuseDistance::reset(std::uint32_t sets) {
  set_accesses_.assign(sets, 0);
  last_.clear();
}

}  // namespace warpsim
