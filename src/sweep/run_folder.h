#pragma once

// The folder of one run, OUT/runs/KEY/: what `warpsim run` wrote there (stats.json,
// config.yaml, ...), its output (warpsim.log), and run.json, written last, saying how it
// ended. A folder without run.json holds a run that never finished (the sweep was stopped):
// it runs again.

#include <filesystem>
#include <optional>

#include "sweep/results_db.h"

namespace warpsim::sweep {

std::filesystem::path run_folder(const std::filesystem::path& out, const std::string& key);

// The run's record from its run.json; nullopt when there is none (or it cannot be read).
std::optional<RunRecord> read_run_record(const std::filesystem::path& folder);
// Writes run.json (atomically: a sweep stopped meanwhile leaves none).
void write_run_record(const std::filesystem::path& folder, const RunRecord& record);
// The folder's stats.json, parsed; nullopt when it has none or it is not JSON.
std::optional<nlohmann::json> read_stats(const std::filesystem::path& folder);

}  // namespace warpsim::sweep
