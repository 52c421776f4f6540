#include "sim/stat_snapshot.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace warpsim {
namespace {

using detail::CounterValue;
using detail::FormulaStack;
using detail::FormulaValue;
using detail::SnapshotGroup;
using detail::SnapshotStat;

std::string join_path(std::string_view group_path, std::string_view name) {
  return group_path.empty() ? std::string(name) : fmt::format("{}.{}", group_path, name);
}

// JSON has no NaN or infinity; null says "undefined" without inventing a number.
nlohmann::ordered_json json_number(double value) {
  if (!std::isfinite(value)) {
    return nullptr;
  }
  return value;
}

enum class Op { kSubtract, kAdd };

// Subtraction that refuses to go negative: a negative count means the operands were swapped
// or come from different runs, and a wrapped huge number would hide that.
std::uint64_t combine_count(std::uint64_t a, std::uint64_t b, Op op, const std::string& what) {
  if (op == Op::kAdd) {
    return a + b;
  }
  if (b > a) {
    throw std::logic_error(fmt::format(
        "stat snapshot difference: {} would be negative ({} - {}); is the earlier snapshot "
        "really earlier and from the same run?",
        what, a, b));
  }
  return a - b;
}

HistogramData combine_histograms(const HistogramData& a, const HistogramData& b, Op op,
                                 const std::string& path) {
  if (!(a.spec == b.spec) || a.buckets.size() != b.buckets.size()) {
    throw std::logic_error(
        fmt::format("stat snapshots differ in structure: histogram {} has another layout", path));
  }
  HistogramData out;
  out.spec = a.spec;
  out.count = combine_count(a.count, b.count, op, path + " count");
  out.sum = op == Op::kAdd ? a.sum + b.sum : a.sum - b.sum;
  out.buckets.resize(a.buckets.size());
  for (std::size_t i = 0; i < a.buckets.size(); ++i) {
    out.buckets[i] =
        combine_count(a.buckets[i], b.buckets[i], op, fmt::format("{} bucket {}", path, i));
  }
  return out;
}

TimeWeightedData combine_time_weighted(const TimeWeightedData& a, const TimeWeightedData& b, Op op,
                                       const std::string& path) {
  TimeWeightedData out;
  out.integral = op == Op::kAdd ? a.integral + b.integral : a.integral - b.integral;
  out.window = combine_count(a.window, b.window, op, path + " window");
  out.current = a.current;
  return out;
}

SnapshotStat combine_stats(const SnapshotStat& a, const SnapshotStat& b, Op op,
                           const std::string& group_path) {
  const std::string path = join_path(group_path, a.name);
  if (a.name != b.name || a.kind() != b.kind()) {
    throw std::logic_error(fmt::format("stat snapshots differ in structure: {} ({}) vs {} ({})",
                                       path, stat_kind_name(a.kind()),
                                       join_path(group_path, b.name), stat_kind_name(b.kind())));
  }
  SnapshotStat out{a.name, a.data};
  switch (a.kind()) {
    case StatKind::kCounter:
      out.data = CounterValue{combine_count(std::get<CounterValue>(a.data).value,
                                            std::get<CounterValue>(b.data).value, op, path)};
      break;
    case StatKind::kHistogram:
      out.data = combine_histograms(std::get<HistogramData>(a.data),
                                    std::get<HistogramData>(b.data), op, path);
      break;
    case StatKind::kTimeWeighted:
      out.data = combine_time_weighted(std::get<TimeWeightedData>(a.data),
                                       std::get<TimeWeightedData>(b.data), op, path);
      break;
    case StatKind::kFormula:
      break;  // the left operand's function, evaluated later on the combined values
  }
  return out;
}

SnapshotGroup combine_groups(const SnapshotGroup& a, const SnapshotGroup& b, Op op) {
  if (a.name != b.name || a.order != b.order) {
    throw std::logic_error(fmt::format(
        "stat snapshots differ in structure: group {} vs {} (different names, or stats or "
        "children registered in between)",
        a.path, b.path));
  }
  SnapshotGroup out{a.name, a.path, {}, {}, a.order};
  out.stats.reserve(a.stats.size());
  for (std::size_t i = 0; i < a.stats.size(); ++i) {
    out.stats.push_back(combine_stats(a.stats[i], b.stats[i], op, a.path));
  }
  out.children.reserve(a.children.size());
  for (std::size_t i = 0; i < a.children.size(); ++i) {
    out.children.push_back(combine_groups(a.children[i], b.children[i], op));
  }
  return out;
}

nlohmann::ordered_json histogram_json(const HistogramData& histogram) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  out["count"] = histogram.count;
  out["sum"] = histogram.sum;
  out["mean"] = json_number(histogram.mean());
  out["scale"] = std::string(histogram_scale_name(histogram.spec.scale));
  out["bucket_width"] = histogram.spec.bucket_width;
  out["buckets"] = histogram.buckets;
  return out;
}

}  // namespace

