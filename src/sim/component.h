#pragma once

#include <string>

#include "sim/clock.h"
#include "sim/engine.h"
#include "sim/time.h"
#include "sim/wake.h"

namespace warpsim {

class Simulation;
class StatGroup;

// Base of every timed part of the model (an SM, a cache, a crossbar, a DRAM channel).
// Contract:
//  - tick(now) runs the component's stages for cycle `now` of its own clock and returns when
//    it next needs to run. It must be safe to tick a component when it asked not to be:
//    with --no-skip it runs on every edge and must then change nothing.
//  - A component talks to others only through Links it was given by the builder.
//  - has_work() is true while it holds work that must finish (requests in flight, warps
//    left); the engine's quiescence test and the deadlock watchdog read it.
//  - describe_state() is a one-line dump for deadlock reports.
// Components are created only through Simulation::add, which owns them.
class Component {
 public:
  Component(const Component&) = delete;
  Component& operator=(const Component&) = delete;
  virtual ~Component() = default;

  virtual Wake tick(Cycle now) = 0;
  virtual bool has_work() const { return false; }
  virtual std::string describe_state() const { return {}; }

  const std::string& path() const { return path_; }
  ComponentId id() const { return id_; }
  ClockDomainId clock_id() const { return clock_; }
  const ClockDomain& clock() const;
  // Current cycle of this component's clock.
  Cycle now() const;

 protected:
  Component(Simulation& sim, std::string path, ClockDomainId clock);

  Simulation& sim() { return sim_; }
  StatGroup& stats() { return stats_; }
  void note_progress();

 private:
  Simulation& sim_;
  std::string path_;
  ClockDomainId clock_;
  StatGroup& stats_;
  ComponentId id_;
};

}  // namespace warpsim
