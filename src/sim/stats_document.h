#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"
#include "sim/stat_snapshot.h"

namespace warpsim {

// One kernel launch's figures: what the schema names explicitly, plus the window of the
// stat tree that the launch covered (gpu.sm, gpu.l1d, ... become its nested objects).
struct KernelRecord {
  std::string name;
  std::uint64_t launch = 0;  // launch order, from 0
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::uint64_t cycles = 0;  // core cycles
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  StatSnapshot stats;
};

// The whole run: `stats` is the full tree over the run (including any time between kernels).
struct RunTotals {
  std::uint64_t cycles = 0;
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  StatSnapshot stats;
};

// How fast the simulator itself was.
struct SimulatorSpeed {
  double wall_s = 0;
  double peak_rss_mb = 0;
};

// The canonical output (docs/stats.md): {"warpsim", "config", "kernels", "total", "sim"}.
// IPC is thread instructions per core cycle (as GPGPU-Sim reports it), with warp_insts
// beside it. Rates with a zero denominator are written as 0.
nlohmann::ordered_json stats_document(const ConfigNode& resolved_config,
                                      const std::vector<KernelRecord>& kernels,
                                      const RunTotals& total, const SimulatorSpeed& speed);

// Writes stats.json and stats-schema.json (every stat's kind, unit and description) into
// `dir`. Throws std::runtime_error naming the file if it cannot be written.
void write_stats(const std::filesystem::path& dir, const nlohmann::ordered_json& document,
                 const nlohmann::ordered_json& schema);

// Peak resident set size of this process so far, in MiB.
double peak_rss_mb();

}  // namespace warpsim
