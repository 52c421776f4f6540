#pragma once

// A component on the core clock that wakes at every multiple of `interval` cycles, after every
// component built before it, and hands its subclass the stat window since the previous
// multiple: the timeline (timeline.h) records it, dynamic PCAL (pcal_controller.h) acts on it.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/component.h"
#include "sim/stat_snapshot.h"

namespace warpsim {

class Sm;

class WindowSampler : public Component {
 public:
  Wake tick(Cycle now) final;
  // Takes the first snapshot. The builder calls it once every component exists (each adds
  // its stat group), so that every later snapshot has the same structure.
  void start();

 protected:
  WindowSampler(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t interval,
                std::vector<Sm*> sms);
  // The window [previous multiple, now) of `cycles` core cycles.
  virtual void on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle now) = 0;

  std::uint64_t interval() const { return interval_; }
  const std::vector<Sm*>& sms() const { return sms_; }

 private:
  std::uint64_t interval_;
  std::vector<Sm*> sms_;
  std::uint64_t last_ = 0;  // the cycle of the previous window's end
  StatSnapshot previous_;
};

}  // namespace warpsim
