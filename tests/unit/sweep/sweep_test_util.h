#pragma once

// Experiment files written inline in the sweep tests, read as if from /lab/exp.yaml.

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "sweep/experiment.h"

namespace warpsim::sweep::testing {

inline Experiment parse(std::string_view yaml) {
  return parse_experiment(ConfigNode::parse_string(yaml, "exp.yaml"), "/lab/exp.yaml");
}

// Every message of the ConfigError that `step` throws on the file `yaml`.
template <class Step>
std::vector<std::string> mistakes(std::string_view yaml, Step step) {
  try {
    step(yaml);
  } catch (const ConfigError& e) {
    return e.messages();
  }
  ADD_FAILURE() << "no error for:\n" << yaml;
  return {};
}

}  // namespace warpsim::sweep::testing
