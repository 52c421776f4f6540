#include "sweep/plan.h"

#include <fmt/format.h>

#include "gpu/gpu_config.h"

namespace warpsim::sweep {

std::vector<PlannedRun> plan(const Experiment& experiment) {
  std::vector<PlannedRun> runs;
  std::vector<std::string> problems;
  for (Point& point : expand(experiment)) {
    PlannedRun run;
    run.label = point_label(experiment, point);
    try {
      run.config = resolve_gpu_config(ConfigRequest{point.gpu, point.overlays, point.sets});
      run.identity = identify(point, run.config);
    } catch (const ConfigError& e) {
      for (const std::string& message : e.messages()) {
        problems.push_back(
            fmt::format("{}: run '{}': {}", experiment.file.string(), run.label, message));
      }
      continue;
    }
    run.point = std::move(point);
    runs.push_back(std::move(run));
  }
  if (!problems.empty()) throw ConfigError(problems);
  return runs;
}

}  // namespace warpsim::sweep
