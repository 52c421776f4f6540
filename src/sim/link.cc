#include "sim/link.h"

#include <stdexcept>

#include <fmt/format.h>

#include "sim/component.h"
#include "sim/stats.h"

namespace warpsim {

LinkBase::LinkBase(Engine& engine, StatGroup& stats, std::string name, const Component& from,
                   const Component& to, LinkParams params)
    : engine_(engine),
      name_(std::move(name)),
      from_(from.id()),
      to_(to.id()),
      sender_period_(from.clock().period),
      params_(params),
      sent_(stats.counter("sent", "messages", "messages accepted by the link")),
      refused_full_(stats.counter(
          "refused_full", "episodes",
          "runs of refused sends that began because the link was at capacity (a run of "
          "refusals with no accepted send between them counts once, so the count does not "
          "depend on how often a blocked sender retries)")),
      refused_width_(stats.counter(
          "refused_width", "episodes",
          "runs of refused sends that began because the per-cycle width was used up")),
      occupancy_stat_(stats.time_weighted("occupancy", "messages",
                                          "messages held by the link, averaged over time")) {
  if (params.capacity == 0 || params.latency == 0 || params.width == 0) {
    throw std::invalid_argument(
        fmt::format("link '{}': capacity, latency and width must be at least 1 (got {}, {}, {})",
                    name_, params.capacity, params.latency, params.width));
  }
}

std::uint32_t LinkBase::occupancy() const {
  const std::uint32_t not_yet_freed = pop_time_ == engine_.now() ? popped_at_pop_time_ : 0;
  return static_cast<std::uint32_t>(count_) + not_yet_freed;
}

bool LinkBase::can_send() const {
  const Picos cycle_start = engine_.now() / sender_period_ * sender_period_;
  const bool width_left = cycle_start != send_cycle_time_ || sent_this_cycle_ < params_.width;
  return width_left && occupancy() < params_.capacity;
}

bool LinkBase::admit(Picos& ready_time) {
  const Picos now = engine_.now();
  const Picos cycle_start = now / sender_period_ * sender_period_;
  if (cycle_start != send_cycle_time_) {
    send_cycle_time_ = cycle_start;
    sent_this_cycle_ = 0;
  }
  if (sent_this_cycle_ >= params_.width) {
    if (!refusing_) refused_width_.inc();
    refusing_ = true;
    engine_.request_wake(from_, cycle_start + sender_period_);
    return false;
  }
  if (occupancy() >= params_.capacity) {
    if (!refusing_) refused_full_.inc();
    refusing_ = true;
    sender_waiting_ = true;
    if (count_ < params_.capacity) {
      // Full only because of this instant's pops: space appears on the next edge.
      engine_.request_wake(from_, now + 1);
    }
    return false;
  }
  refusing_ = false;
  ++sent_this_cycle_;
  ++count_;
  sent_.inc();
  occupancy_stat_.set(static_cast<double>(count_));
  ready_time = now + params_.latency * sender_period_;
  engine_.request_wake(to_, ready_time);
  engine_.note_progress();
  return true;
}

void LinkBase::on_pop() {
  const Picos now = engine_.now();
  if (pop_time_ != now) {
    pop_time_ = now;
    popped_at_pop_time_ = 0;
  }
  ++popped_at_pop_time_;
  --count_;
  occupancy_stat_.set(static_cast<double>(count_));
  if (front_ready_ != kNever) {
    engine_.request_wake(to_, front_ready_);
  }
  if (sender_waiting_) {
    sender_waiting_ = false;
    engine_.request_wake(from_, now + 1);
  }
  engine_.note_progress();
}

std::string LinkBase::describe_state() const {
  return fmt::format("link {}: {} of {} messages held, oldest visible at t={} ps{}", name_, count_,
                     params_.capacity, front_ready_,
                     sender_waiting_ ? ", sender waiting for space" : "");
}

}  // namespace warpsim
