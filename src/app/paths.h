#pragma once

#include <filesystem>

namespace warpsim::app {

// Where the configs/ tree is: $WARPSIM_CONFIG_DIR if set, else next to the executable's
// build or install location, else the source tree the binary was built from.
std::filesystem::path config_root();

// Where warpsim's libcudart.so.* are: $WARPSIM_LIB_DIR if set, else lib/ next to the executable
// (the build tree) or ../lib/warpsim (an installation).
std::filesystem::path runtime_library_dir();

}  // namespace warpsim::app
