#include "app/paths.h"

#include <cstdlib>

#include "app/app.h"
#include "gpu/gpu_config.h"

namespace warpsim::app {

namespace fs = std::filesystem;

fs::path runtime_library_dir() {
  constexpr const char* kLibrary = "libcudart.so.13";
  if (const char* env = std::getenv("WARPSIM_LIB_DIR"); env != nullptr && *env != '\0') {
    if (!fs::exists(fs::path(env) / kLibrary)) {
      throw UsageError(std::string("WARPSIM_LIB_DIR='") + env + "' has no " + kLibrary);
    }
    return fs::absolute(env);
  }
  if (const fs::path dir = executable_dir(); !dir.empty()) {
    for (const fs::path& c : {dir / "lib", dir.parent_path() / "lib" / "warpsim"}) {
      if (fs::exists(c / kLibrary)) return c;
    }
  }
  throw UsageError(std::string("cannot find warpsim's ") + kLibrary +
                   " (build the cudart_v13 target, or set WARPSIM_LIB_DIR)");
}

}  // namespace warpsim::app
