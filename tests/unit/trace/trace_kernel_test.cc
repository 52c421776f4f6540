// A traced kernel as the timing model's kernel source: blocks become CTAs, lines become
// issued warp instructions, EXIT and BAR act on the warps, and bad traces fail at FILE:LINE.

#include "trace/trace_kernel.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

using test::error_of;
using test::header;
using ::testing::HasSubstr;

// The test header's windows: shared from 0x00007f4a10000000, local from 0x00007f4a0e000000.

// Writes a kernel trace with a 40-thread block (two warps, the second with 8 lanes) and opens it.
class TraceKernelTest : public ::testing::Test {
 protected:
  std::unique_ptr<TraceKernel> open(const std::string& body, const std::string& grid = "(1,1,1)") {
    path_ = std::filesystem::temp_directory_path() /
            ("warpsim-trace-kernel-" + std::to_string(::getpid()) + ".traceg");
    std::ofstream(path_) << header(grid, "(40,1,1)") << body;
    return std::make_unique<TraceKernel>(path_.string(), 7);
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::filesystem::path path_;
};

std::string block(const std::string& id, const std::string& warp0, const std::string& warp1) {
  auto count = [](const std::string& s) {
    return std::to_string(std::count(s.begin(), s.end(), '\n'));
  };
  return "#BEGIN_TB\nthread block = " + id + "\nwarp = 0\ninsts = " + count(warp0) + "\n" + warp0 +
         "warp = 1\ninsts = " + count(warp1) + "\n" + warp1 + "#END_TB\n";
}

TEST_F(TraceKernelTest, ReplaysEachWarpsLinesAndFinishesAtItsLastExit) {
  auto k = open(block("0,0,0",
                      "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0\n"
                      "0010 0000ffff 1 R2 LDG.E.SYS 1 R4 4 1 0x7f4a00000000 4 0\n"
                      "0020 ffff0000 0 EXIT 0 0 0\n"
                      "0030 0000ffff 0 EXIT 0 0 0\n",
                      "0000 000000ff 1 R1 IMAD.MOV.U32 2 R255 R255 0\n"
                      "0030 000000ff 0 EXIT 0 0 0\n"));
  EXPECT_EQ(k->shape().name, "_Z6vecAddPfS_S_i");
  EXPECT_EQ(k->shape().launch_id, 7u);
  EXPECT_EQ(k->shape().block.x, 40u);
  auto cta = k->start_cta(0);
  ASSERT_EQ(cta->warps.size(), 2u);
  EXPECT_EQ(cta->live_threads, 40u);
  func::WarpState& w0 = cta->warps[0];
  EXPECT_EQ(w0.live, 0xffffffffu);
  EXPECT_EQ(cta->warps[1].live, 0xffu);
  func::WarpInst r;
  EXPECT_EQ(k->step(*cta, w0, r, 0, 0), func::StepResult::kExecuted);
  EXPECT_EQ(r.pc, 0u);
  EXPECT_EQ(r.exec, 0xffffffffu);
  EXPECT_TRUE(r.inst->reads.empty()) << "RZ is no dependence";
  EXPECT_THAT(r.inst->writes, ::testing::ElementsAre(1u));
  EXPECT_EQ(w0.simt.back().pc, 1u) << "the next line's pc / 16";
  EXPECT_EQ(k->step(*cta, w0, r, 0, 0), func::StepResult::kExecuted);
  EXPECT_TRUE(r.is_load);
  EXPECT_EQ(r.space, ptx::StateSpace::kGlobal);
  EXPECT_EQ(r.size, 4u);
  EXPECT_EQ(r.addr[15], 0x7f4a00000000u + 60);
  EXPECT_EQ(k->step(*cta, w0, r, 0, 0), func::StepResult::kExecuted);
  EXPECT_EQ(w0.live, 0x0000ffffu);
  EXPECT_EQ(cta->live_threads, 24u);
  EXPECT_EQ(k->step(*cta, w0, r, 0, 0), func::StepResult::kFinished);
  EXPECT_TRUE(w0.done());
  EXPECT_EQ(k->code().code().insts.size(), 4u);
  k->end_cta(*cta);
}

TEST_F(TraceKernelTest, BarrierWaitsForEveryUnfinishedWarp) {
  const std::string warp =
      "0000 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0\n"
      "0010 ffffffff 0 EXIT 0 0 0\n";
  const std::string small =
      "0000 000000ff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0\n"
      "0010 000000ff 0 EXIT 0 0 0\n";
  auto k = open(block("0,0,0", warp, small) + block("1,0,0", warp, "0010 000000ff 0 EXIT 0 0 0\n"),
                "(2,1,1)");
  auto a = k->start_cta(0);
  func::WarpInst r;
  EXPECT_EQ(k->step(*a, a->warps[0], r, 0, 0), func::StepResult::kBlocked);
  EXPECT_EQ(a->warps[0].wait, func::WarpWait::kBarrier);
  EXPECT_EQ(a->barrier_releases, 0u);
  EXPECT_EQ(k->step(*a, a->warps[1], r, 0, 0), func::StepResult::kExecuted);
  EXPECT_EQ(a->barrier_releases, 1u);
  EXPECT_EQ(a->warps[0].wait, func::WarpWait::kNone);
  EXPECT_EQ(k->barrier_deadlock(*a), "");
  // Block 1: warp 1 exits instead of arriving, which releases warp 0.
  auto b = k->start_cta(1);
  EXPECT_EQ(k->step(*b, b->warps[0], r, 0, 0), func::StepResult::kBlocked);
  EXPECT_EQ(k->step(*b, b->warps[1], r, 0, 0), func::StepResult::kFinished);
  EXPECT_EQ(b->barrier_releases, 1u);
  EXPECT_EQ(b->warps[0].wait, func::WarpWait::kNone);
}

TEST_F(TraceKernelTest, CtaKRunsBlockKWhateverTheFilesOrder) {
  const std::string exit = "0000 000000ff 0 EXIT 0 0 0\n";
  auto k = open(block("1,0,0", "0000 ffffffff 0 EXIT 0 0 0\n", exit) +
                    block("0,0,0", "0010 ffffffff 0 NOP 0 0\n0000 ffffffff 0 EXIT 0 0 0\n", exit),
                "(2,1,1)");
  auto zero = k->start_cta(0);
  EXPECT_EQ(zero->ctaid, (func::Dim3{0, 0, 0}));
  EXPECT_EQ(zero->warps[0].simt.back().pc, 1u) << "block (0,0,0) starts with the NOP";
  auto one = k->start_cta(1);
  EXPECT_EQ(one->ctaid, (func::Dim3{1, 0, 0}));
  EXPECT_EQ(one->warps[0].simt.back().pc, 0u);
}

TEST_F(TraceKernelTest, GenericAddressesResolveThroughTheHeadersWindows) {
  auto k = open(block("0,0,0",
                      "0000 00000003 1 R2 LD.E 1 R4 4 0 0x00007f4a10000010 0x00007f4a10000014 0\n"
                      "0010 00000001 1 R2 LD.E 1 R4 4 0 0x00007f4a0e000020 0\n"
                      "0020 00000001 1 R2 LD.E 1 R4 4 0 0x00007f4a00000020 0\n"
                      "0030 00000001 1 R2 LDS 1 R4 4 0 0x00007f4a10000040 0\n"
                      "0040 ffffffff 0 EXIT 0 0 0\n",
                      "0040 000000ff 0 EXIT 0 0 0\n"));
  auto cta = k->start_cta(0);
  func::WarpInst r;
  k->step(*cta, cta->warps[0], r, 0, 0);
  EXPECT_EQ(r.space, ptx::StateSpace::kShared);
  EXPECT_EQ(r.addr[0], 0x10u);
  EXPECT_EQ(r.addr[1], 0x14u);
  k->step(*cta, cta->warps[0], r, 0, 0);
  EXPECT_EQ(r.space, ptx::StateSpace::kLocal);
  EXPECT_EQ(r.addr[0], 0x20u);
  k->step(*cta, cta->warps[0], r, 0, 0);
  EXPECT_EQ(r.space, ptx::StateSpace::kGlobal);
  EXPECT_EQ(r.addr[0], 0x7f4a00000020u);
  k->step(*cta, cta->warps[0], r, 0, 0);
  EXPECT_EQ(r.space, ptx::StateSpace::kShared);
  EXPECT_EQ(r.addr[0], 0x40u);
}

TEST_F(TraceKernelTest, OpcodesDecideTimingClassAndLoadPath) {
  auto k = open(block("0,0,0",
                      "0000 ffffffff 1 R2 LDG.E.CONSTANT.SYS 1 R4 4 1 0x7f4a00000000 4 0\n"
                      "0010 ffffffff 1 R3 LDG.E.STRONG.GPU 1 R4 4 1 0x7f4a00000000 4 0\n"
                      "0020 ffffffff 1 R5 FFMA 3 R2 R3 R5 0\n"
                      "0030 ffffffff 1 R6 MUFU.RCP 1 R5 0\n"
                      "0040 ffffffff 0 EXIT 0 0 0\n",
                      "0040 000000ff 0 EXIT 0 0 0\n"));
  k->start_cta(0);
  const TraceCode& code = k->code();
  EXPECT_TRUE(code.inst(0).read_only);
  EXPECT_FALSE(code.inst(0).l1_bypass);
  EXPECT_TRUE(code.inst(1).l1_bypass);
  EXPECT_EQ(code.inst(2).timing, static_cast<std::uint8_t>(OpTiming::kFp32));
  EXPECT_THAT(code.inst(2).reads, ::testing::ElementsAre(2u, 3u, 5u));
  EXPECT_EQ(code.inst(3).timing, static_cast<std::uint8_t>(OpTiming::kSfu));
  EXPECT_EQ(code.inst(4).op_class, func::OpClass::kExit);
}

// warpsim's own traces write a PTX division as one line with the WARPSIM_DIV modifier
// (trace/sass_ops.h); other readers see the IMAD/FFMA/DFMA before the first dot.
TEST_F(TraceKernelTest, WarpsimDivisionModifierTimesADivision) {
  auto k = open(block("0,0,0",
                      "0000 ffffffff 1 R2 IMAD.WARPSIM_DIV 2 R0 R1 0\n"
                      "0010 ffffffff 1 R3 FFMA.WARPSIM_DIV 2 R0 R1 0\n"
                      "0020 ffffffff 1 R4 DFMA.WARPSIM_DIV 2 R0 R1 0\n"
                      "0030 ffffffff 1 R5 IMAD 2 R0 R1 0\n"
                      "0040 ffffffff 0 EXIT 0 0 0\n",
                      "0040 000000ff 0 EXIT 0 0 0\n"));
  k->start_cta(0);
  const TraceCode& code = k->code();
  EXPECT_EQ(code.inst(0).timing, static_cast<std::uint8_t>(OpTiming::kIntDiv));
  EXPECT_EQ(code.inst(1).timing, static_cast<std::uint8_t>(OpTiming::kFp32Div));
  EXPECT_EQ(code.inst(2).timing, static_cast<std::uint8_t>(OpTiming::kFp64Div));
  EXPECT_EQ(code.inst(3).timing, static_cast<std::uint8_t>(OpTiming::kIntMul));
  EXPECT_TRUE(code.ops().unknown_opcodes().empty());
}

TEST_F(TraceKernelTest, InconsistentOrIncompleteWarpsFailAtTheirLine) {
  const std::string exit = "0040 000000ff 0 EXIT 0 0 0\n";
  // Header lines 1-15, #BEGIN_TB 16, block id 17, warp 18, insts 19: the first line is 20.
  auto clash = open(block("0,0,0", "0040 ffffffff 0 EXIT 0 0 0\n", "0040 000000ff 0 BRA 0 0\n"));
  EXPECT_THAT(error_of([&] { clash->start_cta(0); }),
              HasSubstr(":23: pc 0x40 is BRA here but EXIT at line 20"));
  auto misaligned = open(block("0,0,0", "0044 ffffffff 0 EXIT 0 0 0\n", exit));
  EXPECT_THAT(error_of([&] { misaligned->start_cta(0); }),
              HasSubstr(":20: pc 0x44 is not a multiple of the 16-byte instruction size"));
  auto unfinished = open(block("0,0,0", "0040 0000ffff 0 EXIT 0 0 0\n", exit));
  EXPECT_THAT(error_of([&] { unfinished->start_cta(0); }),
              HasSubstr(":20: warp 0 of thread block (0,0,0) ends without threads 0xffff0000"));
  auto after = open(block("0,0,0", "0040 ffffffff 0 EXIT 0 0 0\n0050 ffffffff 0 NOP 0 0\n", exit));
  EXPECT_THAT(error_of([&] { after->start_cta(0); }),
              HasSubstr(":21: warp 0 of thread block (0,0,0) has an instruction after all"));
}

}  // namespace
}  // namespace warpsim::trace
