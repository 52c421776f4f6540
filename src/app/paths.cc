#include "app/paths.h"

#include <cstdlib>
#include <system_error>
#include <vector>

#include "app/app.h"
#include "warpsim/version.h"

namespace warpsim::app {

namespace fs = std::filesystem;

namespace {

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

}  // namespace

fs::path config_root() {
  if (const char* env = std::getenv("WARPSIM_CONFIG_DIR"); env != nullptr && *env != '\0') {
    if (!fs::is_directory(env)) {
      throw UsageError(std::string("WARPSIM_CONFIG_DIR='") + env + "' is not a directory");
    }
    return env;
  }
  std::vector<fs::path> candidates;
  if (const fs::path dir = executable_dir(); !dir.empty()) {
    candidates.push_back(dir / "configs");
    candidates.push_back(dir.parent_path() / "configs");
    candidates.push_back(dir.parent_path() / "share" / "warpsim" / "configs");
  }
  candidates.push_back(fs::path(kSourceDir) / "configs");
  for (const fs::path& c : candidates) {
    if (fs::is_directory(c / "gpus")) return c;
  }
  throw UsageError("cannot find the configs/ directory; set WARPSIM_CONFIG_DIR");
}

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
