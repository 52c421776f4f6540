// run_workload (app/workload_run.h): a workload whose reference check fails still yields the
// stats.json of what it ran, marked as failed, with the check's message naming the workload.

#include <gtest/gtest.h>

#include <string>

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
      run_workload(WorkloadRunOptions{"test/always-wrong:tiny", timing, false, "", "warpsim"},
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
  EXPECT_THROW(run_workload(WorkloadRunOptions{"test/none", true, false, "", "warpsim"}, gtx480()),
               UsageError);
  EXPECT_THROW(run_workload(WorkloadRunOptions{"test/always-wrong:big", true, false, "", "warpsim"},
                            gtx480()),
               UsageError);
}

}  // namespace
}  // namespace warpsim::app
