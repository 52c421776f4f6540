// The Host a workload driver uses: PTX loading, copies, launches with arguments checked against
// the kernel's parameters, and the launch records stats.json is built from, in functional and in
// timing mode (where launches wait for a synchronizing call, as with the CUDA runtime).

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../support/preset_config.h"
#include "ptx/error.h"
#include "workload/embedded_ptx.h"
#include "workload/host.h"

namespace warpsim::workload {
namespace {

// out[i] = a[i] * 2 + b, for i < n.
constexpr const char* kPtx = R"(.version 8.0
.target sm_70
.address_size 64

.visible .entry scale(.param .u64 a, .param .u64 out, .param .f32 b, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  ld.param.f32 %f1, [b];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd3, %rd1;
  cvta.to.global.u64 %rd4, %rd2;
  mul.wide.u32 %rd5, %r5, 4;
  add.u64 %rd6, %rd3, %rd5;
  add.u64 %rd7, %rd4, %rd5;
  ld.global.f32 %f2, [%rd6];
  fma.rn.f32 %f3, %f2, 0f40000000, %f1;
  st.global.f32 [%rd7], %f3;
DONE:
  ret;
}
)";

// Runs scale over 300 elements (two blocks of 256, the second partly idle) and checks the result.
void run_scale(Host& host) {
  host.load_ptx(kPtx, "scale.ptx");
  std::vector<float> a(300);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i);
  const Addr a_dev = host.alloc_copy(a);
  const Addr out_dev = host.alloc(a.size() * sizeof(float));
  host.launch("scale", {2}, {256}, 0, a_dev, out_dev, 0.5f, std::uint32_t{300});
  const std::vector<float> out = host.read<float>(out_dev, a.size());
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(out[i], a[i] * 2 + 0.5f) << i;
}

TEST(Host, FunctionalModeRunsAndRecordsEachLaunch) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  run_scale(host);
  ASSERT_EQ(host.records().size(), 1u);
  const nlohmann::ordered_json& r = host.records()[0];
  EXPECT_EQ(r["name"], "scale");
  EXPECT_EQ(r["grid"], nlohmann::ordered_json({2, 1, 1}));
  EXPECT_EQ(r["block"], nlohmann::ordered_json({256, 1, 1}));
  EXPECT_EQ(r["ctas"], 2);
  // 16 warps. A warp with a lane below 300 runs all 19 instructions (warp 9 diverges, runs the
  // fall-through side, then meets the others at ret); the 6 warps past 319 run the 10 up to the
  // branch, then ret.
  EXPECT_EQ(r["warp_insts"], 10 * 19 + 6 * 11);
  EXPECT_FALSE(r.contains("cycles"));
  EXPECT_FALSE(host.run_record().has_value());
}

