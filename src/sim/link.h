#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <utility>

#include "sim/engine.h"
#include "sim/time.h"

namespace warpsim {

class Component;
class Counter;
class StatGroup;
class TimeWeighted;

struct LinkParams {
  std::uint32_t capacity = 1;  // messages held at once, in flight or waiting to be popped
  std::uint32_t latency = 1;   // sender cycles from try_send until the receiver can pop
  std::uint32_t width = 1;     // messages accepted per sender cycle
};

// The untyped half of a Link: timing rules, wake-ups and stats. Contract:
//  - A message sent at time t is visible to the receiver from t + latency sender cycles.
//  - Space freed by a pop is visible to the sender only after the current instant, and a
//    message is never visible in the instant it was sent, so the order in which components
//    run within one instant never changes what they see.
//  - A refused try_send (full, or width used up this cycle) wakes the sender when it could
//    succeed; a send wakes the receiver when the message becomes visible.
class LinkBase {
 public:
  LinkBase(Engine& engine, StatGroup& stats, std::string name, const Component& from,
           const Component& to, LinkParams params);
  LinkBase(const LinkBase&) = delete;
  LinkBase& operator=(const LinkBase&) = delete;
  virtual ~LinkBase() = default;

  const std::string& name() const { return name_; }
  const LinkParams& params() const { return params_; }
  std::size_t size() const { return count_; }
  std::string describe_state() const;

  // True if a try_send now would be accepted.
  bool can_send() const;

 protected:
  // Checks capacity and width; on refusal arranges the sender's wake-up. On acceptance
  // records the send and returns the time the message becomes visible.
  bool admit(Picos& ready_time);
  void on_pop();
  bool visible(Picos ready_time) const { return ready_time <= engine_.now(); }
  Picos front_ready_ = kNever;  // maintained by Link<Msg> for describe_state()

 private:
  std::uint32_t occupancy() const;

  Engine& engine_;
  std::string name_;
  ComponentId from_;
  ComponentId to_;
  Picos sender_period_;
  LinkParams params_;
  std::size_t count_ = 0;
  Picos send_cycle_time_ = kNever;  // start of the sender cycle the width count refers to
  std::uint32_t sent_this_cycle_ = 0;
  Picos pop_time_ = kNever;
  std::uint32_t popped_at_pop_time_ = 0;
  bool sender_waiting_ = false;
  bool refusing_ = false;  // the latest attempt was refused
  Counter& sent_;
  Counter& refused_full_;
  Counter& refused_width_;
  TimeWeighted& occupancy_stat_;
};

// A typed, bounded, latency-and-width-limited channel between two components. Only the GPU
// builder creates Links (Simulation::connect); components keep references to theirs.
template <class Msg>
class Link : public LinkBase {
 public:
  using LinkBase::LinkBase;

  // Returns false (and leaves `msg` untouched) when the link refuses it: back-pressure.
  bool try_send(Msg& msg) {
    Picos ready = 0;
    if (!admit(ready)) return false;
    queue_.push_back(Entry{ready, std::move(msg)});
    front_ready_ = queue_.front().ready;
    return true;
  }
  bool try_send(Msg&& msg) { return try_send(msg); }

  // The oldest message if it is visible now, else nullptr.
  const Msg* peek() const {
    return !queue_.empty() && visible(queue_.front().ready) ? &queue_.front().msg : nullptr;
  }
  Msg* peek() {
    return !queue_.empty() && visible(queue_.front().ready) ? &queue_.front().msg : nullptr;
  }
  bool ready() const { return peek() != nullptr; }

  // Removes the oldest message; only valid when ready().
  Msg pop() {
    Msg msg = std::move(queue_.front().msg);
    queue_.pop_front();
    front_ready_ = queue_.empty() ? kNever : queue_.front().ready;
    on_pop();
    return msg;
  }

 private:
  struct Entry {
    Picos ready;
    Msg msg;
  };
  std::deque<Entry> queue_;
};

}  // namespace warpsim
