#include "gpu/timeline.h"

#include "gpu/kernel_stats.h"
#include "sim/simulation.h"
#include "sm/sm.h"

namespace warpsim {

Timeline::Timeline(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t interval,
                   std::vector<Sm*> sms, std::uint32_t schedulers, WindowClocks clocks)
    : Component(sim, std::move(path), core),
      interval_(interval),
      sms_(std::move(sms)),
      schedulers_(schedulers),
      clocks_(clocks),
      previous_(sim.stats().snapshot()) {}

Wake Timeline::tick(Cycle now) {
  // With --no-skip this runs on every edge; only multiples of the interval sample.
  if (now.value() != 0 && now.value() % interval_ == 0 && now.value() > last_) sample(now);
  return Wake::at(Cycle((now.value() / interval_ + 1) * interval_));
}

void Timeline::sample(Cycle now) {
  for (Sm* sm : sms_) sm->account_until(now);
  StatSnapshot current = sim().stats().snapshot();
  const std::uint64_t cycles = now.value() - last_;
  const nlohmann::ordered_json w =
      window_stats(current - previous_, cycles, sms_.size(), schedulers_, clocks_);
  const nlohmann::ordered_json& sm = w.at("sm");
  std::vector<std::string> names = {"cycle", "ipc", "warp_ipc"};
  std::vector<double> row = {
      static_cast<double>(now.value()),
      ratio(sm.at("thread_insts").get<double>(), static_cast<double>(cycles)),
      ratio(sm.at("warp_insts").get<double>(), static_cast<double>(cycles))};
  if (w.contains("l2")) {
    names.emplace_back("l2_miss_ratio");
    row.push_back(w.at("l2").at("miss_rate").get<double>());
  }
  for (const auto& [key, value] : w.at("bottleneck").items()) {
    names.push_back(key);
    row.push_back(value.get<double>());
  }
  if (columns_.empty()) columns_ = std::move(names);
  rows_.push_back(std::move(row));
  previous_ = std::move(current);
  last_ = now.value();
}

nlohmann::ordered_json Timeline::to_json() const {
  return {{"interval_cycles", interval_}, {"columns", columns_}, {"rows", rows_}};
}

}  // namespace warpsim
