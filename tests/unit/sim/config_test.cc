#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sim/config_load.h"
#include "sim/config_node.h"

namespace warpsim {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A fresh directory per test, removed afterwards, so tests never see each other's files.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ = fs::temp_directory_path() /
            ("warpsim_config_test_" + std::to_string(stamp) + "_" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

  // Writes `relative` under the directory and returns its full path as a string.
  std::string write(const std::string& relative, const std::string& contents) const {
    fs::path file = path_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << contents;
    return file.string();
  }

 private:
  fs::path path_;
};

std::string error_of(const auto& action) {
  try {
    action();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no ConfigError thrown)";
}

TEST(ConfigNodeTest, ParsesYamlKeepingOriginsAndPaths) {
  ConfigNode root = ConfigNode::parse_string("sm:\n  count: 4\n  tags: [1, 2]\n", "x.yaml");
  const ConfigNode& count = root.at("sm").at("count");
  EXPECT_EQ(count.text(), "4");
  EXPECT_EQ(count.origin().describe(), "x.yaml:2:10");
  EXPECT_EQ(count.key_origin().describe(), "x.yaml:2:3");
  EXPECT_EQ(count.path(), "sm.count");
  EXPECT_EQ(root.at("sm").at("tags").items()[1].path(), "sm.tags[1]");
  EXPECT_EQ(Origin::default_value().describe(), "default");
}

TEST(ConfigNodeTest, TypedReadErrorNamesFileLinePathAndValue) {
  TempDir dir;
  std::string file = dir.write("x.yaml", "sm:\n  l1d:\n    ways: eight\n");
  ConfigNode root = ConfigNode::parse_file(file);
  EXPECT_EQ(error_of([&] { root.at("sm").at("l1d").at("ways").as_int(); }),
            file + ":3:11: sm.l1d.ways: expected an integer, got 'eight'");
  EXPECT_THAT(error_of([&] { root.at("sm").as_string(); }),
              HasSubstr(":2:3: sm: expected a string, got a map"));
  EXPECT_THAT(error_of([&] { root.at("gpu"); }), HasSubstr("missing key 'gpu'"));
}

TEST(ConfigNodeTest, TypedReads) {
  ConfigNode root = ConfigNode::parse_string(
      "i: -12\nu: 0x40\nf: 1.5e3\nb: True\ns: hello world\nl: [3, -1, 2KiB]\n", "t");
  EXPECT_EQ(root.at("i").as_int(), -12);
  EXPECT_EQ(root.at("u").as_uint(), 64u);
  EXPECT_DOUBLE_EQ(root.at("f").as_double(), 1500.0);
  EXPECT_TRUE(root.at("b").as_bool());
  EXPECT_EQ(root.at("s").as_string(), "hello world");
  EXPECT_EQ(root.at("l").as_int_list(), (std::vector<std::int64_t>{3, -1, 2048}));
  EXPECT_THAT(error_of([&] { root.at("i").as_uint(); }), HasSubstr("non-negative integer"));
  EXPECT_THAT(error_of([&] { root.at("s").as_bool(); }), HasSubstr("expected true or false"));
  EXPECT_THAT(error_of([&] { root.at("s").as_double(); }), HasSubstr("expected a number"));
}

TEST(ConfigNodeTest, SizeSuffixes) {
  auto size = [](const std::string& text) {
    return ConfigNode::scalar(text, Origin{"t"}).as_size();
  };
  EXPECT_EQ(size("64B"), 64u);
  EXPECT_EQ(size("48KiB"), 48u * 1024);
  EXPECT_EQ(size("4MiB"), 4u << 20);
  EXPECT_EQ(size("1GiB"), 1ull << 30);
  EXPECT_EQ(size("2TiB"), 2ull << 40);
  EXPECT_EQ(size("4096"), 4096u);
  // KB is ambiguous (1000 or 1024?) and rejected; overflow is an error, not a wrap.
  EXPECT_THAT(error_of([&] { size("48KB"); }), HasSubstr("got '48KB'"));
  EXPECT_THAT(error_of([&] { size("20000000TiB"); }), HasSubstr("expected"));
  EXPECT_THAT(error_of([&] { size("KiB"); }), HasSubstr("expected"));
  EXPECT_EQ(ConfigNode::scalar("-1KiB").as_int(), -1024);
}

TEST(ConfigNodeTest, RejectsDuplicateKeysAndBadYaml) {
  EXPECT_THAT(error_of([] { ConfigNode::parse_string("a: 1\nb: 2\na: 3\n", "d.yaml"); }),
              HasSubstr("d.yaml:3:1: duplicate key 'a'"));
  EXPECT_THAT(error_of([] { ConfigNode::parse_string("a: [1, 2\nb: 3\n", "bad.yaml"); }),
              HasSubstr("bad.yaml:"));
  EXPECT_THAT(error_of([] { ConfigNode::parse_file("/nonexistent/warpsim.yaml"); }),
              HasSubstr("cannot read config file"));
}

TEST(ConfigNodeTest, EmitsYamlInInsertionOrderAndRoundTrips) {
  const std::string text = "zeta: 1\nalpha:\n  b: x\n  a: [1, 2]\nempty: ~\n";
  ConfigNode root = ConfigNode::parse_string(text, "t");
  std::string yaml = root.to_yaml();
  EXPECT_EQ(yaml, text);
  EXPECT_EQ(ConfigNode::parse_string(yaml, "again").to_yaml(), yaml);
}

TEST(ConfigNodeTest, JsonScalarsAreTyped) {
  ConfigNode root = ConfigNode::parse_string(
      "i: 12\nn: -3\nf: 0.25\nb: false\ns: lru\nsize: 48KiB\nnull_value: ~\nl: [1, x]\n", "t");
  nlohmann::ordered_json json = root.to_json();
  EXPECT_EQ(json.dump(), R"({"i":12,"n":-3,"f":0.25,"b":false,"s":"lru","size":"48KiB",)"
                         R"("null_value":null,"l":[1,"x"]})");
}

TEST(ConfigMergeTest, DeepMergeKeepsOrderAndOriginsFollowTheWinner) {
  ConfigNode base = ConfigNode::parse_string(
      "sm:\n  count: 4\n  l1d: {sets: 32, ways: 4}\n  tags: [1, 2, 3]\ndram: {channels: 8}\n",
      "base.yaml");
  ConfigNode overlay =
      ConfigNode::parse_string("sm:\n  l1d: {ways: 8}\n  tags: [9]\n  extra: 1\n", "over.yaml");
  base.merge_from(overlay);
  EXPECT_EQ(base.to_yaml(),
            "sm:\n  count: 4\n  l1d:\n    sets: 32\n    ways: 8\n  tags: [9]\n  extra: 1\n"
            "dram:\n  channels: 8\n");
  EXPECT_EQ(base.at("sm").at("l1d").at("ways").origin().source, "over.yaml");
  EXPECT_EQ(base.at("sm").at("l1d").at("sets").origin().source, "base.yaml");
  EXPECT_EQ(base.at("sm").at("tags").items()[0].path(), "sm.tags[0]");
}

TEST(ConfigMergeTest, SwitchingImplReplacesThePolicyMapWhole) {
  ConfigNode base = ConfigNode::parse_string("r: {impl: random, seed: 3}\n", "base.yaml");
  base.merge_from(ConfigNode::parse_string("r: {impl: lru}\n", "over.yaml"));
  EXPECT_EQ(base.at("r").to_yaml(), "impl: lru\n");
  // Same impl: params merge as usual.
  base.merge_from(ConfigNode::parse_string("r: {impl: lru, x: 1}\n", "o2.yaml"));
  base.merge_from(ConfigNode::parse_string("r: {y: 2}\n", "o3.yaml"));
  EXPECT_EQ(base.at("r").to_yaml(), "impl: lru\nx: 1\ny: 2\n");
}

TEST(ConfigSetTest, SetDottedCreatesMapsAndParsesYamlScalars) {
  ConfigNode root = ConfigNode::parse_string("sm: {count: 4}\n", "base.yaml");
  root.set_dotted("sm.count", "8", Origin{"--set sm.count=8"});
  root.set_dotted("sm.l1d.name", "'two words'", Origin{"--set sm.l1d.name='two words'"});
  root.set_dotted("sm.tags", "[1, 2]", Origin{"--set sm.tags=[1, 2]"});
  EXPECT_EQ(root.at("sm").at("count").as_int(), 8);
  EXPECT_EQ(root.at("sm").at("count").origin().describe(), "--set sm.count=8");
  EXPECT_EQ(root.at("sm").at("l1d").at("name").as_string(), "two words");
  EXPECT_EQ(root.at("sm").at("tags").as_int_list(), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(root.at("sm").at("l1d").at("name").path(), "sm.l1d.name");
  EXPECT_THAT(error_of([&] { root.set_dotted("sm.count.x", "1", Origin{"--set sm.count.x=1"}); }),
              HasSubstr("--set sm.count.x=1: sm.count: cannot set a key inside '8'"));
  EXPECT_THAT(error_of([&] { root.set_dotted("sm..x", "1", Origin{"--set sm..x=1"}); }),
              HasSubstr("empty segment"));
}

TEST(ConfigSetTest, SetFollowsOverlayMergeRules) {
  ConfigNode root = ConfigNode::parse_string("r: {impl: random, seed: 3}\nl1d: {sets: 4}\n", "b");
  root.set_dotted("r.impl", "lru", Origin{"--set r.impl=lru"});
  EXPECT_EQ(root.at("r").to_yaml(), "impl: lru\n");
  EXPECT_EQ(root.at("r").path(), "r");
  root.set_dotted("l1d", "{ways: 8}", Origin{"--set l1d={ways: 8}"});
  EXPECT_EQ(root.at("l1d").to_yaml(), "sets: 4\nways: 8\n");
}

class ConfigLoadTest : public ::testing::Test {
 protected:
  ConfigLoadTest() : paths_(ConfigPaths::under(dir_.path())) {}

  std::string preset(const std::string& name, const std::string& text) {
    return dir_.write("configs/gpus/" + name + ".yaml", text);
  }

  TempDir dir_;
  ConfigPaths paths_;
};

TEST_F(ConfigLoadTest, InheritsChainThenOverlaysThenSets) {
  preset("base", "description: Base GPU\nsm: {count: 4, clock: 1000}\ndram: {channels: 8}\n");
  preset("mid", "inherits: base\nsm: {count: 16}\n");
  std::string leaf = preset("leaf", "description: Leaf GPU\ninherits: mid\ndram: {channels: 12}\n");
  dir_.write("configs/overlays/fast.yaml", "description: faster clock\nsm: {clock: 1500}\n");
  std::string extra = dir_.write("elsewhere/extra.yaml", "dram: {channels: 4}\n");

  ConfigNode config = load_config({"leaf", {"fast", extra}, {"sm.count=2", "new.key=x"}}, paths_);
  EXPECT_EQ(config.to_yaml(),
            "sm:\n  count: 2\n  clock: 1500\ndram:\n  channels: 4\nnew:\n  key: x\n");
  EXPECT_EQ(config.at("dram").at("channels").origin().source, extra);
  EXPECT_EQ(config.at("sm").at("count").origin().source, "--set sm.count=2");
  EXPECT_THAT(config.at("sm").at("clock").origin().describe(), HasSubstr("fast.yaml:2:13"));

  // The same preset can also be named by path.
  ConfigNode by_path = load_config({leaf, {}, {}}, paths_);
  EXPECT_EQ(by_path.at("sm").at("count").as_int(), 16);
  EXPECT_EQ(by_path.find("inherits"), nullptr);
  EXPECT_EQ(by_path.find("description"), nullptr);
}

TEST_F(ConfigLoadTest, InheritsCycleNamesTheChain) {
  preset("a", "inherits: b\n");
  preset("b", "sm: {count: 1}\ninherits: c\n");
  preset("c", "inherits: a\n");
  std::string message = error_of([&] { load_config({"a", {}, {}}, paths_); });
  EXPECT_THAT(message, HasSubstr("c.yaml:1:11: inherits: cycle in the inherits chain: "));
  EXPECT_THAT(message, HasSubstr("a.yaml -> "));
  EXPECT_THAT(message, HasSubstr("b.yaml -> "));
  EXPECT_THAT(message, HasSubstr("c.yaml -> "));
}

TEST_F(ConfigLoadTest, MissingFilesListWhatWasLookedForAndWhatExists) {
  preset("v100", "description: NVIDIA V100\n");
  preset("a100", "description: NVIDIA A100\n");
  std::string message = error_of([&] { load_config({"h100", {}, {}}, paths_); });
  EXPECT_THAT(message, HasSubstr("cannot find GPU preset 'h100'"));
  EXPECT_THAT(message, HasSubstr((dir_.path() / "configs/gpus/h100.yaml").string()));
  EXPECT_THAT(message, HasSubstr("available: a100, v100"));

  EXPECT_THAT(error_of([&] {
                load_config({"v100", {"nope"}, {}}, paths_);
              }),
              HasSubstr("cannot find overlay 'nope'"));
  preset("orphan", "inherits: ghost\n");
  EXPECT_THAT(error_of([&] {
                load_config({"orphan", {}, {}}, paths_);
              }),
              HasSubstr("orphan.yaml:1:11: inherits: cannot find parent preset 'ghost'"));
}

TEST_F(ConfigLoadTest, MalformedSetAndBadTopLevel) {
  preset("p", "sm: {count: 1}\n");
  EXPECT_EQ(error_of([&] {
              load_config({"p", {}, {"sm.count"}}, paths_);
            }),
            "--set 'sm.count': expected KEY=VALUE");
  EXPECT_EQ(error_of([&] {
              load_config({"p", {}, {"=3"}}, paths_);
            }),
            "--set '=3': expected KEY=VALUE");
  preset("list", "- 1\n- 2\n");
  EXPECT_THAT(error_of([&] {
                load_config({"list", {}, {}}, paths_);
              }),
              HasSubstr("expected a map of settings at the top level"));
}

TEST_F(ConfigLoadTest, EmptyGpuStartsFromNothing) {
  ConfigNode config = load_config({"", {}, {"sm.count=3"}}, paths_);
  EXPECT_EQ(config.to_yaml(), "sm:\n  count: 3\n");
}

TEST_F(ConfigLoadTest, ListPresetsSortedWithDescriptions) {
  preset("v100", "description: NVIDIA V100 (Volta)\n");
  preset("a100", "description: NVIDIA A100\nsm: {count: 108}\n");
  preset("bare", "sm: {count: 1}\n");
  dir_.write("configs/gpus/notes.txt", "not a preset");
  std::vector<PresetInfo> presets = list_presets(dir_.path() / "configs/gpus");
  ASSERT_EQ(presets.size(), 3u);
  EXPECT_EQ(presets[0].name, "a100");
  EXPECT_EQ(presets[0].description, "NVIDIA A100");
  EXPECT_EQ(presets[1].name, "bare");
  EXPECT_EQ(presets[1].description, "");
  EXPECT_EQ(presets[2].name, "v100");
  EXPECT_TRUE(list_presets(dir_.path() / "missing").empty());
}

}  // namespace
}  // namespace warpsim
