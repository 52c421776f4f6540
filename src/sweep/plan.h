#pragma once

// An experiment's runs ready to start: each point with its resolved config and its identity.

#include <string>
#include <vector>

#include "sim/config_node.h"
#include "sweep/experiment.h"
#include "sweep/points.h"
#include "sweep/run_identity.h"

namespace warpsim::sweep {

struct PlannedRun {
  Point point;
  std::string label;  // point_label()
  ConfigNode config;  // resolved as `warpsim run` resolves it
  RunIdentity identity;
};

// Every run of `experiment`, in expand()'s order. A run whose config does not resolve (an
// unknown preset, a bad --set value) or whose input cannot be read is a ConfigError naming the
// run; every such run is reported.
std::vector<PlannedRun> plan(const Experiment& experiment);

}  // namespace warpsim::sweep
