#include "gpu/timeline.h"

#include "gpu/kernel_stats.h"

namespace warpsim {

Timeline::Timeline(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t interval,
                   std::vector<Sm*> sms, std::uint32_t schedulers, WindowClocks clocks)
    : WindowSampler(sim, std::move(path), core, interval, std::move(sms)),
      schedulers_(schedulers),
      clocks_(clocks) {}

void Timeline::on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle now) {
  const nlohmann::ordered_json w = window_stats(window, cycles, sms().size(), schedulers_, clocks_);
  const nlohmann::ordered_json& sm = w.at("sm");
  std::vector<std::string> names = {"cycle", "ipc", "warp_ipc"};
  std::vector<double> row = {
      static_cast<double>(now.value()),
      ratio(sm.at("thread_insts").get<double>(), static_cast<double>(cycles)),
      ratio(sm.at("warp_insts").get<double>(), static_cast<double>(cycles))};
  // I-cache misses in the window (line reads sent): seed 000 ch. 6's miss timeline.
  names.emplace_back("icache_misses");
  row.push_back(sm.at("icache").at("misses").get<double>());
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
}

nlohmann::ordered_json Timeline::to_json() const {
  return {{"interval_cycles", interval()}, {"columns", columns_}, {"rows", rows_}};
}

}  // namespace warpsim