std::string_view stat_kind_name(StatKind kind) {
  switch (kind) {
    case StatKind::kCounter:
      return "counter";
    case StatKind::kHistogram:
      return "histogram";
    case StatKind::kTimeWeighted:
      return "time_weighted";
    case StatKind::kFormula:
      return "formula";
  }
  return "unknown";
}

std::string_view histogram_scale_name(HistogramSpec::Scale scale) {
  return scale == HistogramSpec::Scale::kLinear ? "linear" : "log2";
}

std::uint64_t HistogramSpec::bucket_lower_bound(std::uint32_t bucket) const {
  if (scale == Scale::kLinear) {
    return bucket * bucket_width;
  }
  return bucket == 0 ? 0 : std::uint64_t{1} << (bucket - 1);
}

double HistogramData::mean() const {
  return count == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(count);
}

double TimeWeightedData::mean() const {
  return window == 0 ? 0.0 : integral / static_cast<double>(window);
}

namespace detail {

const SnapshotStat* SnapshotGroup::find_stat(std::string_view stat_name) const {
  for (const SnapshotStat& stat : stats) {
    if (stat.name == stat_name) {
      return &stat;
    }
  }
  return nullptr;
}

const SnapshotGroup* SnapshotGroup::find_child(std::string_view child_name) const {
  for (const SnapshotGroup& child : children) {
    if (child.name == child_name) {
      return &child;
    }
  }
  return nullptr;
}

}  // namespace detail

double GroupValues::operator[](std::string_view stat) const {
  const SnapshotStat* found = group_->find_stat(stat);
  if (found == nullptr) {
    throw std::logic_error(
        fmt::format("formula refers to unknown stat '{}' in group {}", stat, group_->path));
  }
  return stat_value(*group_, *found, *stack_);
}

bool GroupValues::contains(std::string_view stat) const {
  return group_->find_stat(stat) != nullptr;
}

GroupValues GroupValues::child(std::string_view name) const {
  const SnapshotGroup* found = group_->find_child(name);
  if (found == nullptr) {
    throw std::logic_error(
        fmt::format("formula refers to unknown group '{}' in group {}", name, group_->path));
  }
  return GroupValues(*found, *stack_);
}

double GroupValues::stat_value(const SnapshotGroup& group, const SnapshotStat& stat,
                               FormulaStack& stack) {
  switch (stat.kind()) {
    case StatKind::kCounter:
      return static_cast<double>(std::get<CounterValue>(stat.data).value);
    case StatKind::kHistogram:
      return std::get<HistogramData>(stat.data).mean();
    case StatKind::kTimeWeighted:
      return std::get<TimeWeightedData>(stat.data).mean();
    case StatKind::kFormula:
      return evaluate_formula(group, stat, stack);
  }
  return 0.0;
}

double GroupValues::evaluate_formula(const SnapshotGroup& group, const SnapshotStat& stat,
                                     FormulaStack& stack) {
  const auto same = [&](const auto& frame) { return frame.second == &stat; };
  if (std::find_if(stack.begin(), stack.end(), same) != stack.end()) {
    std::string cycle;
    for (const auto& [frame_group, frame_stat] : stack) {
      cycle += join_path(frame_group->path, frame_stat->name) + " -> ";
    }
    throw std::logic_error("formula cycle: " + cycle + join_path(group.path, stat.name));
  }
  // Popped on every exit, so a throwing formula leaves the stack consistent for the caller.
  struct Frame {
    FormulaStack& stack;
    ~Frame() { stack.pop_back(); }
  };
  stack.emplace_back(&group, &stat);
  const Frame frame{stack};
  return (*std::get<FormulaValue>(stat.data).fn)(GroupValues(group, stack));
}

