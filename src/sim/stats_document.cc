#include "sim/stats_document.h"

#include <sys/resource.h>

#include <fstream>
#include <stdexcept>

#include "warpsim/version.h"

namespace warpsim {

namespace {

double ratio(double num, double den) { return den == 0 ? 0.0 : num / den; }

// The schema's fixed keys first, then the stat tree's groups (sm, l1d, l2, dram, stalls...).
nlohmann::ordered_json counts(std::uint64_t cycles, std::uint64_t warp_insts,
                              std::uint64_t thread_insts, const StatSnapshot& stats) {
  nlohmann::ordered_json out;
  out["cycles"] = cycles;
  out["warp_insts"] = warp_insts;
  out["thread_insts"] = thread_insts;
  out["ipc"] = ratio(static_cast<double>(thread_insts), static_cast<double>(cycles));
  if (!stats.empty()) {
    const nlohmann::ordered_json tree = stats.to_json();
    for (const auto& [key, value] : tree.items()) {
      if (out.contains(key)) {
        throw std::logic_error("stat '" + key + "' collides with a stats.json schema key");
      }
      out[key] = value;
    }
  }
  return out;
}

nlohmann::ordered_json kernel_json(const KernelRecord& k) {
  nlohmann::ordered_json out;
  out["name"] = k.name;
  out["launch"] = k.launch;
  out["grid"] = k.grid;
  out["block"] = k.block;
  out.update(counts(k.cycles, k.warp_insts, k.thread_insts, k.stats));
  return out;
}

void write_json(const std::filesystem::path& path, const nlohmann::ordered_json& json) {
  std::ofstream out(path);
  out << json.dump(1) << '\n';
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

nlohmann::ordered_json stats_document(const ConfigNode& resolved_config,
                                      const std::vector<KernelRecord>& kernels,
                                      const RunTotals& total, const SimulatorSpeed& speed) {
  nlohmann::ordered_json doc;
  doc["warpsim"] = {{"version", kVersion}, {"git", kGitRevision}};
  doc["config"] = resolved_config.to_json();
  doc["kernels"] = nlohmann::ordered_json::array();
  for (const KernelRecord& k : kernels) doc["kernels"].push_back(kernel_json(k));
  doc["total"] = counts(total.cycles, total.warp_insts, total.thread_insts, total.stats);
  doc["sim"] = {
      {"wall_s", speed.wall_s},
      {"warp_insts_per_s", ratio(static_cast<double>(total.warp_insts), speed.wall_s)},
      {"cycles_per_s", ratio(static_cast<double>(total.cycles), speed.wall_s)},
      {"peak_rss_mb", speed.peak_rss_mb},
  };
  return doc;
}

void write_stats(const std::filesystem::path& dir, const nlohmann::ordered_json& document,
                 const nlohmann::ordered_json& schema) {
  write_json(dir / "stats.json", document);
  write_json(dir / "stats-schema.json", schema);
}

double peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace warpsim
