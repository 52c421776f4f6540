#pragma once

// RPR's reuse predictor (Dong Li's thesis §6.2.1; docs/memory.md "RPR"): a table of up to
// `entries` signatures, searched associatively, each with a reuse history: sum of reuse
// distances (11 bits), reuse count (8 bits) and fetch count (5 bits) accumulate the sampler's
// updates; when one of them saturates, the averages (4 bits each) are recomputed from them,
// avg RD = sum / reuses and avg RC = reuses / fetches, and the three start again from zero.
// A prediction is the pair of averages; a signature not in the table, or whose averages were
// never computed, has none. When the table is full a new signature takes the entry used least
// recently (the thesis leaves this open). One predictor serves every SM's L1D
// (replacement_group.h); the sampler on one of them trains it.

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "cache/replacement/replacement_group.h"

namespace warpsim {

// The signature of an access: a 64-bit mix of its PC and the relative age of its warp, folded
// to `bits` bits.
std::uint32_t reuse_signature(std::uint64_t pc, std::uint32_t age, std::uint32_t bits);

class ReusePredictor final : public ReplacementGroup::State {
 public:
  static constexpr std::uint32_t kSumMax = 2047;    // 11 bits
  static constexpr std::uint32_t kReusesMax = 255;  // 8 bits
  static constexpr std::uint32_t kFetchesMax = 31;  // 5 bits
  static constexpr std::uint32_t kAverageMax = 15;  // 4 bits

  struct Prediction {
    std::uint32_t rd = 0;
    std::uint32_t rc = 0;
  };

  explicit ReusePredictor(std::uint32_t entries);

  // The sampler saw signature `sig`'s line reused after `rd` accesses to its set.
  void hit_update(std::uint32_t sig, std::uint64_t rd);
  // The sampler saw an access of signature `sig` miss.
  void miss_update(std::uint32_t sig);
  std::optional<Prediction> predict(std::uint32_t sig);

  std::uint32_t size() const { return static_cast<std::uint32_t>(index_.size()); }

 private:
  struct Entry {
    std::uint32_t sig = 0;
    std::uint32_t sum_rd = 0;
    std::uint32_t reuses = 0;
    std::uint32_t fetches = 0;
    bool averaged = false;
    Prediction average;
    std::uint64_t used = 0;  // stamp of the last update or prediction
  };
  Entry& entry(std::uint32_t sig);
  Entry* find(std::uint32_t sig);
  void settle(Entry& e);

  std::uint32_t capacity_;
  std::vector<Entry> entries_;
  std::unordered_map<std::uint32_t, std::uint32_t> index_;  // signature -> entries_ index
  std::uint64_t clock_ = 0;
};

}  // namespace warpsim
