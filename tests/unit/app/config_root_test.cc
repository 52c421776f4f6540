// WARPSIM_CONFIG_DIR names the configs tree itself, whatever the folder is called: presets and
// overlays are looked up inside it (a copy of configs/ under another name is found).

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "app/config_options.h"
#include "gpu/gpu_config.h"

namespace warpsim::app {
namespace {

TEST(ConfigRoot, AConfigsTreeOfAnyNameHoldsThePresets) {
  namespace fs = std::filesystem;
  const fs::path copy =
      fs::temp_directory_path() / ("warpsim-other-name-" + std::to_string(::getpid()));
  fs::remove_all(copy);
  fs::create_directories(copy / "gpus");
  fs::create_directories(copy / "overlays");
  fs::copy_file(fs::path(WARPSIM_SOURCE_DIR) / "configs" / "gpus" / "gtx480.yaml",
                copy / "gpus" / "gtx480.yaml");
  ::setenv("WARPSIM_CONFIG_DIR", copy.c_str(), 1);
  EXPECT_EQ(config_root(), copy);
  ConfigOptions options;
  options.gpu = "gtx480";
  EXPECT_EQ(options.resolve().at("name").as_string(), "gtx480");
  ::unsetenv("WARPSIM_CONFIG_DIR");
  fs::remove_all(copy);
}

}  // namespace
}  // namespace warpsim::app
