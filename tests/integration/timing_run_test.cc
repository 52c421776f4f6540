// `warpsim run --mode timing -- PROGRAM`: CUDA programs on the cycle-level model. The programs
// are tests/cuda ones built by the host compiler (kernels from the committed sm_75 PTX, the
// oldest there is, so it serves the CC 2.0 and 7.0 presets), run as a user would run them.
// Expectations come from the documented invariants (docs/stats.md, docs/timing.md) and from
// CUDA's stream semantics, and instruction counts from a functional-mode run of the same program
// (execute at issue: the timing model runs exactly the functional model's instructions).

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using warpsim::testing::contains;
using warpsim::testing::Result;
using warpsim::testing::shell;

fs::path out_dir(const std::string& tag) {
  auto dir =
      fs::temp_directory_path() / ("warpsim-timing-" + tag + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

std::string ptx(const std::string& program) {
  return std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_75/tests__cuda__" + program + ".ptx";
}

// `warpsim run OPTIONS --out OUT -- PROGRAM ARGS` with the program's kernels from `ptx_file`.
Result run(const std::string& ptx_file, const std::string& options, const fs::path& out,
           const std::string& program_and_args) {
  return shell("WARPSIM_PTX=" + ptx_file + " " + WARPSIM_BINARY + " run " + options + " --out " +
               out.string() + " -- " + program_and_args);
}

Result run_cuda_test(const std::string& name, const std::string& options, const fs::path& out,
                     const std::string& args = "") {
  return run(ptx(name), options, out, std::string(WARPSIM_CUDA_TESTS) + "/" + name + " " + args);
}

json stats(const fs::path& out) {
  std::ifstream in(out / "stats.json");
  return json::parse(in);
}

std::uint64_t u64(const json& value) { return value.get<std::uint64_t>(); }

// Every per-kernel invariant of a timing-mode kernel entry.
void check_kernel(const json& k, std::uint64_t sms, std::uint64_t schedulers) {
  SCOPED_TRACE(k["name"].get<std::string>() + " launch " + k["launch"].dump());
  const std::uint64_t cycles = u64(k["cycles"]);
  ASSERT_GT(cycles, 0u);
  EXPECT_EQ(cycles, u64(k["end_cycle"]) - u64(k["start_cycle"]));
  const std::uint64_t warp = u64(k["warp_insts"]);
  const std::uint64_t thread = u64(k["thread_insts"]);
  EXPECT_GT(warp, 0u);
  EXPECT_LE(thread, 32 * warp);  // at most 32 lanes per issued instruction
  EXPECT_NEAR(k["ipc"].get<double>(), static_cast<double>(thread) / cycles, 1e-9);
  // Exactly one reason per scheduler per cycle, "issued" included.
  const json& stalls = k["stalls"];
  std::uint64_t reasons = 0;
  for (const auto& [name, value] : stalls.items()) {
    if (name != "scheduler_cycles") reasons += u64(value);
  }
  EXPECT_EQ(u64(stalls["scheduler_cycles"]), cycles * sms * schedulers);
  EXPECT_EQ(reasons, u64(stalls["scheduler_cycles"])) << stalls.dump();
  EXPECT_GE(u64(k["occupancy"]["ctas_per_sm"]), 1u);
  const std::string source = k["occupancy"]["resource_source"];
  EXPECT_TRUE(source == "ptxas" || source == "estimate") << source;
}

class TimingPreset : public ::testing::TestWithParam<const char*> {};

// vector_ops queues four default-stream kernels back to back before its first copy, then more.
TEST_P(TimingPreset, KernelFiguresAreConsistentAndCountTheFunctionalInstructions) {
  const std::string gpu = GetParam();
  const auto out = out_dir(std::string("vector-") + gpu);
  const Result r = run_cuda_test("vector_ops", "--mode timing --gpu " + gpu, out, "3000");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "vector_ops: PASS")) << r.out;
  const auto functional_out = out_dir(std::string("vector-functional-") + gpu);
  const Result f =
      run_cuda_test("vector_ops", "--mode functional --gpu " + gpu, functional_out, "3000");
  ASSERT_EQ(f.code, 0) << f.out;

  const json doc = stats(out);
  const json functional = stats(functional_out);
  EXPECT_EQ(doc["mode"], "timing");
  EXPECT_EQ(doc["config"]["name"], gpu);
  const std::uint64_t sms = u64(doc["config"]["sm"]["count"]);
  const std::uint64_t schedulers = u64(doc["config"]["sm"]["schedulers"]);
  const json& kernels = doc["kernels"];
  ASSERT_EQ(kernels.size(), functional["kernels"].size());
  ASSERT_GE(kernels.size(), 6u);
  std::uint64_t warp = 0, thread = 0, sum_cycles = 0, longest = 0;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const json& k = kernels[i];
    const json& fk = functional["kernels"][i];
    EXPECT_EQ(u64(k["launch"]), i);
    EXPECT_EQ(k["name"], fk["name"]);
    EXPECT_EQ(k["warp_insts"], fk["warp_insts"]);
    EXPECT_EQ(k["thread_insts"], fk["thread_insts"]);
    EXPECT_EQ(k["ctas"], fk["ctas"]);
    EXPECT_EQ(u64(k["stream"]), 0u);  // all on the legacy default stream
    check_kernel(k, sms, schedulers);
    if (i > 0) {  // the legacy stream runs its kernels one after another
      EXPECT_GE(u64(k["start_cycle"]), u64(kernels[i - 1]["end_cycle"]));
    }
    EXPECT_TRUE(contains(
        r.out, "warpsim: kernel " + std::to_string(i) + " " + k["name"].get<std::string>()))
        << r.out;
    warp += u64(k["warp_insts"]);
    thread += u64(k["thread_insts"]);
    sum_cycles += u64(k["cycles"]);
    longest = std::max(longest, u64(k["cycles"]));
  }
  const json& total = doc["total"];
  EXPECT_EQ(u64(total["kernels"]), kernels.size());
  EXPECT_EQ(u64(total["warp_insts"]), warp);
  EXPECT_EQ(u64(total["thread_insts"]), thread);
  EXPECT_EQ(u64(total["cycles"]), sum_cycles);  // no overlap on one stream
  EXPECT_NEAR(total["ipc"].get<double>(), static_cast<double>(thread) / sum_cycles, 1e-9);
  // The whole run's groups: every instruction the kernels issued, every scheduler cycle once.
  EXPECT_EQ(u64(total["sm"]["warp_insts"]), warp);
  EXPECT_GT(u64(total["stalls"]["issued"]), 0u);
  std::uint64_t reasons = 0;
  for (const auto& [name, value] : total["stalls"].items()) {
    if (name != "scheduler_cycles") reasons += u64(value);
  }
  EXPECT_EQ(reasons, u64(total["stalls"]["scheduler_cycles"]));
  EXPECT_GE(u64(total["stalls"]["scheduler_cycles"]), sum_cycles * sms * schedulers);
  for (const char* key : {"wall_s", "warp_insts_per_s", "cycles_per_s", "peak_rss_mb"}) {
    EXPECT_GT(doc["sim"][key].get<double>(), 0.0) << key;
  }
  EXPECT_TRUE(contains(r.out, " cycles, IPC ")) << r.out;
  fs::remove_all(out);
  fs::remove_all(functional_out);
}

