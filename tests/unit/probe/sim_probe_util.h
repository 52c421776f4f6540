#pragma once

// A SimDevice on a preset from the source tree's configs/, and the config keys tests compute
// expectations from.

#include <cstdint>
#include <string>
#include <vector>

#include "../../support/preset_config.h"

namespace warpsim::probe::test {

inline ConfigNode sim_config(const std::string& preset, std::vector<std::string> sets = {}) {
  return warpsim::testing::preset_config(preset, std::move(sets));
}

// The resolved value at a dotted path ("sm.l1d.hit_latency").
inline const ConfigNode& key(const ConfigNode& config, const std::string& dotted) {
  const ConfigNode* node = &config;
  std::size_t begin = 0;
  while (begin <= dotted.size()) {
    const std::size_t end = std::min(dotted.find('.', begin), dotted.size());
    node = &node->at(dotted.substr(begin, end - begin));
    begin = end + 1;
  }
  return *node;
}

inline std::uint64_t uint_key(const ConfigNode& config, const std::string& dotted) {
  return key(config, dotted).as_uint();
}

}  // namespace warpsim::probe::test
