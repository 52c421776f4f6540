#include "import/gpgpusim_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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
  try {
    options.read_text("-a 1\n-t \"open\n  still open\n", "q.config");
    FAIL() << "expected an error";
  } catch (const ImportError& e) {
    // The line the quoted value starts on.
    EXPECT_THAT(e.what(), HasSubstr("q.config:2: unterminated \""));
  }
  EXPECT_THROW(options.read_text("-config\n", "f"), ImportError);
  EXPECT_THROW(options.read_file("/nonexistent/gpgpusim.config"), ImportError);
}

// GPGPU-Sim's ParseFile: comments go first (inside quotes too), then a value in quotes runs over
// line ends to the first word that ends with a quote, its words joined by single spaces.
TEST(GpgpusimOptions, QuotedValuesSpanLinesAsInGpgpuSim) {
  GpgpusimOptions options;
  options.read_text(
      "-timing \"nbk=8:CCD=2:RCD=11:   # the first half\n"
      "        CL=11:WL=3\"\n"
      "-next 4\n"
      "-mixed ab\"c\n"
      "-hash 5# no space before the comment\n"
      "-spaced \"a   b\"\n"
      "-inner \"x # the rest of the line is a comment, this quote too: \"\n"
      "   z\"\n",
      "m.config");
  const OptionValue* timing = options.take("timing");
  ASSERT_NE(timing, nullptr);
  EXPECT_EQ(timing->value, "nbk=8:CCD=2:RCD=11: CL=11:WL=3");
  EXPECT_EQ(timing->line, 1u);
  EXPECT_EQ(options.take("next")->line, 3u);
  EXPECT_EQ(options.take("mixed")->value, "ab\"c");  // a quote inside a word is a character
  EXPECT_EQ(options.take("hash")->value, "5");
  EXPECT_EQ(options.take("spaced")->value, "a b");
  EXPECT_EQ(options.take("inner")->value, "x z");
  EXPECT_EQ(options.size(), 6u);
}

TEST(GpgpusimOptions, ARepeatedOptionKeepsItsLastValue) {
  GpgpusimOptions options;
  options.read_text("-a 1\n-b 2\n-a 3   # again\n", "r.config");
  ASSERT_EQ(options.size(), 2u);
  const std::vector<const OptionValue*> unused = options.unused();
  ASSERT_EQ(unused.size(), 2u);
  EXPECT_EQ(unused[0]->name, "b");  // listed where the value that counts was read
  EXPECT_EQ(unused[1]->value, "3");
  EXPECT_EQ(unused[1]->where(), "r.config:3");
}

// A name followed by another name is a flag without a value: GPGPU-Sim reads it as 0 (the next
// word does not parse as a number), and as 1 at the end of the file.
TEST(GpgpusimOptions, BareFlagsReadAsGpgpuSimReadsThem) {
  GpgpusimOptions options;
  options.read_text("-f1 -f2 0\n-neg -1 -frac -.5\n-f3\n", "b.config");
  const OptionValue* f1 = options.take("f1");
  ASSERT_NE(f1, nullptr);
  EXPECT_TRUE(f1->bare);
  EXPECT_FALSE(option_bool(*f1));
  EXPECT_FALSE(option_bool(*options.take("f2")));
  EXPECT_EQ(options.take("neg")->value, "-1");
  EXPECT_EQ(options.take("frac")->value, "-.5");
  EXPECT_TRUE(option_bool(*options.take("f3")));
  EXPECT_THROW(option_uint(*options.take("f3")), ImportError);
}

TEST(GpgpusimOptions, OlderOptionNamesStandForTheirLaterOnes) {
  GpgpusimOptions options;
  options.read_text("-l1_latency 28\n-rop_latency 120\n-gpgpu_l1_latency 30\n", "o.config");
  const OptionValue* l1 = options.take("gpgpu_l1_latency");
  ASSERT_NE(l1, nullptr);
  EXPECT_EQ(l1->value, "30");  // the later spelling came last
  const OptionValue* rop = options.take("gpgpu_l2_rop_latency");
  ASSERT_NE(rop, nullptr);
  EXPECT_EQ(rop->name, "rop_latency");  // cited as written
  EXPECT_EQ(options.size(), 2u);
}

TEST(GpgpusimOptions, IntegersAsGpgpuSimsOptionParserReadsThem) {
  GpgpusimOptions options;
  options.read_text("-h 0x20\n-o 010\n-z 0\n-bad 08\n", "n.config");
  EXPECT_EQ(option_uint(*options.take("h")), 32u);
  EXPECT_EQ(option_uint(*options.take("o")), 8u);
  EXPECT_EQ(option_uint(*options.take("z")), 0u);
  try {
    option_uint(*options.take("bad"));
    FAIL() << "expected an error";
  } catch (const ImportError& e) {
    EXPECT_THAT(e.what(), HasSubstr("n.config:4: -bad 08"));
    EXPECT_THAT(e.what(), HasSubstr("octal"));
  }
}

TEST(GpgpusimOptions, ConfigReadsAnotherFileInPlace) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "warpsim-import-options-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "inner.config") << "-b 2\n-c 3\n";
  std::ofstream(dir / "outer.config") << "-a 1\n-c 0\n-config inner.config\n-b 9\n";
  std::ofstream(dir / "loop.config") << "-config loop.config\n";
  GpgpusimOptions options;
  options.read_file((dir / "outer.config").string());
  EXPECT_EQ(options.size(), 3u);
  EXPECT_EQ(options.take("c")->value, "3");  // the included file came after -c 0
  EXPECT_EQ(options.take("b")->value, "9");  // and before -b 9
  EXPECT_THAT(options.take("c")->file, HasSubstr("inner.config"));
  GpgpusimOptions looping;
  EXPECT_THROW(looping.read_file((dir / "loop.config").string()), ImportError);
  std::filesystem::remove_all(dir);
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
