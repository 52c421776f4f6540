#include "gpu/pcal_controller.h"

#include <utility>

#include "gpu/kernel_stats.h"
#include "sim/config_node.h"
#include "sm/sm.h"

namespace warpsim {

PcalFsmParams pcal_fsm_params(const ConfigNode& slot, std::uint64_t* period) {
  PcalFsmParams p;
  *period = slot.at("period").as_uint();
  p.up = slot.at("up").as_double();
  p.down = slot.at("down").as_double();
  p.phase_change = slot.at("phase_change").as_double();
  p.phase_periods = static_cast<std::uint32_t>(slot.at("phase_periods").as_uint());
  p.noc_threshold = slot.at("noc_threshold").as_double();
  p.stall_threshold = slot.at("stall_threshold").as_double();
  p.max_ebt = static_cast<std::int32_t>(slot.at("max_ebt").as_int());
  p.vote.clear();
  for (std::int64_t v : slot.at("vote").as_int_list())
    p.vote.push_back(static_cast<std::int32_t>(v));
  return p;
}

PcalController::PcalController(Simulation& sim, std::string path, ClockDomainId core,
                               std::uint64_t period, PcalFsmParams params, std::vector<Sm*> sms,
                               std::uint32_t schedulers, WindowClocks clocks)
    : WindowSampler(sim, std::move(path), core, period, std::move(sms)),
      schedulers_(schedulers),
      clocks_(clocks),
      fsm_(std::move(params), static_cast<std::uint32_t>(this->sms().size())),
      samples_(stats().counter("samples", "periods", "sampling periods ended")),
      phases_(stats().counter("phases", "events", "new phases detected")),
      changes_(stats().counter("changes", "periods", "periods after which EBTNums changed")) {
  for (const char* state :
       {"periods_init", "periods_hill_climb", "periods_vote", "periods_stable"}) {
    by_state_.push_back(&stats().counter(state, "periods", "samples taken in this state"));
  }
}

void PcalController::on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle /*now*/) {
  const nlohmann::ordered_json w = window_stats(window, cycles, sms().size(), schedulers_, clocks_);
  const nlohmann::ordered_json& b = w.at("bottleneck");
  PcalSample s;
  s.ipc = ratio(w.at("sm").at("warp_insts").get<double>(), static_cast<double>(cycles));
  s.l1_miss = b.value("l1_miss_ratio", 0.0);
  s.l2_miss = w.contains("l2") ? w.at("l2").at("miss_rate").get<double>() : 0.0;
  s.noc_latency = b.value("noc_latency", 0.0);
  s.stall_ratio = b.value("mem_stall_ratio", 0.0);
  for (std::size_t i = 0; i < sms().size(); ++i) {
    s.sm_ipc.push_back(ratio(static_cast<double>(window.counter(indexed("sm", i) + ".warp_insts")),
                             static_cast<double>(cycles)));
    s.throttled = s.throttled || sms()[i]->held_warps() != 0;
  }
  by_state_[static_cast<std::size_t>(fsm_.state())]->inc();
  const std::uint64_t phases_before = fsm_.phases();
  samples_.inc();
  if (fsm_.on_sample(s)) {
    changes_.inc();
    for (std::size_t i = 0; i < sms().size(); ++i) sms()[i]->set_ebt(fsm_.ebts()[i]);
  }
  phases_.inc(fsm_.phases() - phases_before);
}

}  // namespace warpsim
