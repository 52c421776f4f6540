#pragma once

// An experiment file (docs/experiments.md): a named set of simulator runs, the product of its
// axes, with the baseline each run is compared to, the stats.json figures to collect and the
// figures derived from them. Read and checked here; every mistake is a ConfigError naming the
// file, line and column.

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/config_node.h"

namespace warpsim::sweep {

// What one run simulates: a built-in workload (NAME:SIZE), a CUDA program with its arguments,
// or an Accel-Sim trace (its kernelslist file).
struct Input {
  enum class Kind { kWorkload, kProgram, kTrace };
  Kind kind = Kind::kWorkload;
  std::string spec;               // NAME[:SIZE], the program's path, or the kernelslist's path
  std::vector<std::string> args;  // the program's arguments
};

// What the top level or one level of an axis contributes to a run, each part optional. Runs
// combine the top level's and their levels' settings in axis order: overlays and `set` values
// add up, anything else may be given once only.
struct Settings {
  std::optional<std::string> gpu;  // a preset name or a config file
  std::vector<std::string> overlays;
  std::vector<std::pair<std::string, ConfigNode>> sets;  // config path, value as written
  std::optional<std::string> mode;                       // timing or functional
  std::optional<std::string> size;  // tiny, small or paper: of a workload named without one
  std::optional<Input> input;
  Origin origin;  // where these settings were written
};

struct Level {
  std::string name;
  Settings settings;
  std::string group;  // of a grouped list (`workload: {polybench: [...], rodinia: [...]}`)
};

struct Axis {
  std::string name;
  std::vector<Level> levels;
  Origin origin;
  std::optional<std::size_t> find(std::string_view level) const;
};

// A stats.json figure, or the sum of several: `total.PATH` (the whole run) or `kernels.PATH`
// (each kernel), e.g. "total.l1d.misses + total.l1d.bypassed".
struct Metric {
  std::string name;
  std::string path;                // as written
  std::vector<std::string> terms;  // the paths summed, without `total.` or `kernels.`
  bool per_kernel = false;
  Origin origin;
};

// A figure relative to the run's baseline: METRIC / baseline.METRIC (`normalized`) or
// baseline.METRIC / METRIC (`speedup`, for cycles and other costs).
struct Derived {
  enum class Kind { kNormalized, kSpeedup };
  std::string name;
  Kind kind = Kind::kNormalized;
  std::string metric;
  Origin origin;
};

// Geometric (and arithmetic) means of derived figures across the levels of some axes, one per
// combination of the other axes' levels (and of the groups of a grouped `over` axis).
struct Summary {
  std::vector<std::string> over;   // axis names
  std::vector<std::string> gmean;  // derived figure names
  std::vector<std::string> mean;   // derived figure names
};

// The level of one axis that a run is compared with: one level for every run (`level`), or, for
// an axis written `{LEVEL: ITS_BASELINE, ...}`, a level per level, the levels not named being
// their own (srad-u compared with srad, srad with itself).
struct BaselineLevel {
  std::optional<std::string> level;
  std::map<std::string, std::string> by_level;

  const std::string& of(const std::string& own) const;
};

struct Experiment {
  std::string name;
  std::string description;
  std::filesystem::path file;  // relative paths in it are relative to its folder
  Settings defaults;
  std::vector<Axis> axes;
  std::map<std::string, BaselineLevel> baseline;  // by axis name
  std::vector<Metric> metrics;
  std::vector<Derived> derived;
  std::optional<Summary> summary;
  // `slurm: {partition: short, time: "2:00:00", mem: 4G}`: sbatch options for the Slurm
  // backend, as "--partition=short", ...
  std::vector<std::string> sbatch_args;

  const Axis* find_axis(std::string_view name) const;
};

// Reads and checks an experiment file. Throws ConfigError with every mistake found.
Experiment read_experiment(const std::filesystem::path& file);
// The same for a parsed document; `file` is the name its errors and relative paths use.
Experiment parse_experiment(const ConfigNode& root, const std::filesystem::path& file);

}  // namespace warpsim::sweep
