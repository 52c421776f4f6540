#pragma once

// How the inference (infer_*.h) runs its chases: ChaseSpecs built from a visiting order, a trace
// checked against the order it was meant to follow, the word each recorded load read.

#include <cstdint>
#include <vector>

#include "probe/chase.h"

namespace warpsim::probe {

// Every chase array is at least this big. CUDA (and the simulator's probe device) start
// allocations of 1 MB and more on a 2 MB boundary, so each chase's array then starts at the same
// offset within a 2 MB page as every other's, and a cache whose set index comes from address
// bits below bit 21 maps the same array offsets to the same sets in every chase.
inline constexpr std::uint64_t kMinArrayBytes = 2ull << 20;

class ChaseRunner {
 public:
  ChaseRunner(const Chaser& chase, LoadPath path) : chase_(chase), path_(path) {}

  // The latencies of `records` loads after `warmup` untimed ones, following `order` (word
  // indices, cyclic) from its first element. Throws std::runtime_error when the chaser returns
  // another number of loads or indices that do not follow the order.
  ChaseTrace trace(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                   std::uint64_t records);
  // How many of the `records` loads after `warmup` took more than `above` cycles.
  std::uint64_t count_slow(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                           std::uint64_t records, std::uint32_t above);
  // The same for `windows` windows of `records` loads each, one count per window: one launch
  // each on a device, continuing the chase, the windows after the first with `window_warmup`
  // untimed loads of their own (ChaseSpec::count_windows).
  std::vector<std::uint64_t> count_slow_windows(const std::vector<std::uint64_t>& order,
                                                std::uint64_t warmup, std::uint64_t records,
                                                std::uint32_t windows, std::uint64_t window_warmup,
                                                std::uint32_t above);

  LoadPath path() const { return path_; }
  std::uint64_t chases() const { return chases_; }
  std::uint64_t loads() const { return loads_; }
  // The device address of the last chase's array (ChaseTrace::array).
  std::uint64_t last_array() const { return last_array_; }

 private:
  ChaseSpec spec(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                 std::uint64_t records) const;

  const Chaser& chase_;
  LoadPath path_;
  std::uint64_t chases_ = 0;
  std::uint64_t loads_ = 0;
  std::uint64_t last_array_ = 0;
};

// Word indices of the offsets 0, stride, 2 * stride, ... below `bytes`.
std::vector<std::uint64_t> stride_words(std::uint64_t bytes, std::uint64_t stride);

// The word recorded load `r` read, for a chase of `order` that skipped `warmup` loads.
inline std::uint64_t recorded_word(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                                   std::uint64_t r) {
  return order[(warmup + r) % order.size()];
}

// The loads of `trace` slower than `above`, as flags.
std::vector<bool> slow_flags(const ChaseTrace& trace, std::uint32_t above);

}  // namespace warpsim::probe
