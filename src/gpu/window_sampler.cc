#include "gpu/window_sampler.h"

#include <utility>

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

}  // namespace warpsim
