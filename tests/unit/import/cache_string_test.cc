#include "import/cache_string.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace warpsim::import {
namespace {

using ::testing::HasSubstr;

CacheString parse(const std::string& text) {
  const OptionValue option{.name = "gpgpu_cache:dl1", .value = text, .file = "c", .line = 7};
  return parse_cache_string(option);
}

TEST(CacheString, ReadsTheFourPointZeroForm) {
  const CacheString c = parse("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32");
  EXPECT_TRUE(c.sectored);
  EXPECT_EQ(c.sets, 4u);
  EXPECT_EQ(c.line, 128u);
  EXPECT_EQ(c.ways, 64u);
  EXPECT_EQ(c.size_bytes(), 32768u);
  EXPECT_EQ(c.replacement, 'L');
  EXPECT_EQ(c.write, 'T');
  EXPECT_EQ(c.allocate, 'm');
  EXPECT_EQ(c.write_allocate, 'L');
  EXPECT_EQ(c.set_index, 'L');
  EXPECT_TRUE(c.set_index_given);
  EXPECT_EQ(c.mshr_type, 'A');
  EXPECT_EQ(c.mshr_entries, 512u);
  EXPECT_EQ(c.mshr_merge, 8u);
  EXPECT_EQ(c.miss_queue, 16u);
  EXPECT_EQ(c.fill_fifo, 0u);
  EXPECT_EQ(c.data_port_width, 32u);
}

TEST(CacheString, ReadsTheThreePointXFormWithoutSectorOrIndexLetters) {
  const CacheString c = parse("32:128:4,L:L:m:N,A:32:8,8");
  EXPECT_FALSE(c.sectored);
  EXPECT_EQ(c.size_bytes(), 16384u);
  EXPECT_FALSE(c.set_index_given);
  EXPECT_EQ(c.set_index, 'L');
  EXPECT_EQ(c.miss_queue, 8u);
}

TEST(CacheString, ReadsTextureFifo) {
  const CacheString c = parse("N:4:128:24,L:R:m:N:L,T:128:4,128:2");
  EXPECT_EQ(c.mshr_type, 'T');
  EXPECT_EQ(c.miss_queue, 128u);
  EXPECT_EQ(c.fill_fifo, 2u);
}

TEST(CacheString, RejectsWhatGpgpuSimRejects) {
  const char* bad[] = {
      "N:32:128:4,L:L:m:N:H",              // too few groups
      "Q:32:128:4,L:L:m:N:H,S:64:8,8",     // type letter
      "N:32:96:4,L:L:m:N:H,S:64:8,8",      // line not a power of two
      "N:32:128:0,L:L:m:N:H,S:64:8,8",     // no ways
      "N:32:128:4,Z:L:m:N:H,S:64:8,8",     // replacement letter
      "N:32:128:4,L:B:f:N:L,S:64:8,8",     // write-back + allocate on fill
      "N:32:128:4,L:T:f:F:L,S:64:8,8",     // fetch-on-write + allocate on fill
      "N:4:128:24,L:R:m:N:L,T:128:4,128",  // FIFO MSHR without the FIFO size
      "N:32:128:x,L:L:m:N:H,S:64:8,8",     // not a number
  };
  for (const char* text : bad) {
    try {
      parse(text);
      ADD_FAILURE() << text << " was accepted";
    } catch (const ImportError& e) {
      EXPECT_THAT(e.what(), HasSubstr("c:7: -gpgpu_cache:dl1 ")) << text;
    }
  }
}

}  // namespace
}  // namespace warpsim::import
