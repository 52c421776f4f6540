// Accel-Sim 2.0's .tracez kernel traces: files written here with libzstd (with and without a
// dictionary, warps cut into sub-chunks, blocks listed out of order, REPLAY markers) read back
// block by block as the same instructions as the text trace of the same body, and malformed
// files named with the block and warp.

#include <zstd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "trace/trace_reader.h"
#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

using test::error_of;
using test::header;
using ::testing::HasSubstr;

struct TzBlock {
  Dim3 id;
  Dim3 cluster;
  std::vector<std::vector<std::string>> warps;  // lines per warp
};

void put32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::string compress(const std::string& text, const std::string& dictionary) {
  std::string frame(ZSTD_compressBound(text.size()), '\0');
  ZSTD_CCtx* context = ZSTD_createCCtx();
  std::size_t n = 0;
  if (dictionary.empty()) {
    n = ZSTD_compressCCtx(context, frame.data(), frame.size(), text.data(), text.size(), 3);
  } else {
    ZSTD_CDict* cdict = ZSTD_createCDict(dictionary.data(), dictionary.size(), 3);
    n = ZSTD_compress_usingCDict(context, frame.data(), frame.size(), text.data(), text.size(),
                                 cdict);
    ZSTD_freeCDict(cdict);
  }
  ZSTD_freeCCtx(context);
  EXPECT_FALSE(ZSTD_isError(n));
  frame.resize(n);
  return frame;
}

// The layout of trace/tracez_file.h; each warp cut into sub-chunks of `per_chunk` lines.
std::string tracez(const std::string& header_text, const std::vector<TzBlock>& blocks,
                   const std::string& dictionary, std::size_t per_chunk) {
  std::string file = header_text;
  file += '\0';
  put32(file, static_cast<std::uint32_t>(dictionary.size()));
  put32(file, static_cast<std::uint32_t>(per_chunk));
  file += dictionary;
  struct WarpEntry {
    std::uint32_t insts, chunks;
    std::uint64_t offset;
    std::vector<std::uint32_t> counts;
  };
  std::vector<std::vector<WarpEntry>> index;
  for (const TzBlock& b : blocks) {
    index.emplace_back();
    for (const std::vector<std::string>& lines : b.warps) {
      WarpEntry e{static_cast<std::uint32_t>(lines.size()), 0, file.size(), {}};
      std::string body;
      for (std::size_t i = 0; i < lines.size(); i += per_chunk) {
        std::string text;
        for (std::size_t j = i; j < std::min(lines.size(), i + per_chunk); ++j) {
          text += (j == i ? "" : "\n") + lines[j];
        }
        const std::string frame = compress(text, dictionary);
        put32(body, static_cast<std::uint32_t>(frame.size()));
        body += frame;
        e.counts.push_back(static_cast<std::uint32_t>(std::min(per_chunk, lines.size() - i)));
        ++e.chunks;
      }
      put32(file, e.insts);
      put32(file, e.chunks);
      file += body;
      index.back().push_back(e);
    }
  }
  const std::uint64_t index_offset = file.size();
  put32(file, static_cast<std::uint32_t>(blocks.size()));
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const TzBlock& tb = blocks[b];
    for (std::uint32_t v : {tb.id.x, tb.id.y, tb.id.z, tb.cluster.x, tb.cluster.y, tb.cluster.z, 0u,
                            0u, 0u, 0u, static_cast<std::uint32_t>(tb.warps.size())}) {
      put32(file, v);
    }
    for (const WarpEntry& e : index[b]) {
      put32(file, e.insts);
      put32(file, e.chunks);
      put64(file, e.offset);
      for (std::uint32_t c : e.counts) put32(file, c);
    }
  }
  put64(file, index_offset);
  return file;
}

// The same body as a text trace.
std::string text_trace(const std::string& header_text, const std::vector<TzBlock>& blocks) {
  std::string text = header_text;
  for (const TzBlock& b : blocks) {
    text += "#BEGIN_TB\nthread block = " + std::to_string(b.id.x) + "," + std::to_string(b.id.y) +
            "," + std::to_string(b.id.z) + "\n";
    for (std::size_t w = 0; w < b.warps.size(); ++w) {
      text +=
          "warp = " + std::to_string(w) + "\ninsts = " + std::to_string(b.warps[w].size()) + "\n";
      for (const std::string& line : b.warps[w]) text += line + "\n";
    }
    text += "#END_TB\n";
  }
  return text;
}

class TracezTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("warpsim-tracez-" + std::to_string(::getpid()) + ".tracez");
  }
  void TearDown() override { std::filesystem::remove(path_); }
  void write(const std::string& bytes) { std::ofstream(path_, std::ios::binary) << bytes; }
  std::vector<TraceBlock> read_all() {
    TraceReader reader(path_.string());
    std::vector<TraceBlock> blocks;
    TraceBlock block;
    while (reader.next_block(block)) blocks.push_back(block);
    return blocks;
  }
  std::filesystem::path path_;
};

