// Thread blocks streamed one at a time; count and structure errors with FILE:LINE.

#include "trace/trace_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

using test::error_of;
using test::header;

// Header lines 1-15; a body's first line is line 16.
std::vector<TraceBlock> read_all(const std::string& text) {
  std::istringstream in(text);
  TraceReader reader(in, "kernel-1.traceg");
  std::vector<TraceBlock> blocks;
  TraceBlock block;
  while (reader.next_block(block)) blocks.push_back(block);
  EXPECT_EQ(reader.blocks_read(), blocks.size());
  return blocks;
}

std::string read_error(const std::string& text) {
  return error_of([&] { read_all(text); });
}

const char* kBlock0 =
    "#BEGIN_TB\n"
    "thread block = 0,0,0\n"
    "warp = 0\n"
    "insts = 2\n"
    "0090 ffffffff 1 R2 LDG.E.SYS 1 R2 4 1 0x7f4a00000000 4 0\n"
    "00e0 ffffffff 0 EXIT 0 0 0\n"
    "#END_TB\n";

TEST(TraceReader, ReadsBlocksWarpsAndInstructions) {
  const std::string body = std::string(kBlock0) +
                           "\n#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 0\ninsts = 1\n"
                           "0000 0000000f 0 EXIT 0 0 0 \n#END_TB\n";
  const auto blocks = read_all(header("(2,1,1)") + body);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].id, (Dim3{0, 0, 0}));
  EXPECT_EQ(blocks[0].line, 16u);
  ASSERT_EQ(blocks[0].warps.size(), 1u);
  ASSERT_EQ(blocks[0].warps[0].insts.size(), 2u);
  EXPECT_EQ(blocks[0].warps[0].insts[0].addrs[31], 0x7f4a00000000u + 31 * 4);
  EXPECT_EQ(blocks[0].warps[0].insts[1].opcode, "EXIT");
  EXPECT_EQ(blocks[0].inst_count(), 2u);
  EXPECT_EQ(blocks[1].id, (Dim3{1, 0, 0}));
  EXPECT_EQ(blocks[1].warps[0].insts[0].mask, 0xfu);
}

TEST(TraceReader, PartialLastWarpAndWarpsInAnyOrder) {
  // 40 threads: warp 1 holds 8 lanes.
  const std::string body =
      "#BEGIN_TB\nthread block = 0,0,0\n"
      "warp = 1\ninsts = 1\n0000 000000ff 0 EXIT 0 0 0\n"
      "warp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  const auto blocks = read_all(header("(1,1,1)", "(40,1,1)") + body);
  ASSERT_EQ(blocks[0].warps.size(), 2u);
  EXPECT_EQ(blocks[0].warps[1].insts[0].active_lanes(), 8);
  EXPECT_EQ(blocks[0].warps[0].insts[0].active_lanes(), 32);
}

TEST(TraceReader, OldVersionAndLineinfoLayouts) {
  const std::string v2 =
      "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
      "0 0 0 0 0000 ffffffff 0 EXIT 0 0\n#END_TB\n";
  EXPECT_EQ(read_all(header("(1,1,1)", "(32,1,1)", 2) + v2)[0].warps[0].insts[0].opcode, "EXIT");
  const std::string v4 =
      "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
      "17 0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  const auto blocks = read_all(header("(1,1,1)", "(32,1,1)", 4, "-enable lineinfo = 1\n") + v4);
  EXPECT_EQ(blocks[0].warps[0].insts[0].source_line, 17u);
}

TEST(TraceReader, ClusterLines) {
  const std::string body =
      "#BEGIN_TB\nthread block = 0,0,0\ncluster id = 0,0,0\ncluster cta = 1,0,0\n"
      "cluster rank = 1\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  const auto blocks = read_all(header("(1,1,1)", "(32,1,1)", 5) + body);
  EXPECT_TRUE(blocks[0].in_cluster);
  EXPECT_EQ(blocks[0].cluster_cta, (Dim3{1, 0, 0}));
  EXPECT_EQ(blocks[0].cluster_rank, 1u);
}

TEST(TraceReader, ReusesTheBlockStorage) {
  std::istringstream in(header("(2,1,1)") + kBlock0 +
                        "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n"
                        "0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n");
  TraceReader reader(in, "k.traceg");
  EXPECT_EQ(reader.header().grid, (Dim3{2, 1, 1}));
  TraceBlock block;
  ASSERT_TRUE(reader.next_block(block));
  ASSERT_TRUE(reader.next_block(block));
  EXPECT_EQ(block.warps[0].insts.size(), 1u);
  EXPECT_FALSE(reader.next_block(block));
}

