#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpu/gpu_config.h"
#include "sim/config_node.h"

namespace warpsim::app {

// --gpu, -c/--config and --set, shared by every subcommand that builds a config.
struct ConfigOptions {
  std::string gpu = kDefaultGpu;
  std::vector<std::string> overlays;
  std::vector<std::string> sets;
  std::string pass;  // --pass SPEC: compiler.pass

  void add_to(CLI::App& command);
  // Loads preset, overlays and --set values and validates them against the GPU schema.
  // Throws ConfigError.
  ConfigNode resolve() const;
};

}  // namespace warpsim::app