// Two blocks of two warps, listed (1,0,0) first; version 6 lines.
std::vector<TzBlock> two_blocks() {
  const std::vector<std::string> warp = {
      "0000 ffffffff 0 REPLAY_START 0 0 0 0",
      "0010 ffffffff 1 UR4 S2UR 1 R0 0 0 0 NoVal",
      "0020 ffffffff 1 R2 LDG.E 1 R4 4 1 0x7f4a00000000 4 0 0 NoVal",
      "0030 ffffffff 1 R3 IADD3 2 R2 UR4 0 5 0 NoVal",
      "0000 ffffffff 0 REPLAY_END 0 0 0 0",
      "0040 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 1 R3 0 0 0 Val 1 00000000",
      "0050 ffffffff 0 EXIT 0 0 0 0 NoVal"};
  return {{{1, 0, 0}, {1, 0, 0}, {warp, warp}}, {{0, 0, 0}, {0, 0, 0}, {warp, warp}}};
}

TEST_F(TracezTest, ReadsTheSameInstructionsAsTheTextTrace) {
  const std::string h = header("(2,1,1)", "(64,1,1)", 6);
  for (const std::string& dictionary : {std::string(), std::string(2000, 'x') + " R2 LDG.E 1 "}) {
    for (std::size_t per_chunk : {3u, 2048u}) {
      write(tracez(h, two_blocks(), dictionary, per_chunk));
      const std::vector<TraceBlock> blocks = read_all();
      ASSERT_EQ(blocks.size(), 2u);
      EXPECT_EQ(blocks[0].id.x, 1u);  // index order
      EXPECT_TRUE(blocks[0].in_cluster);
      EXPECT_EQ(blocks[0].cluster_id.x, 1u);
      EXPECT_FALSE(blocks[1].in_cluster);
      for (const TraceBlock& b : blocks) {
        ASSERT_EQ(b.warps.size(), 2u);
        for (const TraceWarp& w : b.warps) {
          ASSERT_EQ(w.insts.size(), 5u);  // the two REPLAY markers are not instructions
          EXPECT_EQ(w.insts[0].dst[0], kUniformBase + 4);
          EXPECT_EQ(w.insts[1].opcode, "LDG.E");
          EXPECT_EQ(w.insts[1].addrs[31], 0x7f4a00000000u + 31 * 4);
          EXPECT_EQ(w.insts[2].imm, 5);
          EXPECT_EQ(w.insts[4].opcode, "EXIT");
        }
      }
    }
  }
  // The text trace holds the same instructions, warp by warp.
  std::istringstream again(text_trace(h, two_blocks()));
  TraceReader reader(again, "kernel-1.traceg");
  TraceBlock t;
  ASSERT_TRUE(reader.next_block(t));
  const std::vector<TraceBlock> z = read_all();
  for (std::size_t w = 0; w < 2; ++w) {
    ASSERT_EQ(t.warps[w].insts.size(), z[0].warps[w].insts.size());
    for (std::size_t i = 0; i < t.warps[w].insts.size(); ++i) {
      EXPECT_EQ(t.warps[w].insts[i].opcode, z[0].warps[w].insts[i].opcode);
      EXPECT_EQ(t.warps[w].insts[i].pc, z[0].warps[w].insts[i].pc);
      EXPECT_EQ(t.warps[w].insts[i].src, z[0].warps[w].insts[i].src);
    }
  }
}

TEST_F(TracezTest, MalformedFilesNameTheFileBlockAndWarp) {
  const std::string h = header("(2,1,1)", "(64,1,1)", 6);
  const std::string good = tracez(h, two_blocks(), "", 4);
  const std::string name = path_.string();

  write(good.substr(0, good.size() - 3));  // the index offset cut
  EXPECT_THAT(error_of([&] { read_all(); }), HasSubstr(name + ": the index offset"));

  std::string no_nul = h;
  write(no_nul + std::string(20, 'a'));
  EXPECT_EQ(error_of([&] { read_all(); }), name + ": no NUL byte ends the kernel header");

  std::vector<TzBlock> one = two_blocks();
  one.pop_back();
  write(tracez(h, one, "", 4));
  EXPECT_EQ(error_of([&] { read_all(); }),
            name + ": the index lists 1 thread blocks; the grid (2,1,1) has 2");

  std::vector<TzBlock> bad_line = two_blocks();
  bad_line[0].warps[1][2] = "0020 ffffffff 1 R2 LDG.E 1 R4 4 7 0x0 0 0 NoVal";
  write(tracez(h, bad_line, "", 4));
  EXPECT_EQ(error_of([&] { read_all(); }),
            name +
                " (block (1,0,0) warp 1, line in the warp):3: instruction line: expected an "
                "address mode (0 list_all, 1 base_stride, 2 base_delta), got '7'");

  std::string corrupt = good;
  const std::size_t frame = h.size() + 1 + 8 + 8 + 4 + 6;  // inside warp 0's first frame
  corrupt[frame] = static_cast<char>(corrupt[frame] ^ 0x5a);
  write(corrupt);
  EXPECT_THAT(error_of([&] { read_all(); }),
              HasSubstr(name + ": block (1,0,0) warp 0: sub-chunk 0"));

  std::vector<TzBlock> three_warps = two_blocks();
  three_warps[1].warps.push_back(three_warps[1].warps[0]);
  write(tracez(h, three_warps, "", 4));
  EXPECT_EQ(error_of([&] { read_all(); }),
            name + ": thread block (0,0,0) has 3 warps; a block of (64,1,1) threads has 2");
}

}  // namespace
}  // namespace warpsim::trace
