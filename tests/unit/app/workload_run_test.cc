// run_workload (app/workload_run.h): a workload whose reference check fails still yields the
// stats.json of what it ran, marked as failed, with the check's message naming the workload.

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "app/app.h"
#include "app/workload_run.h"
#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::app {
namespace {

class AlwaysWrong final : public workload::Workload {
 public:
  std::string_view name() const override { return "test/always-wrong"; }
  std::string_view description() const override { return "launches one kernel, then fails"; }
  std::string dimensions(workload::Size) const override { return "none"; }
  void run(workload::Host& host, workload::Size) const override {
    host.load_ptx(
        ".version 8.0\n.target sm_70\n.address_size 64\n"
        ".visible .entry nothing()\n{\n  ret;\n}\n",
        "nothing.ptx");
    host.launch("nothing", {2}, {64}, 0);
    host.synchronize();
    throw workload::CheckFailed("y[3] = 1, the CPU reference gives 2");
  }
};
WARPSIM_REGISTER_WORKLOAD(AlwaysWrong);

ConfigNode gtx480() {
  return resolve_config(
      load_config(ConfigRequest{"gtx480", {}, {}}, ConfigPaths::under(WARPSIM_SOURCE_DIR)),
      gpu_schema(), PolicyRegistry::global());
}

TEST(RunWorkload, AFailedCheckCarriesTheStatsOfTheRun) {
  for (bool timing : {false, true}) {
    try {
      run_workload(
          WorkloadRunOptions{"test/always-wrong:tiny", timing, false, "", "warpsim", "", {}},
          gtx480());
      FAIL() << "no error";
    } catch (const WorkloadCheckFailed& e) {
      EXPECT_EQ(e.message,
                "test/always-wrong:tiny: the reference check failed: y[3] = 1, the CPU reference "
                "gives 2");
      EXPECT_EQ(e.stats["workload"]["check"], "failed");
      EXPECT_EQ(e.stats["mode"], timing ? "timing" : "functional");
      ASSERT_EQ(e.stats["kernels"].size(), 1u);
      EXPECT_EQ(e.stats["kernels"][0]["ctas"], 2);
    }
  }
}

TEST(RunWorkload, UnknownNamesAndSizesAreUsageErrors) {
  EXPECT_THROW(
      run_workload(WorkloadRunOptions{"test/none", true, false, "", "warpsim", "", {}}, gtx480()),
      UsageError);
  EXPECT_THROW(
      run_workload(WorkloadRunOptions{"test/always-wrong:big", true, false, "", "warpsim", "", {}},
                   gtx480()),
      UsageError);
}

WorkloadRunOptions always_wrong(bool timing) {
  WorkloadRunOptions options;
  options.spec = "test/always-wrong:tiny";
  options.timing = timing;
  return options;
}

// --block-divide reaches the launches (the record's block) and stats.json's workload object.
TEST(RunWorkload, BlockDivisorsDivideTheLaunchedBlocksAndAreRecorded) {
  for (bool timing : {false, true}) {
    WorkloadRunOptions options = always_wrong(timing);
    options.block_divide["nothing"] = func::Dim3{4, 1, 1};
    try {
      run_workload(options, gtx480());
      FAIL() << "no error";
    } catch (const WorkloadCheckFailed& e) {
      ASSERT_EQ(e.stats["kernels"].size(), 1u);
      EXPECT_EQ(e.stats["kernels"][0]["block"], nlohmann::ordered_json({16, 1, 1}));
      EXPECT_EQ(e.stats["kernels"][0]["grid"], nlohmann::ordered_json({2, 1, 1}));
      EXPECT_EQ(e.stats["workload"]["block_divide"],
                nlohmann::ordered_json::parse(R"({"nothing": [4, 1, 1]})"));
      EXPECT_FALSE(e.stats["workload"].contains("kernel_ptx"));
    }
  }
}

TEST(RunWorkload, ABlockDivisorOfAKernelThatNeverLaunchedIsAUsageError) {
  WorkloadRunOptions options = always_wrong(false);
  options.block_divide["nothign"] = func::Dim3{2, 1, 1};
  try {
    run_workload(options, gtx480());
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--block-divide: kernel(s) nothign never launched (launched: nothing)");
  }
}

TEST(RunWorkload, ABlockThatDoesNotDivideIsAUsageError) {
  WorkloadRunOptions options = always_wrong(true);
  options.block_divide["nothing"] = func::Dim3{3, 1, 1};
  try {
    run_workload(options, gtx480());
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "workload test/always-wrong: kernel nothing: block (64,1,1) does not divide by the "
              "block divisor (3,1,1)");
  }
}

TEST(RunWorkload, AnUnreadableKernelPtxIsAUsageErrorNamingIt) {
  WorkloadRunOptions options = always_wrong(false);
  options.kernel_ptx = "/nonexistent/kernels.ptx";
  try {
    run_workload(options, gtx480());
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "--kernel-ptx: cannot read '/nonexistent/kernels.ptx'");
  }
}

TEST(ParseBlockDivide, MissingDimensionsAreOne) {
  EXPECT_EQ(parse_block_divide("k=2,4,8"),
            (std::pair<std::string, func::Dim3>{"k", func::Dim3{2, 4, 8}}));
  EXPECT_EQ(parse_block_divide("_Z3fooPf=1,4"),
            (std::pair<std::string, func::Dim3>{"_Z3fooPf", func::Dim3{1, 4, 1}}));
  EXPECT_EQ(parse_block_divide("k=4"), (std::pair<std::string, func::Dim3>{"k", func::Dim3{4}}));
}

TEST(ParseBlockDivide, BadValuesAreUsageErrorsQuotingThem) {
  for (const char* value : {"k", "=2", "k=", "k=0", "k=2,0", "k=-2", "k=2,x", "k=2,,2", "k=1,2,3,4",
                            "k=4294967296", "k=2 ", "k=+2"}) {
    try {
      parse_block_divide(value);
      FAIL() << value << ": no error";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + value + "'"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace warpsim::app
