// Plain and xz-compressed trace files read the same; a corrupt .xz is an error, not a short
// trace.

#include "trace/trace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <lzma.h>

#include <fstream>
#include <vector>

#include "trace/kernels_list.h"
#include "trace/trace_reader.h"
#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

std::vector<std::uint8_t> xz(const std::string& text) {
  std::vector<std::uint8_t> out(text.size() + 1024);
  std::size_t used = 0;
  const lzma_ret ret = lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, nullptr,
                                               reinterpret_cast<const std::uint8_t*>(text.data()),
                                               text.size(), out.data(), &used, out.size());
  EXPECT_EQ(ret, LZMA_OK);
  out.resize(used);
  return out;
}

void write_file(const std::string& path, const void* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
}

std::string trace_text(int blocks) {
  std::string text = test::header("(" + std::to_string(blocks) + ",1,1)");
  for (int b = 0; b < blocks; ++b) {
    text += "#BEGIN_TB\nthread block = " + std::to_string(b) +
            ",0,0\nwarp = 0\ninsts = 2\n"
            "0090 ffffffff 1 R2 LDG.E.SYS 1 R2 4 1 0x7f4a00000000 4 0\n"
            "00e0 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  }
  return text;
}

TEST(TraceFile, XzTraceReadsLikeThePlainOne) {
  // Big enough that decoding takes several rounds of the 64 KiB buffers.
  const std::string text = trace_text(3000);
  const std::string dir = testing::TempDir();
  write_file(dir + "kernel-1.traceg", text.data(), text.size());
  const auto packed = xz(text);
  write_file(dir + "kernel-2.traceg.xz", packed.data(), packed.size());
  const std::string list =
      "MemcpyHtoD,0x00007f4a00000000,4096\nkernel-1.traceg\nkernel-2.traceg.xz\n";
  write_file(dir + "kernelslist.g", list.data(), list.size());

  const KernelsList kernels = read_kernels_list(dir + "kernelslist.g");
  ASSERT_EQ(kernels.kernel_count(), 2u);
  std::vector<std::uint64_t> counts;
  for (const KernelsListEntry& entry : kernels.entries) {
    if (entry.kind != KernelsListEntry::Kind::kKernel) continue;
    TraceReader reader(entry.path);
    TraceBlock block;
    std::uint64_t insts = 0;
    while (reader.next_block(block)) insts += block.inst_count();
    counts.push_back(insts);
    EXPECT_EQ(reader.blocks_read(), 3000u);
  }
  EXPECT_THAT(counts, testing::ElementsAre(6000u, 6000u));
}

TEST(TraceFile, CorruptXzIsAnError) {
  auto packed = xz(trace_text(200));
  packed.resize(packed.size() / 2);  // truncated
  const std::string path = testing::TempDir() + "truncated.traceg.xz";
  write_file(path, packed.data(), packed.size());
  const std::string message = test::error_of([&] {
    TraceReader reader(path);
    TraceBlock block;
    while (reader.next_block(block)) {
    }
  });
  EXPECT_THAT(message, testing::HasSubstr("read error (a corrupt or truncated .xz file?)"));
  EXPECT_THAT(message, testing::StartsWith(path + ":"));
}

TEST(TraceFile, MissingFileIsAnError) {
  EXPECT_EQ(test::error_of([] { open_trace_file("/nonexistent/kernel-1.traceg"); }),
            "/nonexistent/kernel-1.traceg: cannot open");
  EXPECT_EQ(test::error_of([] { open_trace_file("/nonexistent/kernel-1.traceg.xz"); }),
            "/nonexistent/kernel-1.traceg.xz: cannot open");
}

}  // namespace
}  // namespace warpsim::trace
