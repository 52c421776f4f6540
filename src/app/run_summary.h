#pragma once

// A readable summary of a timing-mode stats.json, for people (`warpsim run --summary`, and
// `make run`): cycles, IPC, L1D and L2 hit rates, DRAM bandwidth and the top stall reasons of
// the whole run. Scripts read stats.json instead.

#include <string>

#include <nlohmann/json.hpp>

namespace warpsim::app {

// A few lines; for a functional-mode document only the instruction counts (it has no timing).
std::string run_summary(const nlohmann::ordered_json& stats);

}  // namespace warpsim::app
