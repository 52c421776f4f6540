// The kernel header: known keys, extra keys kept, required keys and bad values with FILE:LINE.

#include "trace/trace_header.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

using test::error_of;

KernelHeader parse(const std::string& text) {
  std::istringstream in(text);
  LineSource src(in, "kernel-1.traceg");
  return read_kernel_header(src);
}

TEST(TraceHeader, ReadsEveryKnownKey) {
  const KernelHeader h = parse(
      test::header("(512,8,1)", "(32,4,2)", 5, "-enable lineinfo = 1\n-cluster dim = (2,1,1)\n"));
  EXPECT_EQ(h.kernel_name, "_Z6vecAddPfS_S_i");
  EXPECT_EQ(h.kernel_id, 1u);
  EXPECT_EQ(h.grid, (Dim3{512, 8, 1}));
  EXPECT_EQ(h.block, (Dim3{32, 4, 2}));
  EXPECT_EQ(h.warps_per_block(), 8u);
  EXPECT_EQ(h.shmem, 0u);
  EXPECT_EQ(h.nregs, 16u);
  EXPECT_EQ(h.binary_version, 70u);
  EXPECT_EQ(h.cuda_stream_id, 0u);
  EXPECT_EQ(h.shmem_base_addr, 0x00007f4a10000000u);
  EXPECT_EQ(h.local_mem_base_addr, 0x00007f4a0e000000u);
  EXPECT_EQ(h.nvbit_version, "1.7");
  EXPECT_EQ(h.tracer_version, 5u);
  EXPECT_TRUE(h.enable_lineinfo);
  ASSERT_EQ(h.extra.size(), 1u);
  EXPECT_EQ(h.extra[0].first, "cluster dim");
  EXPECT_EQ(h.extra[0].second, "(2,1,1)");
  EXPECT_EQ(h.first_body_line, 16u);  // the "#traces format" line
}

TEST(TraceHeader, OldVersionStringReadsAsItsIntegerPart) {
  const KernelHeader h = parse(
      "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (1,1,1)\n"
      "-accelsim tracer version = 1.2\n#BEGIN_TB\n");
  EXPECT_EQ(h.tracer_version, 1u);
  EXPECT_FALSE(h.enable_lineinfo);
  EXPECT_EQ(h.warps_per_block(), 1u);
}

TEST(TraceHeader, TheHashLineIsLeftToRead) {
  std::istringstream in(
      "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (1,1,1)\n"
      "-accelsim tracer version = 3\n#BEGIN_TB\n");
  LineSource src(in, "k.traceg");
  read_kernel_header(src);
  std::string line;
  ASSERT_TRUE(src.next(line));
  EXPECT_EQ(line, "#BEGIN_TB");
  EXPECT_EQ(src.line_number(), 5u);
}

TEST(TraceHeader, ErrorsNameFileAndLine) {
  const std::string base = "-kernel name = k\n-block dim = (1,1,1)\n-accelsim tracer version = 4\n";
  EXPECT_EQ(error_of([&] { parse(base + "-grid dim = (1,2)\n#\n"); }),
            "kernel-1.traceg:4: -grid dim: expected (x,y,z), got '(1,2)'");
  EXPECT_EQ(error_of([&] { parse(base + "-grid dim = (1,1,1)\n-nregs = many\n"); }),
            "kernel-1.traceg:5: -nregs: expected a decimal number, got 'many'");
  EXPECT_EQ(error_of([&] { parse(base + "-grid dim = (1,1,1)\n-shmem base_addr = 1234\n"); }),
            "kernel-1.traceg:5: -shmem base_addr: expected a hex address 0x..., got '1234'");
  EXPECT_EQ(error_of([&] { parse(base + "grid dim = (1,1,1)\n"); }),
            "kernel-1.traceg:4: expected a header line '-key = value', got 'grid dim = (1,1,1)'");
  EXPECT_EQ(error_of([&] { parse(base + "\n#BEGIN_TB\n"); }),
            "kernel-1.traceg:5: the header has no '-grid dim = ...' line");
  EXPECT_EQ(error_of([&] { parse(base + "-grid dim = (1,1,1)\n-nregs = 1\n-nregs = 2\n"); }),
            "kernel-1.traceg:6: '-nregs' given twice");
  EXPECT_EQ(error_of([&] { parse(base + "-grid dim = (1,1,1)\n-enable lineinfo = 2\n"); }),
            "kernel-1.traceg:5: -enable lineinfo: expected 0 or 1, got '2'");
}

}  // namespace
}  // namespace warpsim::trace
