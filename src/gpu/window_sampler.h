#pragma once

// A component on the core clock that wakes at every multiple of `interval` cycles, after every
// component built before it, and hands its subclass the stat window since the previous
// multiple: the timeline (timeline.h) records it; dynamic PCAL (pcal_controller.h) and
// Dynamic-AgeLRU (age_lru_controller.h) act on it.

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/phase_detector.h"
#include "gpu/window_sums.h"
#include "sim/component.h"
#include "sim/stat_snapshot.h"

namespace warpsim {

class Sm;

// What the dynamic controllers read from a window.
struct WindowSignals {
  PhaseSample gpu;             // IPC over the GPU, L1D and L2 miss ratios
  double noc_latency = 0;      // crossbar cycles, request plus reply
  double stall_ratio = 0;      // memory-pipeline stall ratio
  std::vector<double> sm_ipc;  // warp instructions per cycle of each SM
};

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

  // The window's signals; `schedulers` per SM and `clocks` as window_stats (kernel_stats.h).
  WindowSignals signals(const StatSnapshot& window, std::uint64_t cycles, std::uint32_t schedulers,
                        WindowClocks clocks) const;

  std::uint64_t interval() const { return interval_; }
  const std::vector<Sm*>& sms() const { return sms_; }

 private:
  std::uint64_t interval_;
  std::vector<Sm*> sms_;
  std::uint64_t last_ = 0;  // the cycle of the previous window's end
  StatSnapshot previous_;
};

}  // namespace warpsim
