#pragma once

// A run's identity: what determines its results, and a hash of it. warpsim is deterministic,
// so two runs with the same identity give the same stats.json (but for `sim`, the simulator's
// own speed): a sweep runs each identity once and keeps its results under the hash.

#include <string>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"
#include "sweep/points.h"

namespace warpsim::sweep {

struct RunIdentity {
  std::string key;  // 32 hexadecimal digits
  // What the key hashes: {"warpsim": version, "mode", "config": the resolved config, "input"}.
  // A workload's input is its name and size; a program's, its path, arguments and a hash of the
  // executable's bytes; a trace's, its kernelslist's path, a hash of its text and the size of
  // each file it lists (trace files are big; a rewritten trace changes in size).
  nlohmann::ordered_json what;
};

// `resolved` is the point's config as `warpsim run` resolves it. An input file that cannot be
// read is a ConfigError.
RunIdentity identify(const Point& point, const ConfigNode& resolved);

// XXH3's 128-bit hash of `bytes`, as 32 hexadecimal digits.
std::string hash_hex(std::string_view bytes);

}  // namespace warpsim::sweep
