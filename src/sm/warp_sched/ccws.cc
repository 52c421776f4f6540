// Cache-Conscious Wavefront Scheduling (CCWS; Rogers, O'Connor and Aamodt, MICRO 2012, §3):
// greedy-then-oldest issue, with warps that lose intra-warp locality given a larger share of
// the L1D by keeping other warps' global loads back.
//
// - Lost-locality detection: each warp slot has a victim tag array (victim_tags.h, 2 sets x 8
//   ways FIFO by default). A line evicted from the L1D goes into the array of the warp whose
//   access placed it; a read miss of a warp that finds the line in its own array is a VTA hit.
//   Writes drop the line from every array.
// - Lost-locality scores: every warp starts at `base_score`. On a VTA hit the warp's score
//   becomes max(base, (VTA hits / instructions issued) x k_throttle x cutoff), the ratio over
//   the scheduler's resident warps and cutoff = live warps x base (from the last order()
//   call). Above base, a score loses `decay` points per cycle.
// - Throttling: live warps sorted by score (highest first, then oldest) are stacked until their
//   scores reach the cutoff; the warp that crosses it is included. The warps after it may not
//   issue global or local loads (everything else still issues). With every score at base the
//   stack reaches the cutoff at the last warp, and nothing is throttled.
//
// Choices where the paper and the authors' GPGPU-Sim code leave room (docs/timing.md "CCWS"):
// the arrays, scores and cutoff are per scheduler (the paper's per-SM design with one
// scheduler); a warp's array is cleared when a new warp takes its slot, and its counts leave
// the ratio when its CTA retires; a score never drops below base.

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/registry.h"
#include "sim/stats.h"
#include "sm/warp_sched/greedy_oldest.h"
#include "sm/warp_sched/victim_tags.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class Ccws final : public WarpScheduler {
 public:
  Ccws(const ConfigNode& params, const Context& context)
      : base_(static_cast<std::int64_t>(params.at("base_score").as_uint())),
        k_(params.at("k_throttle").as_double()),
        decay_(static_cast<std::int64_t>(params.at("decay").as_uint())),
        vta_(context.slots, static_cast<std::uint32_t>(params.at("vta_sets").as_uint()),
             static_cast<std::uint32_t>(params.at("vta_ways").as_uint())),
        warps_(context.slots),
        cutoff_(base_) {
    for (Warp& w : warps_) w.score = base_;
    if (context.stats != nullptr) {
      StatGroup& g =
          context.stats->child("ccws").child("scheduler" + std::to_string(context.scheduler));
      counters_ = Counters{
          &g.counter("vta_inserts", "lines", "L1D victims recorded in their placer's VTA"),
          &g.counter("vta_hits", "misses", "read misses that hit the missing warp's own VTA"),
          &g.counter("loads_held", "warp-cycles",
                     "cycles x ready warps whose global load the throttle held back"),
          &g.counter("throttled_cycles", "cycles", "cycles in which the throttle held a load")};
    }
  }

  void order(std::span<const WarpView> warps, Cycle now, std::vector<std::uint32_t>& out) override {
    // The cutoff and the stack.
    live_.clear();
    for (std::uint32_t i = 0; i < warps.size(); ++i) {
      if (GreedyOldestOrder::live(warps[i])) live_.push_back(i);
    }
    cutoff_ = std::max<std::int64_t>(1, static_cast<std::int64_t>(live_.size())) * base_;
    scores_.resize(warps.size());
    for (std::uint32_t i : live_) scores_[i] = score(i, now);
    std::sort(live_.begin(), live_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return scores_[a] != scores_[b] ? scores_[a] > scores_[b] : warps[a].age < warps[b].age;
    });
    throttled_.assign(warps.size(), 0);
    std::int64_t sum = 0;
    for (std::uint32_t i : live_) {
      if (sum >= cutoff_) throttled_[i] = 1;
      sum += scores_[i];
    }
    // Greedy-then-oldest, without the throttled warps' global loads.
    order_.order(warps, out);
    std::uint64_t held = 0;
    std::erase_if(out, [&](std::uint32_t i) {
      const bool hold = throttled_[i] != 0 && warps[i].global_load;
      held += hold && warps[i].ready ? 1 : 0;
      return hold;
    });
    // order() may be asked twice in a cycle; count each cycle once.
    if (counters_.loads_held != nullptr && held != 0 && now.value() + 1 != counted_) {
      counted_ = now.value() + 1;
      counters_.loads_held->inc(held);
      counters_.throttled_cycles->inc();
    }
  }

  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override {
    order_.on_issue(index);
    ++warps_[index].issued;
    ++issued_;
  }
  void on_warp_start(std::uint32_t index) override {
    order_.forget(index);
    vta_.clear(index);
    leave(index);
  }
  void on_warp_end(std::uint32_t index) override {
    order_.forget(index);
    leave(index);
  }

  bool watches_l1d() const override { return true; }
  void on_l1d_eviction(std::uint32_t index, std::uint64_t line, Cycle /*now*/) override {
    vta_.insert(index, line);
    if (counters_.vta_inserts != nullptr) counters_.vta_inserts->inc();
  }
  void on_l1d_miss(std::uint32_t index, std::uint64_t line, Cycle now) override {
    if (!vta_.contains(index, line)) return;
    ++warps_[index].vta_hits;
    ++vta_hits_;
    if (counters_.vta_hits != nullptr) counters_.vta_hits->inc();
    const double ratio =
        static_cast<double>(vta_hits_) / static_cast<double>(std::max<std::uint64_t>(1, issued_));
    const auto lost = static_cast<std::int64_t>(ratio * k_ * static_cast<double>(cutoff_));
    warps_[index].score = std::max(base_, lost);
    warps_[index].since = now.value();
  }
  void on_l1d_write(std::uint64_t line, Cycle /*now*/) override { vta_.invalidate(line); }

 private:
  struct Warp {
    std::int64_t score = 0;   // at cycle `since`
    std::uint64_t since = 0;  // cycle of the last score update
    std::uint64_t vta_hits = 0;
    std::uint64_t issued = 0;
  };
  struct Counters {
    Counter* vta_inserts = nullptr;
    Counter* vta_hits = nullptr;
    Counter* loads_held = nullptr;
    Counter* throttled_cycles = nullptr;
  };

  // The score at `now`: decayed linearly since its last update, never below base. (Cycles x
  // decay stays far inside 64 bits: decay is at most 10^6.)
  std::int64_t score(std::uint32_t index, Cycle now) const {
    const Warp& w = warps_[index];
    const std::uint64_t elapsed = now.value() > w.since ? now.value() - w.since : 0;
    return std::max(base_, w.score - static_cast<std::int64_t>(elapsed) * decay_);
  }
  // The warp in slot `index` is gone (or new): its counts leave the ratio, its score resets.
  void leave(std::uint32_t index) {
    Warp& w = warps_[index];
    vta_hits_ -= w.vta_hits;
    issued_ -= w.issued;
    w = Warp{.score = base_};
  }

  std::int64_t base_;
  double k_;
  std::int64_t decay_;
  VictimTags vta_;
  GreedyOldestOrder order_;
  std::vector<Warp> warps_;
  std::uint64_t vta_hits_ = 0;  // over the resident warps
  std::uint64_t issued_ = 0;
  std::int64_t cutoff_;
  std::vector<std::uint32_t> live_;
  std::vector<std::int64_t> scores_;  // order()'s: each live warp's score this cycle
  std::vector<std::uint8_t> throttled_;
  Counters counters_;
  std::uint64_t counted_ = 0;  // 1 + the last cycle counted
};

ParamSpec uint_param(const char* name, const char* description, const char* value, double min,
                     double max) {
  return ParamSpec{.name = name,
                   .type = ParamType::kUint,
                   .description = description,
                   .default_value = value,
                   .min = min,
                   .max = max};
}

}  // namespace

WARPSIM_REGISTER_POLICY(
    WarpScheduler, Ccws, "ccws",
    "Cache-conscious wavefront scheduling (Rogers et al., MICRO 2012): greedy-then-oldest; warps "
    "whose L1D victims they miss on again score higher, and the lowest-scoring warps may not "
    "issue global loads",
    {uint_param("vta_sets", "victim tag array sets per warp", "2", 1, 64),
     uint_param("vta_ways", "victim tag array ways per set (FIFO)", "8", 1, 64),
     uint_param("base_score", "every warp's score at rest; the cutoff is live warps x this", "100",
                1, 1000000),
     ParamSpec{.name = "k_throttle",
               .type = ParamType::kFloat,
               .description = "a VTA hit sets the score to (VTA hits / insts) x this x cutoff",
               .default_value = "8",
               .min = 0,
               .max = 1e6},
     uint_param("decay", "points a score above base loses per cycle", "1", 0, 1000000)});

}  // namespace warpsim
