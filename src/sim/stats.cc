#include "sim/stats.h"

#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace warpsim {
namespace {

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

bool is_stat_name(std::string_view name) {
  if (name.empty()) {
    return false;
  }
  for (const char c : name) {
    if (!is_name_char(c)) {
      return false;
    }
  }
  return true;
}

// A stat name followed by any number of "[digits]" indices: "sm", "sm[3]", "bank[1][0]".
bool is_group_name(std::string_view name) {
  const std::size_t bracket = name.find('[');
  if (!is_stat_name(name.substr(0, bracket))) {
    return false;
  }
  std::string_view rest = bracket == std::string_view::npos ? "" : name.substr(bracket);
  while (!rest.empty()) {
    const std::size_t close = rest.find(']');
    if (rest.front() != '[' || close == std::string_view::npos || close < 2) {
      return false;
    }
    for (const char c : rest.substr(1, close - 1)) {
      if (c < '0' || c > '9') {
        return false;
      }
    }
    rest.remove_prefix(close + 1);
  }
  return true;
}

}  // namespace

Histogram::Histogram(HistogramSpec spec) {
  if (spec.buckets == 0) {
    throw std::logic_error("histogram needs at least one bucket");
  }
  if (spec.scale == HistogramSpec::Scale::kLinear && spec.bucket_width == 0) {
    throw std::logic_error("linear histogram needs a bucket width above zero");
  }
  data_.spec = spec;
  data_.buckets.assign(spec.buckets, 0);
}

TimeWeightedData TimeWeighted::data() const {
  const Picos now = *clock_;
  if (now < last_change_) {
    throw std::logic_error(fmt::format(
        "time-weighted stat read at {} ps, before its last change at {} ps", now, last_change_));
  }
  TimeWeightedData out;
  out.integral = integral_ + value_ * static_cast<double>(now - last_change_);
  out.window = now - created_at_;
  out.current = value_;
  return out;
}

StatGroup::StatGroup(std::string name, const Picos* clock)
    : name_(std::move(name)), path_(name_), clock_(clock) {
  check_name();
}

StatGroup::StatGroup(std::string name, const StatGroup& parent)
    : name_(std::move(name)), path_(parent.path_ + "." + name_), clock_(parent.clock_) {
  check_name();
}

void StatGroup::check_name() const {
  if (!is_group_name(name_)) {
    throw std::logic_error(
        fmt::format("bad stat group name '{}': use [a-z0-9_]+ with optional [N] indices", path_));
  }
}

StatGroup::~StatGroup() = default;

std::uint32_t StatGroup::add_entry(const std::string& name, std::string unit,
                                   std::string description, bool is_group, StatKind kind,
                                   std::size_t index) {
  if (entry_by_name_.contains(name)) {
    throw std::logic_error(fmt::format("duplicate stat or group name '{}' in {}", name, path_));
  }
  const auto position = static_cast<std::uint32_t>(entries_.size());
  entries_.push_back(Entry{name, std::move(unit), std::move(description), is_group, kind,
                           static_cast<std::uint32_t>(index)});
  entry_by_name_.emplace(name, position);
  return position;
}

StatGroup& StatGroup::child(const std::string& name) {
  if (const auto found = entry_by_name_.find(name); found != entry_by_name_.end()) {
    const Entry& entry = entries_[found->second];
    if (!entry.is_group) {
      throw std::logic_error(fmt::format("'{}' in {} is a stat, not a group", name, path_));
    }
    return *children_[entry.index];
  }
  // Validate before registering so a bad name leaves the group unchanged.
  auto group = std::unique_ptr<StatGroup>(new StatGroup(name, *this));
  add_entry(name, "", "", true, StatKind::kCounter, children_.size());
  children_.push_back(std::move(group));
  return *children_.back();
}

namespace {

void check_stat_name(const std::string& name, const std::string& group_path) {
  if (!is_stat_name(name)) {
    throw std::logic_error(
        fmt::format("bad stat name '{}' in {}: use [a-z0-9_]+", name, group_path));
  }
}

}  // namespace

Counter& StatGroup::counter(const std::string& name, std::string unit, std::string description) {
  check_stat_name(name, path_);
  add_entry(name, std::move(unit), std::move(description), false, StatKind::kCounter,
            counters_.size());
  return counters_.emplace_back();
}

