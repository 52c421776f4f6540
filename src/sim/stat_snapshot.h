#pragma once

// Immutable stat values taken from a StatGroup tree at one instant, and the arithmetic that
// turns two such snapshots into a window (a kernel, a region of interest). Formulas are kept
// as functions, not numbers, so that a window's hit rate is computed from the window's own
// counts rather than copied from the cumulative totals.

#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/time.h"

namespace warpsim {

enum class StatKind { kCounter, kHistogram, kTimeWeighted, kFormula };

// "counter", "histogram", "time_weighted" or "formula": the spelling used in stats.json.
std::string_view stat_kind_name(StatKind kind);

// Fixed bucket layout. The last bucket always collects everything above the others, so no
// sample is ever dropped and the layout never grows at run time.
struct HistogramSpec {
  enum class Scale { kLinear, kLog2 };
  Scale scale = Scale::kLinear;
  std::uint64_t bucket_width = 1;  // linear only: bucket i holds [i*w, (i+1)*w)
  std::uint32_t buckets = 16;      // including the overflow bucket; at least 1

  // Log2 bucket i > 0 holds [2^(i-1), 2^i), bucket 0 holds only 0.
  std::uint32_t bucket_of(std::uint64_t value) const {
    const std::uint64_t index = scale == Scale::kLinear
                                    ? value / bucket_width
                                    : static_cast<std::uint64_t>(std::bit_width(value));
    const std::uint64_t last = buckets - 1;
    return static_cast<std::uint32_t>(index < last ? index : last);
  }
  // Smallest value that lands in `bucket` (for plots and tables).
  std::uint64_t bucket_lower_bound(std::uint32_t bucket) const;

  friend bool operator==(const HistogramSpec&, const HistogramSpec&) = default;
};

// "linear" or "log2", as written in stats.json.
std::string_view histogram_scale_name(HistogramSpec::Scale scale);

struct HistogramData {
  HistogramSpec spec;
  std::uint64_t count = 0;
  // Wraps modulo 2^64 like the counters, which keeps window subtraction exact.
  std::uint64_t sum = 0;
  std::vector<std::uint64_t> buckets;

  double mean() const;  // 0 when empty
};

struct TimeWeightedData {
  double integral = 0;  // value x picoseconds
  Picos window = 0;     // picoseconds covered by `integral`
  double current = 0;   // the value held at the end of the window

  double mean() const;  // 0 when the window is empty
};

class GroupValues;

namespace detail {

using FormulaFn = std::function<double(const GroupValues&)>;

struct CounterValue {
  std::uint64_t value = 0;
};
struct FormulaValue {
  std::shared_ptr<const FormulaFn> fn;
};
// Alternative order matches StatKind so that index() is the kind.
using StatData = std::variant<CounterValue, HistogramData, TimeWeightedData, FormulaValue>;

struct SnapshotStat {
  std::string name;
  StatData data;

  StatKind kind() const { return static_cast<StatKind>(data.index()); }
};

// One entry of a group in registration order: either stats[index] or children[index].
struct SnapshotEntry {
  bool is_group = false;
  std::uint32_t index = 0;
  friend bool operator==(const SnapshotEntry&, const SnapshotEntry&) = default;
};

struct SnapshotGroup {
  std::string name;
  std::string path;
  std::vector<SnapshotStat> stats;
  std::vector<SnapshotGroup> children;
  std::vector<SnapshotEntry> order;

  const SnapshotStat* find_stat(std::string_view stat_name) const;
  const SnapshotGroup* find_child(std::string_view child_name) const;
};

// Formulas being evaluated, innermost last; used to report cycles instead of overflowing.
using FormulaStack = std::vector<std::pair<const SnapshotGroup*, const SnapshotStat*>>;

}  // namespace detail

// What a formula sees: the values of one group in one snapshot (or window). Only valid
// during the formula call that received it.
class GroupValues {
 public:
  // Counter value, time-weighted mean, histogram mean, or another formula of the same
  // group. Throws std::logic_error naming the stat if the group has no such stat.
  double operator[](std::string_view stat) const;
  bool contains(std::string_view stat) const;
  // A child group's values, e.g. values.child("l1d")["hits"]. Throws std::logic_error.
  GroupValues child(std::string_view name) const;
  const std::string& path() const { return group_->path; }

 private:
  friend class StatSnapshot;
  GroupValues(const detail::SnapshotGroup& group, detail::FormulaStack& stack)
      : group_(&group), stack_(&stack) {}

  static double stat_value(const detail::SnapshotGroup& group, const detail::SnapshotStat& stat,
                           detail::FormulaStack& stack);
  static double evaluate_formula(const detail::SnapshotGroup& group,
                                 const detail::SnapshotStat& stat, detail::FormulaStack& stack);

  const detail::SnapshotGroup* group_;
  detail::FormulaStack* stack_;
};

// The values of a group and all its descendants at one instant (from StatGroup::snapshot),
// or over a window (a difference of two snapshots), or over several windows (a sum).
// Copies share the immutable tree, so they are cheap.
class StatSnapshot {
 public:
  StatSnapshot() = default;  // empty: no groups; to_json() gives {}

  // The window from `earlier` to this one: counters, histogram buckets, time integrals and
  // window lengths subtract. Throws std::logic_error if the trees differ in any group,
  // stat, kind or histogram layout, or if a count would go negative (wrong order).
  StatSnapshot operator-(const StatSnapshot& earlier) const;
  // The union of two disjoint windows (e.g. all kernels): the same quantities add. An empty
  // snapshot is the identity, so totals can start from StatSnapshot{}.
  StatSnapshot operator+(const StatSnapshot& other) const;

  // Nested objects by group, entries in registration order. Counter -> integer;
  // time-weighted -> mean over its window (0 if the window is empty); histogram ->
  // {"count","sum","mean","scale","bucket_width","buckets"}; formula -> evaluated on this
  // snapshot's values. A NaN or infinite result is written as null, never as a number.
  nlohmann::ordered_json to_json() const;

  // Paths are dotted and relative to the snapshot's group, e.g. "l1d.hits" or "sm[3].ipc".
  // An unknown path throws std::out_of_range; a stat of another kind std::logic_error.
  std::uint64_t counter(std::string_view path) const;
  const HistogramData& histogram(std::string_view path) const;
  const TimeWeightedData& time_weighted(std::string_view path) const;
  // Any stat as a number, the same way a formula sees it (a formula's result may be NaN).
  double value(std::string_view path) const;
  bool contains(std::string_view path) const;

  bool empty() const { return root_ == nullptr; }
  std::string path() const;  // path of the group it was taken from
  Picos taken_at() const { return taken_at_; }
  // Simulated time covered: since time 0 for a live snapshot, the window for a difference,
  // the sum of windows for a sum.
  Picos window() const { return window_; }

 private:
  friend class StatGroup;
  StatSnapshot(std::shared_ptr<const detail::SnapshotGroup> root, Picos taken_at, Picos window)
      : root_(std::move(root)), taken_at_(taken_at), window_(window) {}

  const detail::SnapshotStat* lookup(std::string_view path,
                                     const detail::SnapshotGroup** group = nullptr) const;
  const detail::SnapshotStat& find(std::string_view path,
                                   const detail::SnapshotGroup** group = nullptr) const;
  static nlohmann::ordered_json group_json(const detail::SnapshotGroup& group,
                                           detail::FormulaStack& stack);

  std::shared_ptr<const detail::SnapshotGroup> root_;
  Picos taken_at_ = 0;
  Picos window_ = 0;
};

}  // namespace warpsim
