// sm.check_memo (src/sm/memo_check.cc): every cycle the SM re-derives each warp's issue verdict
// without its memo. A run whose invalidations are all made passes and is the plain run, cycle for
// cycle; a run that drops one kind of invalidation (as a state change that forgot
// Sm::invalidate would) stops at the first verdict the memo then gets wrong.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sim/simulation.h"
#include "sm/sm.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::timing_config;

// Each thread loads a word and adds 1 to it: the add waits on the load (scoreboard_mem) until the
// load completes, which only an invalidation tells the memo.
constexpr const char* kLoadUseKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [p];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd4, %rd2, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.u32 %r3, %r2, 1;
  st.global.u32 [%rd4], %r3;
  exit;
}
)";

struct Outcome {
  std::vector<test::Issue> issues;
  std::string error;  // MemoMismatch's message, if the run stopped
};

// Runs the kernel on one gtx480 SM with 64 threads; `drop`: the invalidations the SM ignores.
Outcome run(bool check, std::vector<WarpChange> drop = {}) {
  func::Device device;
  const Addr data = device.malloc(64 * 4);
  const std::vector<std::uint32_t> zeros(64, 0);
  device.memory().write(data, zeros.data(), zeros.size() * 4);
  const func::LoadedModule& module = device.load_module(kLoadUseKernel, "memo.ptx");
  GpuModel model(timing_config(
      "gtx480", {"sm.count=1", std::string("sm.check_memo=") + (check ? "true" : "false")}));
  Outcome out;
  model.set_issue_observer(
      [&out](std::uint32_t sm, std::uint32_t warp, Cycle cycle, const func::WarpInst& inst) {
        out.issues.push_back(test::Issue{sm, warp, cycle.value(), inst.pc});
      });
  auto* sm = dynamic_cast<Sm*>(model.sim().find("gpu.sm[0]"));
  EXPECT_NE(sm, nullptr);
  for (WarpChange change : drop) sm->drop_invalidations_for_testing(change);
  const std::vector<const void*> args = {&data};
  model.launch(
      device.prepare(*module.find_kernel("k"), func::LaunchConfig{{1, 1, 1}, {64, 1, 1}, 0}, args),
      0, KernelResourceInfo{16, 0, "config"});
  try {
    model.synchronize();
  } catch (const MemoMismatch& e) {
    out.error = e.what();
  }
  return out;
}

bool same_issues(const std::vector<test::Issue>& a, const std::vector<test::Issue>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].sm != b[i].sm || a[i].warp != b[i].warp || a[i].cycle != b[i].cycle ||
        a[i].pc != b[i].pc) {
      return false;
    }
  }
  return true;
}

TEST(SmMemoCheck, ACompleteRunPassesAndIssuesAsThePlainRunDoes) {
  const Outcome plain = run(false);
  const Outcome checked = run(true);
  EXPECT_EQ(checked.error, "");
  ASSERT_EQ(plain.issues.size(), 2u * 9u);  // 2 warps x 9 instructions (exit included)
  EXPECT_TRUE(same_issues(plain.issues, checked.issues));
}

TEST(SmMemoCheck, AMissedMemoryCompletionStopsAtTheStaleVerdict) {
  const Outcome out = run(true, {WarpChange::kMemoryCompleted});
  EXPECT_NE(out.error.find("gpu.sm[0]: cycle "), std::string::npos) << out.error;
  EXPECT_NE(out.error.find("memoized scoreboard_mem"), std::string::npos) << out.error;
  // It stops before the dependent add issues: each warp issued the load and nothing after it.
  EXPECT_EQ(out.issues.size(), 2u * 6u);
}

TEST(SmMemoCheck, AMissedIssueLeavesTheFunctionalCopyBehind) {
  const Outcome out = run(true, {WarpChange::kIssued});
  EXPECT_NE(out.error.find("changed without invalidate()"), std::string::npos) << out.error;
}

}  // namespace
}  // namespace warpsim
