#pragma once

#include <filesystem>

namespace warpsim::app {

// Where the configs/ tree is: $WARPSIM_CONFIG_DIR if set, else next to the executable's
// build or install location, else the source tree the binary was built from.
std::filesystem::path config_root();

}  // namespace warpsim::app
