#include "cache/replacement/reuse_predictor.h"

#include <algorithm>
#include <stdexcept>

namespace warpsim {

std::uint32_t reuse_signature(std::uint64_t pc, std::uint32_t age, std::uint32_t bits) {
  // splitmix64's finalizer over PC and age.
  std::uint64_t h = pc * 0x9E3779B97F4A7C15ULL ^ (std::uint64_t{age} + 1) * 0xC2B2AE3D27D4EB4FULL;
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
  h ^= h >> 31;
  return bits >= 32 ? static_cast<std::uint32_t>(h)
                    : static_cast<std::uint32_t>(h & ((std::uint64_t{1} << bits) - 1));
}

ReusePredictor::ReusePredictor(std::uint32_t entries) : capacity_(entries) {
  if (entries == 0) throw std::invalid_argument("the reuse predictor needs at least one entry");
  entries_.reserve(entries);
}

ReusePredictor::Entry* ReusePredictor::find(std::uint32_t sig) {
  const auto it = index_.find(sig);
  return it == index_.end() ? nullptr : &entries_[it->second];
}

ReusePredictor::Entry& ReusePredictor::entry(std::uint32_t sig) {
  if (Entry* e = find(sig)) return *e;
  std::uint32_t slot = 0;
  if (entries_.size() < capacity_) {
    slot = static_cast<std::uint32_t>(entries_.size());
    entries_.emplace_back();
  } else {
    const auto lru =
        std::min_element(entries_.begin(), entries_.end(),
                         [](const Entry& a, const Entry& b) { return a.used < b.used; });
    slot = static_cast<std::uint32_t>(lru - entries_.begin());
    index_.erase(lru->sig);
    *lru = Entry{};
  }
  entries_[slot].sig = sig;
  index_[sig] = slot;
  return entries_[slot];
}

void ReusePredictor::settle(Entry& e) {
  if (e.sum_rd < kSumMax && e.reuses < kReusesMax && e.fetches < kFetchesMax) return;
  // A signature never reused is predicted the longest distance; one reused but never seen to
  // miss, the largest count.
  e.average.rd = e.reuses == 0 ? kAverageMax : std::min(kAverageMax, e.sum_rd / e.reuses);
  e.average.rc = e.fetches == 0 ? kAverageMax : std::min(kAverageMax, e.reuses / e.fetches);
  e.averaged = true;
  e.sum_rd = e.reuses = e.fetches = 0;
}

void ReusePredictor::hit_update(std::uint32_t sig, std::uint64_t rd) {
  Entry& e = entry(sig);
  e.used = ++clock_;
  e.sum_rd = static_cast<std::uint32_t>(std::min<std::uint64_t>(kSumMax, e.sum_rd + rd));
  ++e.reuses;
  settle(e);
}

void ReusePredictor::miss_update(std::uint32_t sig) {
  Entry& e = entry(sig);
  e.used = ++clock_;
  ++e.fetches;
  settle(e);
}

std::optional<ReusePredictor::Prediction> ReusePredictor::predict(std::uint32_t sig) {
  Entry* e = find(sig);
  if (e == nullptr || !e->averaged) return std::nullopt;
  e->used = ++clock_;
  return e->average;
}

}  // namespace warpsim
