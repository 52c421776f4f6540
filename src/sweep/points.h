#pragma once

// The runs of an experiment (experiment.h): one per combination of its axes' levels, each with
// the settings the top level and its levels give it.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sweep/experiment.h"

namespace warpsim::sweep {

struct Point {
  std::size_t index = 0;            // in expand()'s order
  std::vector<std::size_t> levels;  // one per axis, in the experiment's axis order
  std::string gpu;
  std::vector<std::string> overlays;
  std::vector<std::string> sets;  // "PATH=VALUE", as `warpsim run --set` takes them
  std::string mode = "timing";
  Input input;  // a workload's spec always has its size: NAME:SIZE
};

// Every run, the first axis varying slowest. A setting that two places would both decide (a gpu
// at the top level and on an axis, one config path set on two axes), a run without a gpu or an
// input, or a workload warpsim does not have is a ConfigError naming where it was written.
std::vector<Point> expand(const Experiment& experiment);

// The run a run is compared with (Experiment::baseline): its index in expand()'s order, or
// nullopt when the experiment has no baseline.
std::optional<std::size_t> baseline_of(const Experiment& experiment, const Point& point);

// "gpu=v100 variant=mrpb workload=polybench/atax:small": the run's level on each axis.
std::string point_label(const Experiment& experiment, const Point& point);

// The `warpsim run` arguments after "run" for a point, its output going to `out`.
std::vector<std::string> run_arguments(const Point& point, const std::string& out);

}  // namespace warpsim::sweep
