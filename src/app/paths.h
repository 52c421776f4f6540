#pragma once

#include <filesystem>

namespace warpsim::app {

// Where warpsim's libcudart.so.* are: $WARPSIM_LIB_DIR if set, else lib/ next to the executable
// (the build tree) or ../lib/warpsim (an installation).
std::filesystem::path runtime_library_dir();

}  // namespace warpsim::app