INSTANTIATE_TEST_SUITE_P(Presets, TimingPreset, ::testing::Values("gtx480", "v100"));

const json* find_launch(const json& kernels, std::uint64_t launch) {
  for (const json& k : kernels) {
    if (u64(k["launch"]) == launch) return &k;
  }
  return nullptr;
}

// concurrent_streams' first round (launches 0-8, nothing synchronizing in between):
//   0 s1 iota(a)  1 s1 axpb(a)  2 s2 iota(b)  3 s2 chain(b)  4 s3 iota(c)
//   5 legacy combine(a, b -> d)  6 s3 combine(d, c -> e)  7 s1 axpb(a)  8 per-thread iota(f)
// then cudaStreamSynchronize; round two: 9 s2 chain(b), 10 s1 axpb(a), 11 per-thread axpb(f).
TEST(TimingRun, StreamsOrderKernelsAsCudaDoes) {
  const auto out = out_dir("streams");
  const Result r = run_cuda_test("concurrent_streams", "--mode timing --gpu v100", out);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "concurrent_streams: PASS")) << r.out;
  const json doc = stats(out);
  const json& kernels = doc["kernels"];
  ASSERT_EQ(kernels.size(), 12u);
  std::vector<const json*> k;
  for (std::uint64_t i = 0; i < 12; ++i) {
    k.push_back(find_launch(kernels, i));
    ASSERT_NE(k.back(), nullptr) << i;
    check_kernel(*k.back(), u64(doc["config"]["sm"]["count"]),
                 u64(doc["config"]["sm"]["schedulers"]));
  }
  auto start = [&](int i) { return u64((*k[i])["start_cycle"]); };
  auto end = [&](int i) { return u64((*k[i])["end_cycle"]); };
  auto stream = [&](int i) { return u64((*k[i])["stream"]); };
  // Stream ids: 0 the legacy stream, 2 the per-thread stream, created streams their own.
  EXPECT_EQ(stream(5), 0u);
  EXPECT_EQ(stream(8), 2u);
  EXPECT_EQ(stream(0), stream(1));
  EXPECT_EQ(stream(0), stream(7));
  EXPECT_EQ(stream(2), stream(3));
  EXPECT_EQ(stream(4), stream(6));
  EXPECT_NE(stream(0), stream(2));
  EXPECT_NE(stream(0), stream(4));
  EXPECT_NE(stream(2), stream(4));
  for (int i : {0, 2, 4}) EXPECT_GE(stream(i), 3u);
  // One stream runs in order; the legacy stream waits for everything before it and holds back
  // everything after it.
  EXPECT_GE(start(1), end(0));
  EXPECT_GE(start(3), end(2));
  for (int before = 0; before < 5; ++before) EXPECT_GE(start(5), end(before)) << before;
  for (int after = 6; after < 9; ++after) EXPECT_GE(start(after), end(5)) << after;
  // Independent streams overlap: s2's first kernel starts before s1's second one ends.
  EXPECT_LT(start(2), end(1));
  // The sync point between the rounds.
  for (int later = 9; later < 12; ++later) {
    for (int earlier = 0; earlier < 9; ++earlier) EXPECT_GE(start(later), end(earlier));
  }
  // total.cycles counts the cycles in which some kernel ran, overlapping ones once: less than
  // the kernels' sum, no more than the two rounds' spans.
  std::uint64_t sum = 0;
  std::uint64_t first[2] = {UINT64_MAX, UINT64_MAX};
  std::uint64_t last[2] = {0, 0};
  for (int i = 0; i < 12; ++i) {
    sum += u64((*k[i])["cycles"]);
    const int round = i < 9 ? 0 : 1;
    first[round] = std::min(first[round], start(i));
    last[round] = std::max(last[round], end(i));
  }
  const std::uint64_t total = u64(doc["total"]["cycles"]);
  EXPECT_LT(total, sum);
  EXPECT_LE(total, (last[0] - first[0]) + (last[1] - first[1]));
  EXPECT_GE(total, end(3) - start(2));
  // The whole-run window counts each instruction once, where the kernels' windows overlap.
  EXPECT_EQ(u64(doc["total"]["sm"]["warp_insts"]), u64(doc["total"]["warp_insts"]));
  fs::remove_all(out);
}