TEST(Host, TimingModeRunsLaunchesWhenTheHostSynchronizes) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kTiming);
  host.load_ptx(kPtx, "scale.ptx");
  const Addr a_dev = host.alloc_copy(std::vector<float>(64, 1.0f));
  const Addr out_dev = host.alloc(64 * sizeof(float));
  host.launch("scale", {1}, {64}, 0, a_dev, out_dev, 1.0f, std::uint32_t{64});
  EXPECT_TRUE(host.records().empty());  // queued, not run
  const std::vector<float> out = host.read<float>(out_dev, 64);
  EXPECT_EQ(out, std::vector<float>(64, 3.0f));
  ASSERT_EQ(host.records().size(), 1u);
  const nlohmann::ordered_json& r = host.records()[0];
  EXPECT_EQ(r["launch"], 0);
  EXPECT_GT(r["cycles"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(r["cycles"],
            r["end_cycle"].get<std::uint64_t>() - r["start_cycle"].get<std::uint64_t>());
  EXPECT_EQ(r["warp_insts"], 2 * 19);                        // two warps, every lane in range
  EXPECT_EQ(r["occupancy"]["resource_source"], "estimate");  // no ptxas for sm_20
  const std::optional<nlohmann::ordered_json> run = host.run_record();
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ((*run)["run"]["stalls"]["issued"], 2 * 19);
}

// l2.host_writes: allocate leaves what the host copied in the L2, so the kernel's reads of it
// (eight 128-byte lines) hit there and DRAM reads none of it; bypass (the default) leaves it in
// DRAM only. Both read the kernel's code and parameters from DRAM alike.
TEST(Host, AHostCopyIsLeftInTheL2WhereTheL2SaysSo) {
  std::map<std::string, std::uint64_t> dram_reads;
  for (const char* policy : {"bypass", "allocate"}) {
    SCOPED_TRACE(policy);
    Host host(testing::preset_config("v100", {std::string("l2.host_writes=") + policy}),
              Host::Mode::kTiming);
    host.load_ptx(kPtx, "scale.ptx");
    const Addr a_dev = host.alloc_copy(std::vector<float>(256, 1.0f));
    const Addr out_dev = host.alloc(256 * sizeof(float));
    host.launch("scale", {1}, {256}, 0, a_dev, out_dev, 1.0f, std::uint32_t{256});
    EXPECT_EQ(host.read<float>(out_dev, 256), std::vector<float>(256, 3.0f));
    ASSERT_EQ(host.records().size(), 1u);
    dram_reads[policy] = host.records()[0]["dram"]["reads"].get<std::uint64_t>();
  }
  EXPECT_GE(dram_reads["bypass"], dram_reads["allocate"] + 8);
}

TEST(Host, BothModesComputeTheSameResults) {
  Host functional(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  run_scale(functional);
  Host timing(testing::preset_config("v100"), Host::Mode::kTiming);
  run_scale(timing);
  EXPECT_EQ(functional.records()[0]["warp_insts"], timing.records()[0]["warp_insts"]);
  EXPECT_EQ(functional.records()[0]["thread_insts"], timing.records()[0]["thread_insts"]);
}

TEST(Host, ArgumentsMustMatchTheKernelsParameters) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  host.load_ptx(kPtx, "scale.ptx");
  const Addr buf = host.alloc(64);
  // A double where the kernel takes an .f32, an int where it takes a pointer, one argument short.
  EXPECT_THROW(host.launch("scale", {1}, {32}, 0, buf, buf, 0.5, std::uint32_t{1}),
               std::invalid_argument);
  EXPECT_THROW(host.launch("scale", {1}, {32}, 0, 7, buf, 0.5f, std::uint32_t{1}),
               std::invalid_argument);
  EXPECT_THROW(host.launch("scale", {1}, {32}, 0, buf, buf, 0.5f), std::invalid_argument);
  EXPECT_THROW(host.launch("nope", {1}, {32}, 0), std::invalid_argument);
  EXPECT_TRUE(host.records().empty());
}

TEST(Host, UnknownWorkloadPtxIsAClearError) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  try {
    host.load_workload_ptx("suite/missing");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("suite/missing"), std::string::npos) << e.what();
  }
}

// `text` with every `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

// scale computes a * 2 + b; this one a * 3 + b.
const std::string kTriplePtx = replaced(kPtx, "0f40000000", "0f40400000");

// The replacement runs, not the embedded PTX: a workload name with embedded PTX (atax) gets
// scale, and a name with a replacement of its own beats the replace-all one.
TEST(Host, AReplacementPtxIsLoadedInsteadOfTheEmbeddedOne) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  host.set_workload_ptx(Host::kAllWorkloads, kPtx, "all.ptx");
  host.set_workload_ptx("polybench/atax", kTriplePtx, "triple.ptx");
  host.load_workload_ptx("polybench/atax");
  const Addr a_dev = host.alloc_copy(std::vector<float>{1, 2, 3, 4});
  const Addr out_dev = host.alloc(4 * sizeof(float));
  host.launch("scale", {1}, {32}, 0, a_dev, out_dev, 0.5f, std::uint32_t{4});
  EXPECT_EQ(host.read<float>(out_dev, 4), (std::vector<float>{3.5f, 6.5f, 9.5f, 12.5f}));
  EXPECT_THROW(host.launch("atax_kernel1", {1}, {32}, 0), std::invalid_argument);  // not loaded
  // Replace-all covers a name without embedded PTX, too.
  Host other(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  other.set_workload_ptx(Host::kAllWorkloads, kPtx, "all.ptx");
  other.load_workload_ptx("suite/missing");
  const Addr out2 = other.alloc(4 * sizeof(float));
  other.launch("scale", {1}, {32}, 0, other.alloc_copy(std::vector<float>{1, 2, 3, 4}), out2, 0.5f,
               std::uint32_t{4});
  EXPECT_EQ(other.read<float>(out2, 4), (std::vector<float>{2.5f, 4.5f, 6.5f, 8.5f}));
}

