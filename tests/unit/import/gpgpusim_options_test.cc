#include "import/gpgpusim_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace warpsim::import {
namespace {

using ::testing::HasSubstr;

TEST(GpgpusimOptions, ReadsPairsCommentsAndQuotedValues) {
  GpgpusimOptions options;
  options.read_text(
      "# a comment line\n"
      "-gpgpu_n_clusters 15   # trailing comment\n"
      "-gpgpu_dram_timing_opt \"nbk=16:CCD=2 RRD=6\" -gpgpu_n_mem 6\n",
      "a.config");
  ASSERT_EQ(options.size(), 3u);
  const OptionValue* clusters = options.take("gpgpu_n_clusters");
  ASSERT_NE(clusters, nullptr);
  EXPECT_EQ(clusters->value, "15");
  EXPECT_EQ(clusters->where(), "a.config:2");
  EXPECT_EQ(options.take("gpgpu_dram_timing_opt")->value, "nbk=16:CCD=2 RRD=6");
  EXPECT_EQ(options.take("gpgpu_n_mem")->line, 3u);
  EXPECT_EQ(options.take("missing"), nullptr);
}

TEST(GpgpusimOptions, LaterFilesReplaceEarlierValues) {
  GpgpusimOptions options;
  options.read_text("-a 1\n-b 2\n", "first");
  options.read_text("-a 3\n", "second");
  EXPECT_EQ(options.take("a")->value, "3");
  EXPECT_EQ(options.take("a")->file, "second");
}

TEST(GpgpusimOptions, ListsWhatWasNotTakenInReadOrder) {
  GpgpusimOptions options;
  options.read_text("-zeta 1\n-alpha 2\n-used 3\n", "f");
  options.take("used");
  const std::vector<const OptionValue*> unused = options.unused();
  ASSERT_EQ(unused.size(), 2u);
  EXPECT_EQ(unused[0]->name, "zeta");
  EXPECT_EQ(unused[1]->name, "alpha");
}

TEST(GpgpusimOptions, MalformedInputNamesFileAndLine) {
  GpgpusimOptions options;
  try {
    options.read_text("-a 1\nstray\n", "bad.config");
    FAIL() << "expected an error";
  } catch (const ImportError& e) {
    EXPECT_THAT(e.what(), HasSubstr("bad.config:2: expected an option"));
  }
  EXPECT_THROW(options.read_text("-a 1\n-b\n", "f"), ImportError);
  EXPECT_THROW(options.read_text("-a \"open\n", "f"), ImportError);
  EXPECT_THROW(options.read_file("/nonexistent/gpgpusim.config"), ImportError);
}

TEST(GpgpusimOptions, ValueParsersFailWithTheOption) {
  GpgpusimOptions options;
  options.read_text("-n 12\n-x 1.5\n-b 2\n-bad 12a\n", "v.config");
  EXPECT_EQ(option_uint(*options.take("n")), 12u);
  EXPECT_DOUBLE_EQ(option_double(*options.take("x")), 1.5);
  EXPECT_THROW(option_bool(*options.take("b")), ImportError);
  try {
    option_uint(*options.take("bad"));
    FAIL() << "expected an error";
  } catch (const ImportError& e) {
    EXPECT_THAT(e.what(), HasSubstr("v.config:4: -bad 12a"));
  }
  EXPECT_EQ(split("a,,b", ','), (std::vector<std::string>{"a", "", "b"}));
}

}  // namespace
}  // namespace warpsim::import
