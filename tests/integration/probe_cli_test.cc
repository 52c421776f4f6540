// `warpsim probe` as a user runs it: the table, the JSON file and its keys, bad part names.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using warpsim::testing::contains;
using warpsim::testing::Result;
using warpsim::testing::run;
using warpsim::testing::temp_dir;

TEST(ProbeCli, SharedPartWritesEveryDocumentedKey) {
  const auto dir = temp_dir("probe");
  const std::string json_path = (dir / "hierarchy.json").string();
  const Result r = run("probe --gpu gtx480 --only shared --json " + json_path);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "shared: 32 banks x 4 B")) << r.out;
  std::ifstream in(json_path);
  ASSERT_TRUE(in) << json_path;
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j.at("device"), "gtx480 (warpsim)");
  EXPECT_TRUE(j.at("parts").contains("shared"));
  // Parts that did not run are null, with their keys present.
  for (const char* key : {"l1d", "l2", "texture", "readonly", "tlb", "global", "bandwidth"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_TRUE(j.at(key).is_null()) << key;
  }
  const nlohmann::json& shared = j.at("shared");
  for (const char* key : {"banks", "bank_bytes", "latency", "conflict_latency"}) {
    EXPECT_TRUE(shared.at(key).is_number() || shared.at(key).is_array()) << key;
  }
  EXPECT_EQ(shared.at("banks"), 32);
  EXPECT_EQ(shared.at("bank_bytes"), 4);
  ASSERT_EQ(shared.at("conflict_latency").size(), 32u);
  // Degree 32 is slower than degree 1 (how much is the unit tests' business).
  EXPECT_GT(shared.at("conflict_latency")[31].get<double>(),
            shared.at("conflict_latency")[0].get<double>());
  EXPECT_TRUE(shared.at("conflict_latency_8byte").is_null());
  std::filesystem::remove_all(dir);
}

TEST(ProbeCli, LaunchStatsHoldOneRecordPerLaunch) {
  const auto dir = temp_dir("probe-launches");
  const std::string path = (dir / "launches.jsonl").string();
  const Result r = run("probe -q --gpu gtx480 --only shared --launch-stats " + path);
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::string line;
  int launches = 0;
  while (std::getline(in, line)) {
    const nlohmann::json record = nlohmann::json::parse(line);
    EXPECT_TRUE(record.at("name").is_string()) << line;
    EXPECT_GT(record.at("cycles").get<std::uint64_t>(), 0u) << line;
    EXPECT_TRUE(record.at("args").is_array()) << line;
    EXPECT_TRUE(record.contains("l1d") && record.contains("dram")) << line;
    ++launches;
  }
  // The shared part chases once per conflict degree at least.
  EXPECT_GE(launches, 32);
  std::filesystem::remove_all(dir);
}

TEST(ProbeCli, UnwritableLaunchStatsIsAUsageError) {
  const Result r = run("probe --gpu gtx480 --only shared --launch-stats /nonexistent-dir/l.jsonl");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write /nonexistent-dir/l.jsonl")) << r.out;
}

TEST(ProbeCli, UnknownPartIsAUsageError) {
  const Result r = run("probe --gpu gtx480 --only l3");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "unknown probe part 'l3'")) << r.out;
  EXPECT_TRUE(contains(r.out, "bandwidth")) << r.out;
}

TEST(ProbeCli, UnwritableJsonIsAUsageError) {
  const Result r = run("probe --gpu gtx480 --only shared --json /nonexistent-dir/h.json");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write /nonexistent-dir/h.json")) << r.out;
}

}  // namespace
