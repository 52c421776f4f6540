#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/clock.h"
#include "sim/time.h"
#include "sim/wake.h"

namespace warpsim {

class Component;
class LinkBase;
using ComponentId = std::uint32_t;

// Thrown when the watchdog sees no progress for too long while work is outstanding, or when
// nothing is scheduled any more but some component still has work. The message holds the
// state of every component and link that is not idle.
class DeadlockError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct EngineOptions {
  // false: tick every component on every edge of its clock (--no-skip), for debugging and
  // for proving that idle skipping changes nothing.
  bool skip_idle = true;
  // No progress for this long while work is outstanding is a deadlock.
  Picos watchdog_span = kNever;
};

struct RunResult {
  Picos end_time = 0;       // time of the last event processed
  std::uint64_t ticks = 0;  // component ticks executed (a measure of simulator work)
};

// Discrete-time engine. Components run on the edges of their clock domain, in order of
// (time, component id): ties are broken by id, never by container or pointer order. A
// component runs again when its tick() asks, or earlier when a Link wakes it.
class Engine {
 public:
  explicit Engine(EngineOptions options = {});

  ClockDomainId add_clock(std::string name, Picos period);
  const ClockDomain& clock(ClockDomainId id) const { return clocks_.at(id); }
  const std::vector<ClockDomain>& clocks() const { return clocks_; }

  // Called by Component's constructor; the component first runs at the first edge of its
  // clock at or after now(). Components are added before or between runs, never by a tick
  // (the instant being run could not take it any more).
  ComponentId add_component(Component& component);
  void add_link(LinkBase& link) { links_.push_back(&link); }

  // Make `id` run at its first edge at or after `t`, and strictly after now().
  void request_wake(ComponentId id, Picos t);
  void note_progress() { last_progress_ = now_; }

  Picos now() const { return now_; }
  // The engine's clock, for stats that integrate over time.
  const Picos& now_ref() const { return now_; }
  void set_watchdog_span(Picos span) { options_.watchdog_span = span; }
  Cycle cycle_of(ComponentId id) const;
  const EngineOptions& options() const { return options_; }

  // Runs until `done()` holds. `done` is evaluated whenever time is about to advance (all
  // events of the current instant have run) and when nothing is scheduled any more.
  RunResult run(const std::function<bool()>& done);
  // Runs until nothing has work and no link holds a message.
  RunResult run_until_quiescent();
  bool quiescent() const;

 private:
  struct Slot {
    Component* component;
    ClockDomainId clock;
    Picos self_wake = kNever;     // when the component's own last tick() asked to run again
    Picos last_request = kNever;  // the latest wake-up requested by a link, already queued
    Picos last_tick = kNever;
  };
  // Pending wake-ups, by instant: two bits per component, word 2k for components 64k..64k+63
  // asking themselves (a wake-up superseded by their next tick()), word 2k+1 for those a link
  // asked for (never superseded, so no request is lost when the component runs earlier for
  // another reason). An instant runs its components once each, by id. Every wake-up is
  // strictly after now(), so the instant being run never changes while it runs.
  using Instant = std::vector<std::uint64_t>;

  void schedule(Picos time, ComponentId id, bool requested);
  void run_instant(Picos time, const Instant& instant);
  Picos wake_time(const Slot& slot, const Wake& wake) const;
  void tick_one(ComponentId id);
  void check_watchdog(Picos next_time) const;
  [[noreturn]] void report_deadlock(const std::string& why) const;

  EngineOptions options_;
  std::vector<ClockDomain> clocks_;
  std::vector<Slot> slots_;
  std::vector<LinkBase*> links_;
  std::map<Picos, Instant> pending_;
  std::vector<Instant> spare_;  // storage of finished instants, for reuse
  Picos now_ = 0;
  Picos last_progress_ = 0;
  std::uint64_t ticks_ = 0;
};

}  // namespace warpsim
