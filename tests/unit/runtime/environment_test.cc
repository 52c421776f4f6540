// The WARPSIM_* variables `warpsim run` sets for a program's runtime library
// (runtime/environment.h): defaults when unset, each value read, nonsense refused by name.

#include "runtime/environment.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace warpsim::runtime {
namespace {

constexpr const char* kVariables[] = {"WARPSIM_CONFIG",      "WARPSIM_MODE",
                                      "WARPSIM_LAUNCH_LOG",  "WARPSIM_PROGRESS",
                                      "WARPSIM_WRITE_TRACE", "WARPSIM_WRITE_TRACE_REGISTERS",
                                      "WARPSIM_PTX"};

// Clears the variables for one test and puts back what the process had.
class EnvironmentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : kVariables) {
      const char* value = std::getenv(name);
      saved_[name] = value != nullptr ? std::optional<std::string>(value) : std::nullopt;
      ::unsetenv(name);
    }
  }
  void TearDown() override {
    for (const auto& [name, value] : saved_) {
      if (value) {
        ::setenv(name.c_str(), value->c_str(), 1);
      } else {
        ::unsetenv(name.c_str());
      }
    }
  }

 private:
  std::map<std::string, std::optional<std::string>> saved_;
};

TEST_F(EnvironmentTest, UnsetMeansTheDefaults) {
  const Environment env = read_environment();
  EXPECT_EQ(env.config, "");
  EXPECT_FALSE(env.timing);
  EXPECT_EQ(env.launch_log, "");
  EXPECT_FALSE(env.progress);
  EXPECT_EQ(env.write_trace, "");
  EXPECT_EQ(env.write_trace_registers, "warpsim");
  EXPECT_EQ(env.ptx, "");
}

TEST_F(EnvironmentTest, WhatWarpsimRunSetsIsRead) {
  ::setenv("WARPSIM_CONFIG", "/out/config.yaml", 1);
  ::setenv("WARPSIM_MODE", "timing", 1);
  ::setenv("WARPSIM_LAUNCH_LOG", "/out/launches.jsonl", 1);
  ::setenv("WARPSIM_PROGRESS", "1", 1);
  ::setenv("WARPSIM_WRITE_TRACE", "/out/trace", 1);
  ::setenv("WARPSIM_WRITE_TRACE_REGISTERS", "accelsim", 1);
  ::setenv("WARPSIM_PTX", "/k.ptx", 1);
  const Environment want{"/out/config.yaml", true,    "/out/launches.jsonl", true, "/out/trace",
                         "accelsim",         "/k.ptx"};
  EXPECT_EQ(read_environment(), want);

  ::setenv("WARPSIM_MODE", "functional", 1);
  ::setenv("WARPSIM_PROGRESS", "0", 1);
  const Environment functional = read_environment();
  EXPECT_FALSE(functional.timing);
  EXPECT_FALSE(functional.progress);
}

TEST_F(EnvironmentTest, AValueThatMeansNothingIsRefusedByName) {
  ::setenv("WARPSIM_MODE", "fast", 1);
  try {
    (void)read_environment();
    ADD_FAILURE() << "WARPSIM_MODE=fast was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "WARPSIM_MODE is 'fast'; expected 'timing' or 'functional'");
  }
  ::unsetenv("WARPSIM_MODE");
  ::setenv("WARPSIM_WRITE_TRACE_REGISTERS", "all", 1);
  try {
    (void)read_environment();
    ADD_FAILURE() << "WARPSIM_WRITE_TRACE_REGISTERS=all was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "WARPSIM_WRITE_TRACE_REGISTERS is 'all'; expected warpsim or accelsim");
  }
}

}  // namespace
}  // namespace warpsim::runtime
