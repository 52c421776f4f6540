// The trace writer (`run --write-trace`): a functional launch written as an Accel-Sim trace and
// read back by warpsim's own reader, line by line: pcs from the code layout, lanes, registers,
// SASS opcodes (a division with the WARPSIM_DIV modifier, a parameter load as MOV), shared
// addresses inside the header's window, and a partial warp.

#include "trace/trace_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/device.h"
#include "trace/trace_reader.h"

namespace warpsim::trace {
namespace {

using ::testing::HasSubstr;

// out[tid] = in[tid] / 3.0f, staged through shared memory, for 40 threads (a warp and 8 lanes).
constexpr const char* kPtx = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry divide(.param .u64 in, .param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<6>;
  .shared .align 4 .b8 stage[160];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.f32 %f1, [%rd4];
  mov.u32 %r2, stage;
  add.s32 %r2, %r2, %r1;
  add.s32 %r2, %r2, %r1;
  add.s32 %r2, %r2, %r1;
  add.s32 %r2, %r2, %r1;
  st.shared.f32 [%r2], %f1;
  bar.sync 0;
  ld.shared.f32 %f2, [%r2];
  div.rn.f32 %f2, %f2, 0f40400000;
  add.s64 %rd5, %rd2, %rd3;
  st.global.f32 [%rd5], %f2;
  ret;
}
)";

class TraceWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("warpsim-trace-writer-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // The divide kernel loaded, its two 40-float buffers allocated.
  struct Divide {
    func::Device device;
    const func::LoadedModule& module = device.load_module(kPtx, "divide.ptx");
    const func::FunctionCode& kernel = *module.find_kernel("divide");
    Addr in = device.malloc(40 * 4);
    Addr out = device.malloc(40 * 4);
    func::LaunchResult launch() {
      const void* args[] = {&in, &out};
      return device.launch(kernel, {{1, 1, 1}, {40, 1, 1}, 0}, args);
    }
  };

  std::string kernels_list() const {
    std::ifstream list(dir_ / "kernelslist.g");
    std::stringstream listed;
    listed << list.rdbuf();
    return listed.str();
  }

  std::filesystem::path dir_;
};

TEST_F(TraceWriterTest, WritesALaunchThatWarpsimsReaderReadsBack) {
  Divide d;
  const Addr in = d.in;
  TraceWriter writer(dir_, 70);
  d.device.set_observer(&writer);
  writer.on_memcpy_h2d(in, 160);
  writer.set_next_registers(24);
  const func::LaunchResult result = d.launch();
  EXPECT_EQ(writer.kernels(), 1u);
  EXPECT_EQ(writer.unmatched_insts(), 0u);
  EXPECT_EQ(kernels_list(), fmt::format("MemcpyHtoD,0x{:016x},160\nkernel-1.traceg\n", in));

  TraceReader reader((dir_ / "kernel-1.traceg").string());
  const KernelHeader& h = reader.header();
  EXPECT_EQ(h.kernel_name, "divide");
  EXPECT_EQ(h.block.x, 40u);
  EXPECT_EQ(h.shmem, 160u);
  EXPECT_EQ(h.nregs, 24u);
  EXPECT_EQ(h.binary_version, 70u);
  EXPECT_EQ(h.shmem_base_addr, func::kSharedWindow);
  EXPECT_EQ(h.code_end, d.kernel.insts.size());  // -warpsim code end
  TraceBlock block;
  ASSERT_TRUE(reader.next_block(block));
  ASSERT_EQ(block.warps.size(), 2u);
  std::uint64_t lines = block.warps[0].insts.size() + block.warps[1].insts.size();
  EXPECT_EQ(lines, result.warp_insts);
  const std::vector<TraceInst>& w1 = block.warps[1].insts;
  ASSERT_EQ(w1.size(), 18u);
  EXPECT_EQ(w1[0].opcode, "MOV");  // ld.param
  EXPECT_FALSE(w1[0].is_memory());
  EXPECT_EQ(w1[0].pc, 0u);
  EXPECT_EQ(w1[1].pc, 16u);  // 16-byte instructions from sm_70
  EXPECT_EQ(w1[5].opcode, "LDG.E");
  EXPECT_EQ(w1[5].mask, 0xffu);  // the partial warp's 8 lanes
  EXPECT_EQ(w1[5].mem_width, 4u);
  EXPECT_EQ(w1[5].addrs[7], in + (32 + 7) * 4);
  EXPECT_EQ(w1[11].opcode, "STS");
  EXPECT_EQ(w1[11].addrs[0], func::kSharedWindow + 32 * 4);
  EXPECT_EQ(w1[12].opcode, "BAR.SYNC");
  EXPECT_EQ(w1[14].opcode, "FFMA.WARPSIM_DIV");
  ASSERT_EQ(w1[14].dst_count, 1);
  ASSERT_EQ(w1[14].src_count, 1);
  EXPECT_EQ(w1[14].dst[0], w1[14].src[0]);  // %f2 = %f2 / 3
  EXPECT_EQ(w1[13].dst[0], w1[14].src[0]);  // the ld.shared it depends on
  EXPECT_EQ(w1[16].opcode, "STG.E");
  EXPECT_EQ(w1[17].opcode, "EXIT");
  EXPECT_FALSE(reader.next_block(block));
}

// Each launch's header names its stream; a host synchronization after a listed kernel becomes a
// zero-byte copy line before the next launch (only one, and none where a copy line already
// separates the launches).
TEST_F(TraceWriterTest, StreamsAndHostSynchronizationsAreListed) {
  Divide d;
  TraceWriter writer(dir_, 70);
  d.device.set_observer(&writer);
  writer.on_sync_point();  // nothing listed yet: no line
  writer.set_next_stream(3);
  d.launch();
  writer.set_next_stream(4);
  d.launch();  // no sync: overlaps the first
  writer.on_sync_point();
  writer.on_sync_point();
  writer.set_next_stream(0);
  d.launch();
  writer.on_sync_point();
  writer.on_memcpy_h2d(d.in, 160);  // a copy waits anyway: no zero-byte line as well
  d.launch();
  EXPECT_EQ(kernels_list(),
            fmt::format("kernel-1.traceg\nkernel-2.traceg\nMemcpyHtoD,0x{:016x},0\n"
                        "kernel-3.traceg\nMemcpyHtoD,0x{:016x},160\nkernel-4.traceg\n",
                        0, d.in));
  EXPECT_EQ(TraceReader((dir_ / "kernel-1.traceg").string()).header().cuda_stream_id, 3u);
  EXPECT_EQ(TraceReader((dir_ / "kernel-2.traceg").string()).header().cuda_stream_id, 4u);
  EXPECT_EQ(TraceReader((dir_ / "kernel-3.traceg").string()).header().cuda_stream_id, 0u);
}

// For Accel-Sim, whose parser holds 1 destination and 4 sources per line, the lists are cut to
// their first registers and the cut lines counted.
TEST_F(TraceWriterTest, AccelSimRegistersKeepOneDestinationAndFourSources) {
  constexpr const char* kPtx4 = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry wide(.param .u64 out)
{
  .reg .f32 %f<9>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0f40000000;
  mov.f32 %f3, 0f40400000;
  mov.f32 %f4, 0f40800000;
  st.global.v4.f32 [%rd1], {%f1, %f2, %f3, %f4};
  ld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd1];
  ret;
}
)";
  func::Device device;
  const func::LoadedModule& module = device.load_module(kPtx4, "wide.ptx");
  const Addr out = device.malloc(16);
  const void* args[] = {&out};
  std::vector<std::uint16_t> first_dst;  // the load's first destination, in each mode
  for (const auto mode : {TraceWriter::Registers::kAll, TraceWriter::Registers::kAccelSim}) {
    const bool accelsim = mode == TraceWriter::Registers::kAccelSim;
    const auto dir = dir_ / (accelsim ? "accelsim" : "warpsim");
    TraceWriter writer(dir, 70, mode);
    device.set_observer(&writer);
    device.launch(*module.find_kernel("wide"), {{1, 1, 1}, {1, 1, 1}, 0}, args);
    device.set_observer(nullptr);
    TraceReader reader((dir / "kernel-1.traceg").string());
    TraceBlock block;
    ASSERT_TRUE(reader.next_block(block));
    const std::vector<TraceInst>& w = block.warps[0].insts;
    ASSERT_EQ(w.size(), 8u);
    EXPECT_EQ(w[5].opcode, "STG.E");
    EXPECT_EQ(w[5].src_count, accelsim ? 4 : 5);  // the address and four values
    EXPECT_EQ(w[6].opcode, "LDG.E");
    EXPECT_EQ(w[6].dst_count, accelsim ? 1 : 4);
    first_dst.push_back(w[6].dst[0]);
    EXPECT_EQ(writer.cut_lines(), accelsim ? 2u : 0u);
  }
  EXPECT_EQ(first_dst[0], first_dst[1]);  // the list is cut, not renumbered
  EXPECT_EQ(TraceWriter::registers_named("accelsim"), TraceWriter::Registers::kAccelSim);
  EXPECT_EQ(TraceWriter::registers_named("warpsim"), TraceWriter::Registers::kAll);
  EXPECT_FALSE(TraceWriter::registers_named("nvbit"));
}

TEST(TraceWriter, AFolderItCannotCreateIsAnError) {
  try {
    TraceWriter writer("/proc/warpsim-cannot-create", 70);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot create /proc/warpsim-cannot-create"));
  }
}

}  // namespace
}  // namespace warpsim::trace
