#include "gpu/l1d_dueling.h"

#include <stdexcept>
#include <utility>

#include "sim/config_node.h"
#include "sm/sm.h"

namespace warpsim {

L1dDuelingParams l1d_dueling_params(const ConfigNode& slot) {
  return L1dDuelingParams{
      .period = slot.at("dueling_period").as_uint(),
      .margin = slot.at("dueling_margin").as_double(),
      .leader = static_cast<std::uint32_t>(slot.at("dueling_leader").as_uint()),
      .baseline = static_cast<std::uint32_t>(slot.at("dueling_baseline").as_uint())};
}

bool followers_filter(const Cache::ReadTally& leader, const Cache::ReadTally& baseline,
                      double margin, bool filtering) {
  if (leader.reads == 0 || baseline.reads == 0) return filtering;
  const double leader_rate = static_cast<double>(leader.misses) / static_cast<double>(leader.reads);
  const double baseline_rate =
      static_cast<double>(baseline.misses) / static_cast<double>(baseline.reads);
  return leader_rate - baseline_rate <= margin;
}

namespace {

Cache::ReadTally since(const Cache::ReadTally& now, const Cache::ReadTally& before) {
  return Cache::ReadTally{.reads = now.reads - before.reads, .misses = now.misses - before.misses};
}

}  // namespace

L1dDueling::L1dDueling(Simulation& sim, std::string path, ClockDomainId core,
                       L1dDuelingParams params, std::vector<Sm*> sms)
    : Component(sim, std::move(path), core),
      params_(params),
      sms_(std::move(sms)),
      decisions_(stats().counter("decisions", "events", "dueling periods decided")),
      decisions_filter_(
          stats().counter("decisions_filter", "events", "decisions after which followers filter")),
      switches_(stats().counter("switches", "events", "decisions that changed the followers")),
      cycles_off_(stats().counter("follower_cycles_off", "SM cycles",
                                  "cycles x follower SMs with the filter off (tags gated)")),
      cycles_on_(stats().counter("follower_cycles_on", "SM cycles",
                                 "cycles x follower SMs with the filter on")) {
  if (params_.leader >= sms_.size() || params_.baseline >= sms_.size() ||
      params_.leader == params_.baseline || params_.period == 0) {
    throw std::invalid_argument("SM dueling needs two different SMs and a period");
  }
  if (!sms_[params_.leader]->l1d().set_admission_enabled(true)) {
    throw std::invalid_argument("SM dueling: the L1D's admission policy cannot be switched");
  }
  sms_[params_.baseline]->l1d().set_admission_enabled(false);
  apply();
}

void L1dDueling::apply() {
  for (std::size_t i = 0; i < sms_.size(); ++i) {
    if (i == params_.leader || i == params_.baseline) continue;
    sms_[i]->l1d().set_admission_enabled(filtering_);
  }
}

Wake L1dDueling::tick(Cycle now) {
  const std::uint64_t period = params_.period;
  if (now.value() != 0 && now.value() % period == 0 && now.value() > last_) {
    const std::uint64_t followers = sms_.size() - 2;
    (filtering_ ? cycles_on_ : cycles_off_).inc(followers * (now.value() - last_));
    const Cache::ReadTally leader = sms_[params_.leader]->l1d().read_tally();
    const Cache::ReadTally baseline = sms_[params_.baseline]->l1d().read_tally();
    const bool next =
        followers_filter(since(leader, leader_before_), since(baseline, baseline_before_),
                         params_.margin, filtering_);
    decisions_.inc();
    if (next) decisions_filter_.inc();
    if (next != filtering_) {
      switches_.inc();
      filtering_ = next;
      apply();
    }
    leader_before_ = leader;
    baseline_before_ = baseline;
    last_ = now.value();
  }
  return Wake::at(Cycle((now.value() / period + 1) * period));
}

}  // namespace warpsim
