#pragma once

// Running PTX passes by name: from the command line (`warpsim ptx transform --pass SPEC`,
// `warpsim run --pass SPEC`) and from a GPU config's `compiler.pass` slot.

#include <functional>
#include <string>
#include <vector>

#include "passes/pass.h"
#include "sim/config_node.h"

namespace warpsim::passes {

// A pass as the user writes it: a name (`relssp`) or a YAML map (`{impl: relssp, placement:
// postdom}`), as a config slot. Throws ConfigError for an unknown pass or bad params.
ConfigNode parse_pass_spec(const std::string& spec);

// Runs the passes in order, verifying the module after each (ptx::ParseError, naming the pass,
// if one breaks it). `none` does nothing.
PassReport run_passes(ptx::Module& module, const std::vector<ConfigNode>& passes,
                      const Pass::Context& context);

// The passes a resolved GPU config asks for (its compiler.pass slot, unless `none`), followed
// by `extra` (command-line passes); run with the config's sm.scratchpad_sharing.t.
PassReport run_configured_passes(ptx::Module& module, const ConfigNode& gpu_config,
                                 const std::vector<ConfigNode>& extra = {});

// What func::DeviceOptions::transform should do for this resolved config: run its passes, or
// nothing (an empty function) when compiler.pass is `none`. Keeps its own copy of the config.
std::function<void(ptx::Module&)> configured_transform(const ConfigNode& gpu_config);

}  // namespace warpsim::passes
