#include "sim/engine.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "sim/component.h"
#include "sim/link.h"

namespace warpsim {

Engine::Engine(EngineOptions options) : options_(options) {}

ClockDomainId Engine::add_clock(std::string name, Picos period) {
  if (period == 0) {
    throw std::invalid_argument(fmt::format("clock domain '{}' has a zero period", name));
  }
  clocks_.push_back(ClockDomain{std::move(name), period});
  return static_cast<ClockDomainId>(clocks_.size() - 1);
}

ComponentId Engine::add_component(Component& component) {
  const auto id = static_cast<ComponentId>(slots_.size());
  const ClockDomainId clock_id = component.clock_id();
  if (clock_id >= clocks_.size()) {
    throw std::invalid_argument(fmt::format(
        "component '{}' names clock domain {} that does not exist", component.path(), clock_id));
  }
  const Picos first = clocks_[clock_id].edge_at_or_after(now_);
  slots_.push_back(Slot{&component, clock_id, first, kNever, kNever});
  schedule(first, id, false);
  return id;
}

void Engine::schedule(Picos time, ComponentId id, bool requested) {
  auto [it, added] = pending_.try_emplace(time);
  Instant& instant = it->second;
  if (added && !spare_.empty()) {
    instant = std::move(spare_.back());
    spare_.pop_back();
  }
  const std::size_t word = 2 * (id / 64) + (requested ? 1 : 0);
  if (instant.size() <= word) instant.resize(2 * (slots_.size() / 64 + 1), 0);
  instant[word] |= std::uint64_t{1} << (id % 64);
}

Cycle Engine::cycle_of(ComponentId id) const { return clocks_[slots_[id].clock].cycle_at(now_); }

void Engine::request_wake(ComponentId id, Picos t) {
  Slot& slot = slots_[id];
  const Picos edge = clocks_[slot.clock].edge_at_or_after(std::max(t, now_ + 1));
  // Deduplicate only against earlier link requests: a self wake-up at the same instant may
  // still be superseded by the component's next tick, which would lose this request.
  if (edge == slot.last_request) {
    return;  // that instant is already queued
  }
  slot.last_request = edge;
  schedule(edge, id, true);
}

Picos Engine::wake_time(const Slot& slot, const Wake& wake) const {
  const ClockDomain& clock = clocks_[slot.clock];
  const Picos next_edge = clock.edge_at_or_after(now_ + 1);
  if (!options_.skip_idle) {
    return next_edge;
  }
  switch (wake.kind()) {
    case Wake::Kind::kNextCycle:
      return next_edge;
    case Wake::Kind::kAt:
      return std::max(clock.time_of(wake.cycle()), next_edge);
    case Wake::Kind::kOnInput:
      return kNever;
  }
  return next_edge;
}

void Engine::tick_one(ComponentId id) {
  Slot& slot = slots_[id];
  slot.last_tick = now_;
  slot.self_wake = kNever;
  const Wake wake = slot.component->tick(clocks_[slot.clock].cycle_at(now_));
  ++ticks_;
  const Picos next = wake_time(slot, wake);
  if (next != kNever) {
    slot.self_wake = next;
    schedule(next, id, false);
  }
}

RunResult Engine::run(const std::function<bool()>& done) {
  while (true) {
    if (pending_.empty()) {
      if (done()) break;
      report_deadlock("nothing is scheduled to run, but the run is not finished");
    }
    const auto first = pending_.begin();
    const Picos time = first->first;
    if (done()) break;
    check_watchdog(time);
    now_ = time;
    run_instant(time, first->second);
    spare_.push_back(std::move(first->second));
    spare_.back().assign(spare_.back().size(), 0);
    pending_.erase(first);
  }
  return RunResult{now_, ticks_};
}

void Engine::run_instant(Picos time, const Instant& instant) {
  for (std::size_t word = 0; word + 1 < instant.size(); word += 2) {
    for (std::uint64_t bits = instant[word] | instant[word + 1]; bits != 0; bits &= bits - 1) {
      const int bit = std::countr_zero(bits);
      const auto id = static_cast<ComponentId>(word / 2 * 64 + static_cast<std::size_t>(bit));
      const bool requested = ((instant[word + 1] >> bit) & 1U) != 0;
      const Slot& slot = slots_[id];
      if (slot.last_tick == time || (!requested && slot.self_wake != time)) {
        continue;  // already ran at this instant, or a wake-up its own later tick replaced
      }
      tick_one(id);
    }
  }
}

bool Engine::quiescent() const {
  const bool busy_component = std::any_of(
      slots_.begin(), slots_.end(), [](const Slot& slot) { return slot.component->has_work(); });
  const bool busy_link = std::any_of(links_.begin(), links_.end(),
                                     [](const LinkBase* link) { return link->size() > 0; });
  return !busy_component && !busy_link;
}

RunResult Engine::run_until_quiescent() {
  return run([this] { return quiescent(); });
}

void Engine::check_watchdog(Picos next_time) const {
  if (options_.watchdog_span == kNever || next_time - last_progress_ <= options_.watchdog_span) {
    return;
  }
  if (quiescent()) {
    return;
  }
  report_deadlock(fmt::format("no progress for {} ps (since t={} ps) while work is outstanding",
                              next_time - last_progress_, last_progress_));
}

void Engine::report_deadlock(const std::string& why) const {
  std::string message = fmt::format("deadlock at t={} ps: {}\n", now_, why);
  for (const Slot& slot : slots_) {
    const Component& c = *slot.component;
    if (!c.has_work()) continue;
    const ClockDomain& clock = clocks_[slot.clock];
    message += fmt::format("  {} ({} cycle {}): {}\n", c.path(), clock.name,
                           clock.cycle_at(now_).value(), c.describe_state());
  }
  for (const LinkBase* link : links_) {
    if (link->size() > 0) {
      message += fmt::format("  {}\n", link->describe_state());
    }
  }
  throw DeadlockError(message);
}

}  // namespace warpsim
