// What `warpsim run` reads from a program's ELF file before starting it, and what it refuses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/program_check.h"

namespace warpsim::app {
namespace {

using ::testing::HasSubstr;

namespace fs = std::filesystem;

fs::path temp_file(const std::string& name, const std::string& bytes) {
  const fs::path path = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// This test program: a dynamically linked ELF file without device code or a CUDA runtime.
TEST(ProgramCheck, ReadsTheNeededLibrariesOfADynamicExecutable) {
  const ProgramLinkage self = inspect_program("/proc/self/exe");
  EXPECT_TRUE(self.is_elf);
  EXPECT_FALSE(self.has_device_code);
  EXPECT_FALSE(self.needs_cudart());
  EXPECT_NE(std::find_if(self.needed.begin(), self.needed.end(),
                         [](const std::string& n) { return n.starts_with("libc.so"); }),
            self.needed.end());
  EXPECT_NO_THROW(check_program_linkage("/proc/self/exe", self));
}

TEST(ProgramCheck, ScriptsAreNotElfAndRunAsTheyAre) {
  const fs::path script = temp_file("script", "#!/bin/sh\necho hi\n");
  const ProgramLinkage linkage = inspect_program(script);
  EXPECT_FALSE(linkage.is_elf);
  EXPECT_NO_THROW(check_program_linkage(script, linkage));
  fs::remove(script);
}

TEST(ProgramCheck, TruncatedElfFilesAreUsageErrorsNotCrashes) {
  const std::string self = read_all("/proc/self/exe");
  for (std::size_t keep : {std::size_t{80}, std::size_t{4096}, self.size() / 2}) {
    const fs::path cut = temp_file("cut", self.substr(0, keep));
    try {
      const ProgramLinkage linkage = inspect_program(cut);
      // A prefix that still holds every header it points to is fine; anything else must throw.
      EXPECT_TRUE(linkage.is_elf);
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), HasSubstr("damaged ELF file")) << keep;
    }
    fs::remove(cut);
  }
  EXPECT_THROW(inspect_program("/no/such/program"), UsageError);
}

TEST(ProgramCheck, StaticRuntimeAndDriverApiProgramsAreRefusedWithTheFix) {
  ProgramLinkage static_runtime;
  static_runtime.is_elf = true;
  static_runtime.has_device_code = true;
  static_runtime.needed = {"libstdc++.so.6", "libc.so.6"};
  try {
    check_program_linkage("./app", static_runtime);
    FAIL() << "a statically linked CUDA program must be refused";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("rebuild with -cudart shared"));
  }
  ProgramLinkage shared_runtime = static_runtime;
  shared_runtime.needed.push_back("libcudart.so.13");
  EXPECT_NO_THROW(check_program_linkage("./app", shared_runtime));
  ProgramLinkage driver_api;
  driver_api.is_elf = true;
  driver_api.needed = {"libcuda.so.1", "libc.so.6"};
  try {
    check_program_linkage("./app", driver_api);
    FAIL() << "a driver-API program must be refused";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("CUDA driver API"));
  }
}

}  // namespace
}  // namespace warpsim::app
