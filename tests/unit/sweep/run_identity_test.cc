// A run's identity (sweep/run_identity.h): what changes it (the resolved config, the mode, the
// input, a program's bytes, a trace's files) and what does not (names, labels, where a value was
// written).

#include "sweep/run_identity.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "warpsim/version.h"

namespace warpsim::sweep {
namespace {

namespace fs = std::filesystem;

Point workload_point(std::string spec, std::string mode = "timing") {
  Point point;
  point.gpu = "v100";
  point.mode = std::move(mode);
  point.input = Input{Input::Kind::kWorkload, std::move(spec), {}};
  return point;
}

ConfigNode config(std::string_view yaml) { return ConfigNode::parse_string(yaml, "a.yaml"); }

class RunIdentityFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("warpsim-identity-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST(RunIdentity, TheResolvedConfigModeAndInputDecideIt) {
  const ConfigNode a = config("sm: {count: 80, l1d: {ways: 4}}\n");
  const RunIdentity base = identify(workload_point("polybench/atax:tiny"), a);
  EXPECT_EQ(base.key.size(), 32u);
  EXPECT_EQ(base.what["warpsim"], kVersion);
  EXPECT_EQ(base.what["input"]["workload"], "polybench/atax:tiny");

  // The same content, written elsewhere and otherwise labelled: the same run.
  Point relabelled = workload_point("polybench/atax:tiny");
  relabelled.levels = {3, 1};
  relabelled.index = 17;
  relabelled.gpu = "my-copy-of-v100.yaml";
  relabelled.overlays = {"something-that-changed-nothing"};
  EXPECT_EQ(identify(relabelled, ConfigNode::parse_string("sm: {count: 80, l1d: {ways: 4}}\n",
                                                          "elsewhere.yaml"))
                .key,
            base.key);

  EXPECT_NE(
      identify(workload_point("polybench/atax:tiny"), config("sm: {count: 80, l1d: {ways: 8}}\n"))
          .key,
      base.key);
  EXPECT_NE(identify(workload_point("polybench/atax:small"), a).key, base.key);
  EXPECT_NE(identify(workload_point("polybench/atax:tiny", "functional"), a).key, base.key);
}

TEST_F(RunIdentityFiles, AProgramIsItsBytesAndArguments) {
  const std::string path = write("app", "binary one");
  Point point = workload_point("");
  point.input = Input{Input::Kind::kProgram, path, {"4096"}};
  const ConfigNode c = config("sm: {count: 1}\n");
  const std::string first = identify(point, c).key;
  EXPECT_EQ(identify(point, c).key, first);
  point.input.args = {"8192"};
  EXPECT_NE(identify(point, c).key, first);
  point.input.args = {"4096"};
  write("app", "binary two");  // rebuilt
  EXPECT_NE(identify(point, c).key, first);
  point.input.spec = (dir_ / "missing").string();
  EXPECT_THROW(identify(point, c), ConfigError);
}

TEST_F(RunIdentityFiles, ATraceIsItsKernelslistAndItsFilesSizes) {
  const std::string list = write("kernelslist.g", "MemcpyHtoD,0x1,64\nkernel-1.traceg\n");
  write("kernel-1.traceg", "-kernel name = k\n");
  Point point = workload_point("");
  point.input = Input{Input::Kind::kTrace, list, {}};
  const ConfigNode c = config("sm: {count: 1}\n");
  const RunIdentity first = identify(point, c);
  EXPECT_EQ(first.what["input"]["files"]["kernel-1.traceg"], 17);
  write("kernel-1.traceg", "-kernel name = kk\n");
  EXPECT_NE(identify(point, c).key, first.key);
  write("kernelslist.g", "kernel-1.traceg\n");
  EXPECT_NE(identify(point, c).key, first.key);
  write("kernelslist.g", "kernel-2.traceg\n");
  EXPECT_THROW(identify(point, c), ConfigError);
}

TEST(RunIdentity, HashesAreXxh3OfTheBytes) {
  // As `xxhsum -H2` (Debian's xxhash) prints them.
  EXPECT_EQ(hash_hex(""), "99aa06d3014798d86001c324468d497f");
  EXPECT_EQ(hash_hex("abc"), "06b05ab6733a618578af5f94892f3950");
}

}  // namespace
}  // namespace warpsim::sweep