// The same program twice, and once ticking every cycle: identical kernels and totals.
TEST(TimingRun, RunsAreDeterministicAndSkippingIdleCyclesChangesNothing) {
  std::vector<json> docs;
  for (const std::string options :
       {"--mode timing --gpu gtx480", "--gpu gtx480", "--mode timing --gpu gtx480 --no-skip"}) {
    const auto out = out_dir("determinism");
    const Result r = run_cuda_test("concurrent_streams", options, out, "1024");
    ASSERT_EQ(r.code, 0) << options << "\n" << r.out;
    docs.push_back(stats(out));
    fs::remove_all(out);
  }
  EXPECT_EQ(docs[1]["mode"], "timing");  // the default mode
  for (std::size_t i = 1; i < docs.size(); ++i) {
    EXPECT_EQ(docs[i]["kernels"], docs[0]["kernels"]) << i;
    EXPECT_EQ(docs[i]["total"], docs[0]["total"]) << i;
  }
  EXPECT_EQ(docs[2]["config"]["sim"]["skip_idle"], false);
}

// gpu.kernel_registers overrides ptxas and the estimate for every kernel, and says so.
TEST(TimingRun, KernelResourcesFromTheConfigOverrideTheMeasurement) {
  const auto out = out_dir("resources");
  const Result r = run_cuda_test(
      "vector_ops", "--gpu v100 --set gpu.kernel_registers=40 --set gpu.kernel_local_bytes=16", out,
      "300");
  ASSERT_EQ(r.code, 0) << r.out;
  const json doc = stats(out);
  ASSERT_FALSE(doc["kernels"].empty());
  for (const json& k : doc["kernels"]) {
    EXPECT_EQ(k["occupancy"]["resource_source"], "config");
    EXPECT_EQ(k["occupancy"]["registers_per_thread"], 40);
    EXPECT_EQ(k["occupancy"]["local_per_thread"], 16);
  }
  fs::remove_all(out);
  // More registers than a thread may have is a config error.
  const auto bad = out_dir("resources-bad");
  const Result e = run_cuda_test("vector_ops", "--gpu v100 --set gpu.kernel_registers=300", bad);
  EXPECT_NE(e.code, 0);
  EXPECT_TRUE(contains(e.out, "gpu.kernel_registers")) << e.out;
  fs::remove_all(bad);
}

