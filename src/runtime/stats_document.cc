#include "runtime/stats_document.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <utility>

#include <fmt/format.h>

#include "warpsim/version.h"

namespace warpsim::runtime {

namespace {

using nlohmann::ordered_json;

double ratio(double num, double den) { return den == 0 ? 0.0 : num / den; }

// Core cycles during which at least one kernel ran: the union of the kernels' [start, end)
// spans, so concurrent kernels count once and idle time between sync points not at all.
std::uint64_t busy_cycles(std::vector<std::pair<std::uint64_t, std::uint64_t>> spans) {
  std::sort(spans.begin(), spans.end());
  std::uint64_t busy = 0;
  std::uint64_t covered = 0;  // end of the union so far
  for (const auto& [start, end] : spans) {
    const std::uint64_t from = std::max(start, covered);
    if (end > from) busy += end - from;
    covered = std::max(covered, end);
  }
  return busy;
}

// One launch of a functional-mode run.
ordered_json functional_kernel(const ordered_json& launch, std::uint64_t index) {
  ordered_json k;
  k["name"] = launch.at("name");
  k["mangled"] = launch.at("mangled");
  k["launch"] = index;
  k["grid"] = launch.at("grid");
  k["block"] = launch.at("block");
  k["dynamic_shared"] = launch.at("dynamic_shared");
  k["ctas"] = launch.at("ctas");
  k["cycles"] = nullptr;
  k["warp_insts"] = launch.at("warp_insts");
  k["thread_insts"] = launch.at("thread_insts");
  k["ipc"] = nullptr;
  return k;
}

// One kernel of a timing-mode run: the fixed keys in docs/stats.md's order, then everything
// else the model reported (occupancy, stalls, sm, memory, ...) as the record has it.
ordered_json timing_kernel(const ordered_json& record) {
  static const char* const kFixed[] = {
      "name", "mangled", "launch",      "stream",    "grid",       "block",       "dynamic_shared",
      "ctas", "cycles",  "start_cycle", "end_cycle", "warp_insts", "thread_insts"};
  ordered_json k;
  for (const char* key : kFixed) k[key] = record.at(key);
  const auto cycles = record.at("cycles").get<std::uint64_t>();
  k["ipc"] = record.contains("ipc") ? record["ipc"]
                                    : ordered_json(ratio(record.at("thread_insts").get<double>(),
                                                         static_cast<double>(cycles)));
  for (const auto& [key, value] : record.items()) {
    if (!k.contains(key)) k[key] = value;
  }
  return k;
}

// The kernels, in launch order (the model records them as they finish), and the whole run's
// record (empty when there is none).
std::pair<std::vector<ordered_json>, ordered_json> timing_kernels(
    const std::vector<ordered_json>& records) {
  ordered_json run = ordered_json::object();
  std::vector<ordered_json> kernels;
  for (const ordered_json& record : records) {
    if (record.contains("name")) {
      kernels.push_back(timing_kernel(record));
    } else if (record.contains("run")) {
      run = record["run"];
    }
  }
  std::stable_sort(kernels.begin(), kernels.end(), [](const auto& a, const auto& b) {
    return a.at("launch").template get<std::uint64_t>() <
           b.at("launch").template get<std::uint64_t>();
  });
  return {std::move(kernels), std::move(run)};
}

}  // namespace

ordered_json stats_document(StatsMode mode, const ConfigNode& resolved, const RunSource& source,
                            const std::vector<ordered_json>& records) {
  const bool timing = mode == StatsMode::kTiming;
  ordered_json doc;
  doc["warpsim"] = {{"version", kVersion}, {"git", kGitRevision}};
  doc["mode"] = timing ? "timing" : "functional";
  doc[source.key] = source.description;
  doc["config"] = resolved.to_json();
  doc["kernels"] = ordered_json::array();
  ordered_json run = ordered_json::object();
  if (timing) {
    auto [kernels, whole_run] = timing_kernels(records);
    doc["kernels"] = std::move(kernels);
    run = std::move(whole_run);
  } else {
    for (const ordered_json& launch : records) {
      doc["kernels"].push_back(functional_kernel(launch, doc["kernels"].size()));
    }
  }
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
  for (const ordered_json& k : doc["kernels"]) {
    warp_insts += k.at("warp_insts").get<std::uint64_t>();
    thread_insts += k.at("thread_insts").get<std::uint64_t>();
    if (timing) {
      spans.emplace_back(k.at("start_cycle").get<std::uint64_t>(),
                         k.at("end_cycle").get<std::uint64_t>());
    }
  }
  const std::uint64_t cycles = busy_cycles(std::move(spans));
  const auto timed = [&](double value) { return timing ? ordered_json(value) : ordered_json(); };
  doc["total"] = {
      {"kernels", doc["kernels"].size()},
      {"cycles", timing ? ordered_json(cycles) : ordered_json()},
      {"warp_insts", warp_insts},
      {"thread_insts", thread_insts},
      {"ipc", timed(ratio(static_cast<double>(thread_insts), static_cast<double>(cycles)))}};
  for (const auto& [key, value] : run.items()) {
    if (!doc["total"].contains(key)) doc["total"][key] = value;
  }
  doc["sim"] = {{"wall_s", source.wall_s},
                {"warp_insts_per_s", ratio(static_cast<double>(warp_insts), source.wall_s)},
                {"cycles_per_s", timed(ratio(static_cast<double>(cycles), source.wall_s))},
                {"peak_rss_mb", source.peak_rss_mb}};
  return doc;
}

std::vector<ordered_json> read_launch_log(const std::filesystem::path& log) {
  std::vector<ordered_json> records;
  std::ifstream in(log);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    try {
      records.push_back(ordered_json::parse(line));
    } catch (const nlohmann::json::exception& e) {
      throw LaunchLogError(
          fmt::format("{}:{}: unreadable launch record ({})", log.string(), number, e.what()));
    }
  }
  return records;
}

}  // namespace warpsim::runtime
