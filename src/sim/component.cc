#include "sim/component.h"

#include "sim/simulation.h"

namespace warpsim {

Component::Component(Simulation& sim, std::string path, ClockDomainId clock)
    : sim_(sim),
      path_(std::move(path)),
      clock_(clock),
      stats_(sim.stat_group(path_)),
      id_(sim.engine().add_component(*this)) {}

const ClockDomain& Component::clock() const { return sim_.engine().clock(clock_); }

Cycle Component::now() const { return sim_.engine().cycle_of(id_); }

void Component::note_progress() { sim_.engine().note_progress(); }

}  // namespace warpsim
