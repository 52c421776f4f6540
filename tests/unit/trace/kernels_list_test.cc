// kernelslist.g: kernel files and host-to-device copies in order; malformed lines name
// FILE:LINE.

#include "trace/kernels_list.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace warpsim::trace {
namespace {

KernelsList parse(const std::string& text, const std::string& folder = "traces") {
  std::istringstream in(text);
  return parse_kernels_list(in, "kernelslist.g", folder);
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(KernelsList, KernelsAndCopiesInOrder) {
  const KernelsList list = parse(
      "MemcpyHtoD,0x00007efe7b500000,2052\n"
      "MemcpyHtoD,0x00007efe7b500a00,262144\n"
      "\n"
      "kernel-1.traceg\n"
      "kernel-2.traceg.xz\r\n"
      "kernel-3.tracez\n");
  ASSERT_EQ(list.entries.size(), 5u);
  EXPECT_EQ(list.kernel_count(), 3u);
  EXPECT_EQ(list.entries[0].kind, KernelsListEntry::Kind::kMemcpyHtoD);
  EXPECT_EQ(list.entries[0].dst, 0x00007efe7b500000u);
  EXPECT_EQ(list.entries[0].bytes, 2052u);
  EXPECT_EQ(list.entries[1].dst, 0x00007efe7b500a00u);  // all 64 bits kept
  EXPECT_EQ(list.entries[1].bytes, 262144u);
  EXPECT_EQ(list.entries[2].kind, KernelsListEntry::Kind::kKernel);
  EXPECT_EQ(list.entries[2].file_name, "kernel-1.traceg");
  EXPECT_EQ(list.entries[2].path, "traces/kernel-1.traceg");
  EXPECT_EQ(list.entries[2].line, 4u);
  EXPECT_EQ(list.entries[3].path, "traces/kernel-2.traceg.xz");
  EXPECT_EQ(list.entries[4].path, "traces/kernel-3.tracez");  // Accel-Sim 2.0
}

TEST(KernelsList, PathsRelativeToTheListsFolder) {
  EXPECT_EQ(parse("kernel-1.traceg\n", "").entries[0].path, "kernel-1.traceg");
  EXPECT_EQ(parse("kernel-1.traceg\n", "/a/b").entries[0].path, "/a/b/kernel-1.traceg");
}

TEST(KernelsList, MalformedLinesNameFileAndLine) {
  EXPECT_THAT(error_of("kernel-1.traceg\nMemcpyHtoD,0x10\n"),
              testing::StartsWith("kernelslist.g:2: expected MemcpyHtoD,0x<destination>,<bytes>"));
  EXPECT_THAT(error_of("MemcpyHtoD,10,4\n"),
              testing::StartsWith("kernelslist.g:1: bad destination address '10'"));
  EXPECT_THAT(error_of("\n\nMemcpyHtoD,0x10,-4\n"),
              testing::StartsWith("kernelslist.g:3: bad byte count '-4'"));
  EXPECT_THAT(error_of("MemcpyDtoH,0x10,4\n"), testing::StartsWith("kernelslist.g:1: expected"));
  EXPECT_THAT(error_of("kernel-1.trace\n"),
              testing::StartsWith("kernelslist.g:1: 'kernel-1.trace': a kernel trace file name"));
  EXPECT_THAT(error_of("kernel-1.traceg\nhello\n"),
              testing::StartsWith("kernelslist.g:2: expected a kernel trace file name"));
}

TEST(KernelsList, MissingFileIsAnError) {
  EXPECT_THROW(read_kernels_list("/nonexistent/kernelslist.g"), std::runtime_error);
}

}  // namespace
}  // namespace warpsim::trace