Histogram& StatGroup::histogram(const std::string& name, std::string unit, std::string description,
                                HistogramSpec spec) {
  check_stat_name(name, path_);
  const Histogram probe(spec);  // validates the layout before anything is registered
  add_entry(name, std::move(unit), std::move(description), false, StatKind::kHistogram,
            histograms_.size());
  return histograms_.emplace_back(spec);
}

TimeWeighted& StatGroup::time_weighted(const std::string& name, std::string unit,
                                       std::string description) {
  check_stat_name(name, path_);
  if (clock_ == nullptr) {
    throw std::logic_error(fmt::format(
        "time-weighted stat '{}' in {} needs a clock: give the root group one", name, path_));
  }
  add_entry(name, std::move(unit), std::move(description), false, StatKind::kTimeWeighted,
            time_weighted_.size());
  return time_weighted_.emplace_back(clock_);
}

void StatGroup::formula(const std::string& name, std::string unit, std::string description,
                        Formula fn) {
  check_stat_name(name, path_);
  if (!fn) {
    throw std::logic_error(fmt::format("formula '{}' in {} has no function", name, path_));
  }
  add_entry(name, std::move(unit), std::move(description), false, StatKind::kFormula,
            formulas_.size());
  formulas_.push_back(std::make_shared<const Formula>(std::move(fn)));
}

StatSnapshot StatGroup::snapshot() const {
  const Picos now = clock_ == nullptr ? 0 : *clock_;
  return StatSnapshot(std::make_shared<const detail::SnapshotGroup>(snapshot_group()), now, now);
}

detail::SnapshotGroup StatGroup::snapshot_group() const {
  detail::SnapshotGroup out{name_, path_, {}, {}, {}};
  out.order.reserve(entries_.size());
  for (const Entry& entry : entries_) {
    if (entry.is_group) {
      out.order.push_back({true, static_cast<std::uint32_t>(out.children.size())});
      out.children.push_back(children_[entry.index]->snapshot_group());
    } else {
      out.order.push_back({false, static_cast<std::uint32_t>(out.stats.size())});
      out.stats.push_back(snapshot_stat(entry));
    }
  }
  return out;
}

detail::SnapshotStat StatGroup::snapshot_stat(const Entry& entry) const {
  switch (entry.kind) {
    case StatKind::kCounter:
      return {entry.name, detail::CounterValue{counters_[entry.index].value()}};
    case StatKind::kHistogram:
      return {entry.name, histograms_[entry.index].data()};
    case StatKind::kTimeWeighted:
      return {entry.name, time_weighted_[entry.index].data()};
    case StatKind::kFormula:
      return {entry.name, detail::FormulaValue{formulas_[entry.index]}};
  }
  throw std::logic_error("unknown stat kind");
}

nlohmann::ordered_json StatGroup::schema() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  add_schema(out);
  return out;
}

namespace {

// "gpu.sm[12].l1d[0].hits" -> "gpu.sm[*].l1d[*].hits": every bracketed decimal index.
std::string kind_path(const std::string& path) {
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    out += path[i];
    if (path[i] != '[') continue;
    std::size_t end = i + 1;
    while (end < path.size() && path[end] >= '0' && path[end] <= '9') ++end;
    if (end > i + 1 && end < path.size() && path[end] == ']') {
      out += '*';
      i = end - 1;
    }
  }
  return out;
}

}  // namespace

nlohmann::ordered_json StatGroup::schema_by_kind() const {
  const nlohmann::ordered_json all = schema();
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [path, stat] : all.items()) {
    const std::string kind = kind_path(path);
    if (!out.contains(kind)) {
      out[kind] = stat;
    } else if (out[kind] != stat) {
      throw std::logic_error(fmt::format("stat {} is registered unlike the other {}: {} against {}",
                                         path, kind, stat.dump(), out[kind].dump()));
    }
  }
  return out;
}

void StatGroup::add_schema(nlohmann::ordered_json& out) const {
  for (const Entry& entry : entries_) {
    if (entry.is_group) {
      children_[entry.index]->add_schema(out);
      continue;
    }
    nlohmann::ordered_json& stat = out[path_ + "." + entry.name];
    stat["kind"] = std::string(stat_kind_name(entry.kind));
    stat["unit"] = entry.unit;
    stat["description"] = entry.description;
    if (entry.kind == StatKind::kHistogram) {
      const HistogramSpec& spec = histograms_[entry.index].spec();
      stat["scale"] = std::string(histogram_scale_name(spec.scale));
      stat["bucket_width"] = spec.bucket_width;
      stat["buckets"] = spec.buckets;
    }
  }
}

}  // namespace warpsim
