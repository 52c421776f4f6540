#pragma once

// A probed Hierarchy as `warpsim probe` (and microbench/native) writes it: JSON and a text table
// for people. The JSON object has, in this order:
//   device      the device's name
//   parts       {part: wall-clock seconds} for the parts that ran (probe_all.h)
//   l1d, l2, texture, readonly   a cache: size_bytes, array_address (where the size search's
//               array began), line_bytes, sets, ways (a number; a list per set when the sets
//               differ), replacement, set_mapping, hit_latency,
//               miss_latency (cycles), victim_share (list), note
//   tlb         a list by level: level, entries, page_bytes, sets, ways, replacement,
//               miss_penalty (cycles), note
//   shared      banks, bank_bytes, latency, conflict_latency (cycles for degree 1..32),
//               conflict_latency_8byte (null where the GPU has no 8-byte mode)
//   global      p1 ... p6 (cycles; null where the pattern cannot occur), data_cache
//   bandwidth   global_bytes_per_cycle, global_gb_s, global_config,
//               shared_bytes_per_cycle_per_sm, shared_gb_s_per_sm, shared_config (the peaks),
//               global_points, shared_points (every point of the sweeps: ctas_per_sm, threads,
//               ilp, bytes_per_cycle, gb_s; global whole-GPU, shared per SM)
// A structure is null where the GPU lacks it, it could not be inferred, or its part did not run
// (`parts` says which ran).

#include <string>

#include <nlohmann/json.hpp>

#include "probe/hierarchy.h"

namespace warpsim::probe {

nlohmann::ordered_json to_json(const Hierarchy& hierarchy);

std::string to_table(const Hierarchy& hierarchy);

}  // namespace warpsim::probe