StatSnapshot StatSnapshot::operator-(const StatSnapshot& earlier) const {
  if (empty() || earlier.empty()) {
    throw std::logic_error("stat snapshot difference with an empty snapshot");
  }
  auto root =
      std::make_shared<const SnapshotGroup>(combine_groups(*root_, *earlier.root_, Op::kSubtract));
  const Picos window = combine_count(window_, earlier.window_, Op::kSubtract,
                                     fmt::format("window of {}", root_->path));
  return StatSnapshot(std::move(root), taken_at_, window);
}

StatSnapshot StatSnapshot::operator+(const StatSnapshot& other) const {
  if (empty()) {
    return other;
  }
  if (other.empty()) {
    return *this;
  }
  auto root = std::make_shared<const SnapshotGroup>(combine_groups(*root_, *other.root_, Op::kAdd));
  return StatSnapshot(std::move(root), std::max(taken_at_, other.taken_at_),
                      window_ + other.window_);
}

nlohmann::ordered_json StatSnapshot::group_json(const SnapshotGroup& group, FormulaStack& stack) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const detail::SnapshotEntry& entry : group.order) {
    if (entry.is_group) {
      const SnapshotGroup& child = group.children[entry.index];
      out[child.name] = group_json(child, stack);
      continue;
    }
    const SnapshotStat& stat = group.stats[entry.index];
    switch (stat.kind()) {
      case StatKind::kCounter:
        out[stat.name] = std::get<CounterValue>(stat.data).value;
        break;
      case StatKind::kHistogram:
        out[stat.name] = histogram_json(std::get<HistogramData>(stat.data));
        break;
      case StatKind::kTimeWeighted:
        out[stat.name] = json_number(std::get<TimeWeightedData>(stat.data).mean());
        break;
      case StatKind::kFormula:
        out[stat.name] = json_number(GroupValues::evaluate_formula(group, stat, stack));
        break;
    }
  }
  return out;
}

nlohmann::ordered_json StatSnapshot::to_json() const {
  if (empty()) {
    return nlohmann::ordered_json::object();
  }
  FormulaStack stack;
  return group_json(*root_, stack);
}

const SnapshotStat* StatSnapshot::lookup(std::string_view path, const SnapshotGroup** group) const {
  const SnapshotGroup* current = root_.get();
  std::string_view rest = path;
  for (std::size_t dot = rest.find('.'); current != nullptr && dot != std::string_view::npos;
       dot = rest.find('.')) {
    current = current->find_child(rest.substr(0, dot));
    rest.remove_prefix(dot + 1);
  }
  if (current == nullptr) {
    return nullptr;
  }
  if (group != nullptr) {
    *group = current;
  }
  return current->find_stat(rest);
}

const SnapshotStat& StatSnapshot::find(std::string_view path, const SnapshotGroup** group) const {
  const SnapshotStat* stat = lookup(path, group);
  if (stat == nullptr) {
    throw std::out_of_range(fmt::format("no stat '{}' in snapshot of '{}'", path, this->path()));
  }
  return *stat;
}

namespace {

template <typename T>
const T& expect_kind(const SnapshotStat& stat, StatKind kind, std::string_view path) {
  if (stat.kind() != kind) {
    throw std::logic_error(fmt::format("stat '{}' is a {}, not a {}", path,
                                       stat_kind_name(stat.kind()), stat_kind_name(kind)));
  }
  return std::get<T>(stat.data);
}

}  // namespace

std::uint64_t StatSnapshot::counter(std::string_view path) const {
  return expect_kind<CounterValue>(find(path), StatKind::kCounter, path).value;
}

const HistogramData& StatSnapshot::histogram(std::string_view path) const {
  return expect_kind<HistogramData>(find(path), StatKind::kHistogram, path);
}

const TimeWeightedData& StatSnapshot::time_weighted(std::string_view path) const {
  return expect_kind<TimeWeightedData>(find(path), StatKind::kTimeWeighted, path);
}

double StatSnapshot::value(std::string_view path) const {
  const SnapshotGroup* group = nullptr;
  const SnapshotStat& stat = find(path, &group);
  FormulaStack stack;
  return GroupValues::stat_value(*group, stat, stack);
}

bool StatSnapshot::contains(std::string_view path) const { return lookup(path) != nullptr; }

std::string StatSnapshot::path() const { return empty() ? std::string() : root_->path; }

}  // namespace warpsim