// Kernels still queued when the program ends (return from main, or exit()) run at exit.
TEST(TimingRun, KernelsLaunchedWithoutASyncRunWhenTheProgramEnds) {
  const std::string program = std::string(WARPSIM_TEST_PROGRAMS) + "/exit_without_sync";
  for (const std::string how : {"", "exit"}) {
    const auto out = out_dir("exit");
    const Result r = run(ptx("vector_ops"), "--mode timing --gpu v100", out, program + " " + how);
    ASSERT_EQ(r.code, 0) << how << "\n" << r.out;
    const json doc = stats(out);
    ASSERT_EQ(doc["kernels"].size(), 2u) << how << "\n" << r.out;
    EXPECT_EQ(doc["kernels"][0]["name"], "vec_add_f32");
    EXPECT_EQ(doc["kernels"][1]["name"], "saxpy_f32");
    // 1000 threads in blocks of 128 and of 64: 8 + 16 blocks, and 32 + 32 warps.
    EXPECT_EQ(doc["kernels"][0]["ctas"], 8);
    EXPECT_EQ(doc["kernels"][1]["ctas"], 16);
    for (const json& k : doc["kernels"]) EXPECT_GT(u64(k["cycles"]), 0u);
    fs::remove_all(out);
  }
}

// One thread of the first kernel stores to an unallocated address: the program ends with the
// functional model's message and status 2 in both modes. In timing mode the kernel is still
// queued when the program returns, so the fault surfaces in the drain at exit.
TEST(TimingRun, AKernelFaultEndsTheProgramAsInFunctionalMode) {
  const auto dir = out_dir("fault");
  fs::create_directories(dir);
  const fs::path bad = dir / "fault.ptx";
  std::ofstream(bad) << R"(.version 7.0
.target sm_75
.address_size 64
.visible .entry _Z11vec_add_f32PKfS0_Pfi(.param .u64 p0, .param .u64 p1, .param .u64 p2,
                                         .param .u32 p3)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<2>;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.s32 %r4, %r1, %r2, %r3;
  setp.ne.s32 %p1, %r4, 300;
  @%p1 bra DONE;
  mov.u64 %rd1, 8;
  st.global.u32 [%rd1], %r4;
DONE:
  ret;
}
.visible .entry _Z9saxpy_f32fPKfPfi(.param .f32 q0, .param .u64 q1, .param .u64 q2, .param .u32 q3)
{
  ret;
}
)";
  const std::string program = std::string(WARPSIM_TEST_PROGRAMS) + "/exit_without_sync";
  const Result functional = run(bad.string(), "--mode functional", dir / "f", program);
  const Result timing = run(bad.string(), "--mode timing", dir / "t", program);
  EXPECT_EQ(functional.code, 2) << functional.out;
  EXPECT_EQ(timing.code, 2) << timing.out;
  auto message = [](const std::string& text) {
    const std::size_t at = text.find("warpsim: ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  EXPECT_TRUE(contains(message(functional.out), "vec_add_f32")) << functional.out;
  EXPECT_EQ(message(timing.out), message(functional.out)) << timing.out;
  fs::remove_all(dir);
}

// A watchdog shorter than the memory latency: the first load leaves the model without progress
// for longer than the watchdog allows, which it must report as a deadlock (status 1).
TEST(TimingRun, ADeadlockIsReportedWithTheModelsState) {
  const auto out = out_dir("deadlock");
  const Result r = run_cuda_test("vector_ops",
                                 "--gpu gtx480 --set sim.watchdog_cycles=20 --set "
                                 "memory.model=fixed --set memory.latency=1000",
                                 out, "300");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "warpsim: deadlock: the timing model stopped making progress"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "gpu.sm[0]")) << r.out;
  EXPECT_FALSE(contains(r.out, "vector_ops: PASS")) << r.out;
  fs::remove_all(out);
}

TEST(TimingRun, ProgressLinesGoToStderr) {
  const auto out = out_dir("progress");
  const Result r = run_cuda_test(
      "vector_ops", "--gpu gtx480 --progress --set gpu.progress_cycles=2000", out, "3000");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "warpsim: progress: cycle ")) << r.out;
  EXPECT_TRUE(contains(r.out, "warp insts/s")) << r.out;
  const Result quiet = run_cuda_test("vector_ops", "--gpu gtx480", out, "3000");
  ASSERT_EQ(quiet.code, 0) << quiet.out;
  EXPECT_FALSE(contains(quiet.out, "warpsim: progress:")) << quiet.out;
  fs::remove_all(out);
}

}  // namespace
