#pragma once

// Live statistics. Each component owns a StatGroup at its path (gpu.sm[3].l1d), registers
// its stats once while the model is built and keeps references to them; the hot path only
// touches a Counter, Histogram or TimeWeighted directly. Output goes through snapshots
// (stat_snapshot.h), which is where windows, formulas and JSON live.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/stat_snapshot.h"
#include "sim/time.h"

namespace warpsim {

// Stats are neither copyable nor movable: a component that wrote `auto c = group.counter(...)`
// would otherwise count into a private copy that never reaches stats.json.
class Counter {
 public:
  Counter() = default;
  Counter(const Counter&) = delete;
  Counter& operator=(const Counter&) = delete;

  void inc(std::uint64_t n = 1) { value_ += n; }
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t value_ = 0;
};

class Histogram {
 public:
  // Throws std::logic_error for a layout with no buckets or a zero linear bucket width.
  explicit Histogram(HistogramSpec spec);
  Histogram(const Histogram&) = delete;
  Histogram& operator=(const Histogram&) = delete;

  void sample(std::uint64_t value, std::uint64_t times = 1) {
    data_.buckets[data_.spec.bucket_of(value)] += times;
    data_.count += times;
    data_.sum += value * times;
  }
  std::uint64_t count() const { return data_.count; }
  std::uint64_t sum() const { return data_.sum; }
  double mean() const { return data_.mean(); }
  std::uint64_t bucket(std::uint32_t index) const { return data_.buckets.at(index); }
  const HistogramSpec& spec() const { return data_.spec; }
  const HistogramData& data() const { return data_; }

 private:
  HistogramData data_;
};

// A quantity that holds a value over time (queue occupancy, active warps). It is kept as an
// integral over picoseconds, updated only when the value changes, so spans the engine skips
// are integrated exactly and ticking every cycle gives bit-identical results to skipping.
// Integrals of integer values are exact while value x time stays below 2^53.
class TimeWeighted {
 public:
  // `clock` is the simulation's current time; the stat's window starts at its value now.
  explicit TimeWeighted(const Picos* clock)
      : clock_(clock), created_at_(*clock), last_change_(*clock) {}
  TimeWeighted(const TimeWeighted&) = delete;
  TimeWeighted& operator=(const TimeWeighted&) = delete;

  void set(double value) {
    // Folding only on change keeps the sum's terms independent of how often callers sample.
    if (value == value_) {
      return;
    }
    const Picos now = *clock_;
    integral_ += value_ * static_cast<double>(now - last_change_);
    last_change_ = now;
    value_ = value;
  }
  void add(double delta) { set(value_ + delta); }
  double current() const { return value_; }

  // Integral and window from creation up to the clock's current time. Throws
  // std::logic_error if the clock has gone back before the last change.
  TimeWeightedData data() const;

 private:
  const Picos* clock_;
  Picos created_at_;
  Picos last_change_;
  double value_ = 0;
  double integral_ = 0;
};

// A node of the stat tree. Names of stats are [a-z0-9_]+; names of child groups may add
// indices, e.g. "sm[3]" or "bank[1][0]". Stats and children share one namespace per group
// (they become keys of the same JSON object), and output follows registration order.
// Registration errors (bad or duplicate names) are programming errors: std::logic_error.
class StatGroup {
 public:
  using Formula = detail::FormulaFn;  // double(const GroupValues&)

  // A root group, e.g. ("gpu", &engine_time). `clock` is read by time-weighted stats and by
  // snapshot(); it may be null if the tree has no time-weighted stats.
  StatGroup(std::string name, const Picos* clock);
  StatGroup(const StatGroup&) = delete;
  StatGroup& operator=(const StatGroup&) = delete;
  ~StatGroup();

  // Creates the child on first use and returns the same group afterwards.
  StatGroup& child(const std::string& name);

  Counter& counter(const std::string& name, std::string unit, std::string description);
  Histogram& histogram(const std::string& name, std::string unit, std::string description,
                       HistogramSpec spec);
  TimeWeighted& time_weighted(const std::string& name, std::string unit, std::string description);
  // `fn` is evaluated on each snapshot's values (see GroupValues), never on live stats.
  void formula(const std::string& name, std::string unit, std::string description, Formula fn);

  const std::string& name() const { return name_; }
  std::string path() const { return path_; }

  // This group and all descendants, at the clock's current time.
  StatSnapshot snapshot() const;
  // Flat object: full stat path -> {"kind","unit","description"} (histograms add their
  // layout), in registration order.
  nlohmann::ordered_json schema() const;
  // The same with every index of an indexed component written [*] ("gpu.sm[*].warp_insts"):
  // one entry per stat of each kind of component, in first-registration order. Throws
  // std::logic_error if two instances register one stat differently.
  nlohmann::ordered_json schema_by_kind() const;

 private:
  struct Entry {
    std::string name;
    std::string unit;
    std::string description;
    bool is_group = false;
    StatKind kind = StatKind::kCounter;  // when !is_group
    std::uint32_t index = 0;             // into the container for `kind`, or children_
  };

  StatGroup(std::string name, const StatGroup& parent);
  void check_name() const;

  std::uint32_t add_entry(const std::string& name, std::string unit, std::string description,
                          bool is_group, StatKind kind, std::size_t index);
  detail::SnapshotGroup snapshot_group() const;
  detail::SnapshotStat snapshot_stat(const Entry& entry) const;
  void add_schema(nlohmann::ordered_json& out) const;

  std::string name_;
  std::string path_;
  const Picos* clock_;
  // Deques and unique_ptrs: components hold references, so nothing may move on growth.
  std::deque<Counter> counters_;
  std::deque<Histogram> histograms_;
  std::deque<TimeWeighted> time_weighted_;
  std::vector<std::shared_ptr<const Formula>> formulas_;
  std::vector<std::unique_ptr<StatGroup>> children_;
  std::vector<Entry> entries_;
  std::map<std::string, std::uint32_t, std::less<>> entry_by_name_;
};

}  // namespace warpsim