// A workload's own embedded PTX, edited (its first kernel renamed), is what runs: the renamed
// kernel computes atax's tmp = A x, and the original name is gone.
TEST(Host, AnEditedEmbeddedPtxRunsInItsPlace) {
  const std::optional<std::string_view> embedded = find_workload_ptx("polybench/atax");
  ASSERT_TRUE(embedded.has_value());
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  host.set_workload_ptx("polybench/atax",
                        replaced(std::string(*embedded), "atax_kernel1", "atax_edited1"),
                        "edited.ptx");
  host.load_workload_ptx("polybench/atax");
  constexpr std::int32_t n = 4;
  const std::vector<float> a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  const Addr a_dev = host.alloc_copy(a);
  const Addr x_dev = host.alloc_copy(std::vector<float>{1, 1, 2, 0});
  const Addr tmp_dev = host.alloc(n * sizeof(float));
  EXPECT_THROW(host.launch("atax_kernel1", {1}, {256}, 0, a_dev, x_dev, tmp_dev, n, n),
               std::invalid_argument);
  host.launch("atax_edited1", {1}, {256}, 0, a_dev, x_dev, tmp_dev, n, n);
  EXPECT_EQ(host.read<float>(tmp_dev, n), (std::vector<float>{9, 25, 41, 57}));
  EXPECT_EQ(host.records().at(0)["name"], "atax_edited1");
}

TEST(Host, AReplacementThatDoesNotParseIsAParseErrorInItsFile) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  host.set_workload_ptx(Host::kAllWorkloads, ".version 8.0\n.target sm_70\nbogus;\n", "bad.ptx");
  try {
    host.load_workload_ptx("polybench/atax");
    FAIL() << "no error";
  } catch (const ptx::ParseError& e) {
    EXPECT_EQ(e.file(), "bad.ptx");
    EXPECT_EQ(e.line(), 3u);
  }
}

// The driver launches 256 x 1 or 32 x 8 blocks; the divisor makes them 128 x 1 and 32 x 2, the
// grid unchanged, in both modes.
TEST(Host, ABlockDivisorDividesTheLaunchedBlock) {
  for (Host::Mode mode : {Host::Mode::kFunctional, Host::Mode::kTiming}) {
    Host host(testing::preset_config("gtx480"), mode);
    host.load_ptx(kPtx, "scale.ptx");
    host.set_block_divisor("scale", {2});
    host.set_block_divisor("never", {1, 2});
    EXPECT_EQ(host.unlaunched_block_divisors(), (std::vector<std::string>{"never", "scale"}));
    const Addr a_dev = host.alloc_copy(std::vector<float>(512, 1.0f));
    const Addr out_dev = host.alloc(512 * sizeof(float));
    host.launch("scale", {2}, {256}, 0, a_dev, out_dev, 0.0f, std::uint32_t{512});
    host.set_block_divisor("scale", {1, 4});
    host.launch("scale", {2}, {32, 8}, 0, a_dev, out_dev, 0.0f, std::uint32_t{512});
    host.synchronize();
    EXPECT_EQ(host.unlaunched_block_divisors(), (std::vector<std::string>{"never"}));
    ASSERT_EQ(host.records().size(), 2u);
    EXPECT_EQ(host.records()[0]["grid"], nlohmann::ordered_json({2, 1, 1}));
    EXPECT_EQ(host.records()[0]["block"], nlohmann::ordered_json({128, 1, 1}));
    EXPECT_EQ(host.records()[0]["ctas"], 2);
    EXPECT_EQ(host.records()[1]["grid"], nlohmann::ordered_json({2, 1, 1}));
    EXPECT_EQ(host.records()[1]["block"], nlohmann::ordered_json({32, 2, 1}));
  }
}

TEST(Host, ABlockThatDoesNotDivideIsRefused) {
  Host host(testing::preset_config("gtx480"), Host::Mode::kFunctional);
  host.load_ptx(kPtx, "scale.ptx");
  host.set_block_divisor("scale", {3});
  const Addr buf = host.alloc(64 * sizeof(float));
  try {
    host.launch("scale", {1}, {64}, 0, buf, buf, 0.0f, std::uint32_t{64});
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "kernel scale: block (64,1,1) does not divide by the block divisor (3,1,1)");
  }
  EXPECT_TRUE(host.records().empty());
  EXPECT_EQ(host.unlaunched_block_divisors(), (std::vector<std::string>{"scale"}));
  EXPECT_THROW(host.set_block_divisor("scale", {2, 0, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::workload
