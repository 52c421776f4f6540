#include "gpu/pcal_controller.h"

#include <utility>

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
  WindowSignals w = signals(window, cycles, schedulers_, clocks_);
  PcalSample s{.ipc = w.gpu.ipc,
               .l1_miss = w.gpu.l1_miss,
               .l2_miss = w.gpu.l2_miss,
               .noc_latency = w.noc_latency,
               .stall_ratio = w.stall_ratio,
               .sm_ipc = std::move(w.sm_ipc)};
  for (const Sm* sm : sms()) s.throttled = s.throttled || sm->held_warps() != 0;
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
