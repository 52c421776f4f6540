// `warpsim run -- PROGRAM`: the program runs as it is, with warpsim's CUDA runtime first on the
// loader path; its output and exit status are its own; stats.json lists its kernel launches.
// (Programs built by nvcc are run by the nvcc.* CTest entries where nvcc is installed.)

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using warpsim::testing::contains;
using warpsim::testing::Result;
using warpsim::testing::shell;

std::filesystem::path out_dir(const std::string& tag) {
  auto dir = std::filesystem::temp_directory_path() /
             ("warpsim-run-" + tag + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

std::string run_program(const std::filesystem::path& out, const std::string& program) {
  return std::string(WARPSIM_BINARY) + " run --mode functional --out " + out.string() + " -- " +
         program;
}

nlohmann::json stats(const std::filesystem::path& out) {
  std::ifstream in(out / "stats.json");
  return nlohmann::json::parse(in);
}

TEST(RunProgram, OutputAndExitStatusAreTheProgramsOwn) {
  const auto out = out_dir("status");
  const Result r = shell(run_program(out, "/bin/sh -c 'echo hello from the program; exit 7'"));
  EXPECT_EQ(r.code, 7) << r.out;
  EXPECT_TRUE(contains(r.out, "hello from the program")) << r.out;
  const nlohmann::json doc = stats(out);
  EXPECT_EQ(doc["mode"], "functional");
  EXPECT_EQ(doc["program"]["exit_code"], 7);
  EXPECT_EQ(doc["kernels"].size(), 0u);
  EXPECT_EQ(doc["total"]["warp_insts"], 0);
  EXPECT_TRUE(doc["total"]["cycles"].is_null());  // functional mode models no time
  std::filesystem::remove_all(out);
}

TEST(RunProgram, TheLibraryComesFirstOnTheLoaderPathWithTheResolvedConfig) {
  const auto out = out_dir("env");
  const Result r = shell(run_program(
      out, "/bin/sh -c 'echo \"lib=${LD_LIBRARY_PATH%%:*}\"; echo \"config=$WARPSIM_CONFIG\"'"));
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string lib = r.out.substr(r.out.find("lib=") + 4, r.out.find('\n') - 4);
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(lib) / "libcudart.so.13")) << r.out;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(lib) / "libcudart.so.12")) << r.out;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(lib) / "libcudart.so.11.0")) << r.out;
  EXPECT_TRUE(contains(r.out, "config=" + (out / "config.yaml").string())) << r.out;
  std::filesystem::remove_all(out);
}

TEST(RunProgram, AKilledProgramIsReported) {
  const auto out = out_dir("signal");
  const Result r = shell(run_program(out, "/bin/sh -c 'kill -9 $$'"));
  EXPECT_EQ(r.code, 128 + 9) << r.out;
  EXPECT_TRUE(contains(r.out, "killed by signal 9")) << r.out;
  std::filesystem::remove_all(out);
}

TEST(RunProgram, MissingProgramsAreUsageErrors) {
  const auto out = out_dir("missing");
  Result r = shell(run_program(out, "no-such-program-xyz"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "'no-such-program-xyz' not found on PATH")) << r.out;
  r = shell(run_program(out, "./no/such/file"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "is not an executable file")) << r.out;
  std::filesystem::remove_all(out);
}

// A tests/cuda program built by the host compiler (the runtime linked in, PTX from
// WARPSIM_PTX) logs its launches the same way the shared library does.
TEST(RunProgram, StatsListEveryKernelLaunchInOrder) {
  const auto out = out_dir("stats");
  const std::string ptx = std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_90/tests__cuda__transpose.ptx";
  const Result r = shell("WARPSIM_PTX=" + ptx + " " +
                         run_program(out, std::string(WARPSIM_CUDA_TESTS) + "/transpose"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "transpose: PASS")) << r.out;
  const nlohmann::json doc = stats(out);
  ASSERT_GE(doc["kernels"].size(), 2u);
  std::uint64_t warp_insts = 0;
  for (std::size_t i = 0; i < doc["kernels"].size(); ++i) {
    const auto& k = doc["kernels"][i];
    EXPECT_EQ(k["launch"], i);
    EXPECT_GT(k["warp_insts"].get<std::uint64_t>(), 0u);
    EXPECT_GE(k["thread_insts"].get<std::uint64_t>(), k["warp_insts"].get<std::uint64_t>());
    EXPECT_TRUE(contains(
        r.out, "warpsim: kernel " + std::to_string(i) + " " + k["name"].get<std::string>()))
        << r.out;
    warp_insts += k["warp_insts"].get<std::uint64_t>();
  }
  EXPECT_EQ(doc["total"]["warp_insts"], warp_insts);
  EXPECT_EQ(doc["config"]["name"], "v100");
  std::filesystem::remove_all(out);
}

// The program's cudaMemcpy calls reach the timing model's L2 (l2.host_writes): with allocate
// the copied lines are left there, with bypass (the v100 preset's) none are.
TEST(RunProgram, HostCopiesAreLeftInTheL2WhereTheL2SaysSo) {
  const std::string ptx = std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_90/tests__cuda__transpose.ptx";
  for (const std::string policy : {"bypass", "allocate"}) {
    SCOPED_TRACE(policy);
    const auto out = out_dir("l2-" + policy);
    const Result r = shell("WARPSIM_PTX=" + ptx + " " + std::string(WARPSIM_BINARY) +
                           " run --mode timing --gpu v100 --set l2.host_writes=" + policy +
                           " --out " + out.string() + " -- " + WARPSIM_CUDA_TESTS + "/transpose");
    ASSERT_EQ(r.code, 0) << r.out;
    const std::uint64_t lines = stats(out)["total"]["l2"]["host_write_lines"].get<std::uint64_t>();
    if (policy == "allocate") {
      EXPECT_GT(lines, 0u);
    } else {
      EXPECT_EQ(lines, 0u);
    }
    std::filesystem::remove_all(out);
  }
}

}  // namespace
