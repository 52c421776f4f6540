#include "app/run_summary.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace warpsim::app {

namespace {

using Json = nlohmann::ordered_json;

double number(const Json& object, const char* key) {
  return object.contains(key) && object[key].is_number() ? object[key].get<double>() : 0.0;
}

std::string what_ran(const Json& stats) {
  std::string text;
  if (stats.contains("workload")) {
    const Json& w = stats["workload"];
    text = fmt::format("{}:{} ({}), reference check {}", w.value("name", "?"), w.value("size", "?"),
                       w.value("dimensions", ""), w.value("check", "?"));
  } else if (stats.contains("program")) {
    const Json& argv = stats["program"]["argv"];
    text = argv.empty() ? "program" : argv[0].get<std::string>();
  }
  const std::string gpu = stats["config"].value("name", "?");
  return fmt::format("{} on {}, {} mode", text, gpu, stats.value("mode", "?"));
}

std::string cache_line(const char* label, const Json& total, const char* group) {
  if (!total.contains(group)) return fmt::format("  {:<13} (not modelled)\n", label);
  const Json& c = total[group];
  return fmt::format("  {:<13} {:5.1f} %  ({} accesses, {} hits, {} misses)\n", label,
                     100.0 * number(c, "hit_rate"), c.value("accesses", std::uint64_t{0}),
                     c.value("hits", std::uint64_t{0}), c.value("misses", std::uint64_t{0}));
}

std::string dram_line(const Json& stats, const Json& total) {
  const Json& config = stats.at("config");
  if (!total.contains("dram") || !config.contains("dram") || !config.contains("clocks")) {
    return "  DRAM          (not modelled)\n";
  }
  const Json& dram = total["dram"];
  const double bytes = number(dram, "bursts") * number(config["dram"], "burst_bytes");
  const double seconds = number(total, "cycles") / (number(config["clocks"], "core_mhz") * 1e6);
  const double gbps = seconds > 0 ? bytes / seconds / 1e9 : 0.0;
  return fmt::format(
      "  DRAM          {:.1f} GB/s ({:.1f} % data-bus utilization, {} reads, {} writes)\n", gbps,
      100.0 * number(dram, "bandwidth_utilization"), dram.value("reads", std::uint64_t{0}),
      dram.value("writes", std::uint64_t{0}));
}

// The three most frequent reasons a scheduler did not issue, in per cent of scheduler cycles.
std::string stall_line(const Json& total) {
  if (!total.contains("stalls")) return "";
  const Json& stalls = total["stalls"];
  const double all = number(stalls, "scheduler_cycles");
  std::vector<std::pair<double, std::string>> reasons;
  for (const auto& [key, value] : stalls.items()) {
    if (key == "issued" || key == "scheduler_cycles" || !value.is_number()) continue;
    reasons.emplace_back(value.get<double>(), key);
  }
  std::stable_sort(reasons.begin(), reasons.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text = fmt::format("  stalls        issued {:.1f} %",
                                 100.0 * number(stalls, "issued") / std::max(all, 1.0));
  for (std::size_t i = 0; i < reasons.size() && i < 3; ++i) {
    text += fmt::format(", {} {:.1f} %", reasons[i].second,
                        100.0 * reasons[i].first / std::max(all, 1.0));
  }
  return text + " of scheduler cycles\n";
}

}  // namespace

std::string run_summary(const Json& stats) {
  const Json& total = stats["total"];
  const Json& sim = stats["sim"];
  std::string text = fmt::format("warpsim: {}\n", what_ran(stats));
  text += fmt::format("  kernels       {} launches, {} warp instructions, {} thread instructions\n",
                      total.value("kernels", std::uint64_t{0}),
                      total.value("warp_insts", std::uint64_t{0}),
                      total.value("thread_insts", std::uint64_t{0}));
  if (total["cycles"].is_number()) {
    const double cycles = number(total, "cycles");
    text += fmt::format(
        "  cycles        {}  (IPC {:.2f} thread insts/cycle, {:.3f} warp insts/cycle)\n",
        total["cycles"].get<std::uint64_t>(), number(total, "ipc"),
        cycles > 0 ? number(total, "warp_insts") / cycles : 0.0);
    text += cache_line("L1D hit rate", total, "l1d");
    text += cache_line("L2 hit rate", total, "l2");
    text += dram_line(stats, total);
    text += stall_line(total);
  }
  text += fmt::format("  simulated in  {:.2f} s ({:.0f} warp insts/s, peak RSS {:.0f} MB)\n",
                      number(sim, "wall_s"), number(sim, "warp_insts_per_s"),
                      number(sim, "peak_rss_mb"));
  return text;
}

}  // namespace warpsim::app