TEST(TraceReader, CountAndStructureErrors) {
  const std::string h = header();
  const std::string begin = "#BEGIN_TB\nthread block = 0,0,0\n";  // lines 16-17
  EXPECT_EQ(read_error(h + begin + "warp = 0\ninsts = 3\n0000 ffffffff 0 NOP 0 0\n#END_TB\n"),
            "kernel-1.traceg:21: warp 0 has 1 instruction lines, but its 'insts = 3' (line 19) "
            "says 3");
  EXPECT_EQ(read_error(h + begin +
                       "warp = 0\ninsts = 1\n0000 ffffffff 0 NOP 0 0\n"
                       "0010 ffffffff 0 EXIT 0 0\n#END_TB\n"),
            "kernel-1.traceg:21: warp 0 has more instruction lines than its 'insts = 1' (line 19)");
  EXPECT_EQ(read_error(h + begin + "warp = 0\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n"),
            "kernel-1.traceg:19: expected 'insts = N' after 'warp = 0'");
  EXPECT_EQ(read_error(h + begin + "warp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n"),
            "kernel-1.traceg:20: end of file inside the thread block that begins at line 16 "
            "(expected #END_TB)");
  EXPECT_EQ(read_error(h + begin + "warp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#BEGIN_TB\n"),
            "kernel-1.traceg:21: expected an instruction line, 'warp = N' or #END_TB, got "
            "'#BEGIN_TB' (the block that begins at line 16 has no #END_TB)");
  EXPECT_EQ(read_error(h + begin + "warp = 0\ninsts = 0\n#END_TB\n"),
            "kernel-1.traceg:19: warp 0 has 'insts = 0'; every warp ends with an EXIT");
  EXPECT_EQ(read_error(h + begin + "0000 ffffffff 0 EXIT 0 0\n#END_TB\n"),
            "kernel-1.traceg:18: expected 'warp = N', got '0000 ffffffff 0 EXIT 0 0'");
  EXPECT_EQ(read_error(h + begin + "warp = 1\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n"),
            "kernel-1.traceg:18: warp 1 does not exist: a block of (32,1,1) threads has 1 warps");
  EXPECT_EQ(read_error(h + "thread block = 0,0,0\n"),
            "kernel-1.traceg:16: expected #BEGIN_TB, got 'thread block = 0,0,0'");
  EXPECT_EQ(read_error(h + "#BEGIN_TB\nthread block = 0,0\n"),
            "kernel-1.traceg:17: expected 'thread block = x,y,z', got 'thread block = 0,0'");
  EXPECT_EQ(read_error(h + "#BEGIN_TB\nthread block = 1,0,0\n"),
            "kernel-1.traceg:17: thread block (1,0,0) lies outside the grid (1,1,1)");
  // A bad instruction line inside a block names its own line.
  EXPECT_EQ(read_error(h + begin + "warp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0\n#END_TB\n"),
            "kernel-1.traceg:20: instruction line: expected a decimal memory width, got end of "
            "line");
}

TEST(TraceReader, BlockLevelErrors) {
  const std::string two_warps = header("(2,1,1)", "(64,1,1)");
  EXPECT_EQ(read_error(two_warps + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                                   "0000 ffffffff 0 EXIT 0 0\n#END_TB\n"),
            "kernel-1.traceg:21: thread block (0,0,0) ends without warp 1 (a block of (64,1,1) "
            "threads has 2 warps)");
  const std::string one =
      "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
      "0000 ffffffff 0 EXIT 0 0\n#END_TB\n";  // 6 lines
  EXPECT_EQ(read_error(header("(2,1,1)") + one + one),
            "kernel-1.traceg:23: thread block (0,0,0) appears twice");
  EXPECT_EQ(read_error(header("(2,1,1)") + one),
            "kernel-1.traceg:21: the trace ends after 1 thread blocks; the grid (2,1,1) has 2");
  EXPECT_EQ(read_error(header("(1,1,1)", "(32,1,1)", 7) + one),
            "kernel-1.traceg:14: accelsim tracer version 7 is not supported (versions up to 6 "
            "are)");
}

}  // namespace
}  // namespace warpsim::trace
