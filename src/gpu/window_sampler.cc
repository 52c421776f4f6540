#include "gpu/window_sampler.h"

#include <utility>

#include "gpu/kernel_stats.h"
#include "sim/simulation.h"
#include "sm/sm.h"

namespace warpsim {

WindowSampler::WindowSampler(Simulation& sim, std::string path, ClockDomainId core,
                             std::uint64_t interval, std::vector<Sm*> sms)
    : Component(sim, std::move(path), core), interval_(interval), sms_(std::move(sms)) {}

void WindowSampler::start() { previous_ = sim().stats().snapshot(); }

Wake WindowSampler::tick(Cycle now) {
  // With --no-skip this runs on every edge; only multiples of the interval sample.
  if (now.value() != 0 && now.value() % interval_ == 0 && now.value() > last_) {
    for (Sm* sm : sms_) sm->account_until(now);
    StatSnapshot current = sim().stats().snapshot();
    on_window(current - previous_, now.value() - last_, now);
    previous_ = std::move(current);
    last_ = now.value();
  }
  return Wake::at(Cycle((now.value() / interval_ + 1) * interval_));
}

WindowSignals WindowSampler::signals(const StatSnapshot& window, std::uint64_t cycles,
                                     std::uint32_t schedulers, WindowClocks clocks) const {
  const nlohmann::ordered_json w = window_stats(window, cycles, sms_.size(), schedulers, clocks);
  const nlohmann::ordered_json& b = w.at("bottleneck");
  WindowSignals s;
  const auto per_cycle = [&](double count) { return ratio(count, static_cast<double>(cycles)); };
  s.gpu.ipc = per_cycle(w.at("sm").at("warp_insts").get<double>());
  s.gpu.l1_miss = b.value("l1_miss_ratio", 0.0);
  s.gpu.l2_miss = w.contains("l2") ? w.at("l2").at("miss_rate").get<double>() : 0.0;
  s.noc_latency = b.value("noc_latency", 0.0);
  s.stall_ratio = b.value("mem_stall_ratio", 0.0);
  for (std::size_t i = 0; i < sms_.size(); ++i) {
    s.sm_ipc.push_back(
        per_cycle(static_cast<double>(window.counter(indexed("sm", i) + ".warp_insts"))));
  }
  return s;
}

}  // namespace warpsim
