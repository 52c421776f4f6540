// `warpsim place` (seed 000 ch. 3's data-placement compiler) as a user runs it, compiling with
// Clang so that the tests need no CUDA toolkit. Every version runs the workload's own host code
// and reference check: a version that computed something else would be reported as failed.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace warpsim::testing {
namespace {

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(PlaceCli, TunesMatrixMultiplyAndEveryVersionPassesTheCheck) {
  const auto dir = temp_dir("place-mm");
  const Result r =
      run("place --workload placement/mm-shared:tiny --kernel mm_shared_kernel "
          "--gpu gtx480 --compiler clang --out " +
          dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json doc = read_json(dir / "place.json");
  EXPECT_EQ(doc["compiler"], "clang");
  EXPECT_EQ(doc["block"], nlohmann::json({16, 16, 1}));
  const auto& versions = doc["versions"];
  ASSERT_GE(versions.size(), 3u) << doc.dump(1);
  bool compacted = false;
  for (const auto& v : versions) {
    const std::string name = v["name"];
    EXPECT_FALSE(v.contains("error")) << v.dump();
    EXPECT_GT(v["cycles"].get<double>(), 0) << name;
    EXPECT_TRUE(std::filesystem::exists(dir / (name + ".cu"))) << name;
    const nlohmann::json stats = read_json(dir / (name + ".stats.json"));
    EXPECT_EQ(stats["workload"]["check"], "passed") << name;
    if (v["pass"] == "P3" && v["block_divisor"] == nlohmann::json({1, 2, 1})) {
      compacted = true;
      EXPECT_EQ(stats["kernels"][0]["block"], nlohmann::json({16, 8, 1}));
      EXPECT_TRUE(contains(read_file(dir / (name + ".cu")), "sum__1")) << name;
    }
  }
  EXPECT_TRUE(compacted) << doc.dump(1);
  EXPECT_EQ(versions[1]["pass"], "P2-global");  // a_tile, shared by the block's threads
  EXPECT_TRUE(contains(read_file(dir / "v1.cu"), "__device__ float a_tile__g[16][16][16];"));
  EXPECT_TRUE(contains(read_file(dir / "place.md"), "| v0 | original |"));
  std::filesystem::remove_all(dir);
}

TEST(PlaceCli, MovesPathfindersPrivateArrayToRegisters) {
  const auto dir = temp_dir("place-pf");
  const Result r =
      run("place --workload rodinia/pathfinder:tiny --kernel dynproc_kernel "
          "--gpu gtx480 --compiler clang --no-pass2 --out " +
          dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json doc = read_json(dir / "place.json");
  const auto& v1 = doc["versions"][1];
  EXPECT_EQ(v1["pass"], "P1") << doc.dump(1);
  EXPECT_TRUE(contains(v1["change"], "result -> registers")) << v1.dump();
  EXPECT_FALSE(v1.contains("error")) << v1.dump();
  EXPECT_TRUE(contains(read_file(dir / "v1.cu"), "int result;"));
  std::filesystem::remove_all(dir);
}

// Marching cubes' vertex list, indexed t + 32 * edge with 32 threads, becomes a per-thread
// array of 12 indexed by the edge (local memory: the edge is a run-time value).
TEST(PlaceCli, MovesMarchingCubesVertexListToLocalMemory) {
  const auto dir = temp_dir("place-mc");
  const Result r =
      run("place --workload placement/mc-shared:tiny --kernel mc_shared_generate "
          "--gpu gtx780 --compiler clang --no-pass2 --out " +
          dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json doc = read_json(dir / "place.json");
  const auto& v1 = doc["versions"][1];
  EXPECT_EQ(v1["pass"], "P2-local") << doc.dump(1);
  EXPECT_TRUE(contains(v1["change"], "vertlist -> local")) << v1.dump();
  EXPECT_FALSE(v1.contains("error")) << v1.dump();
  const std::string text = read_file(dir / "v1.cu");
  EXPECT_TRUE(contains(text, "float3 vertlist[12];"));
  EXPECT_TRUE(contains(text, "vertlist[(edge)]"));
  EXPECT_TRUE(contains(text, "vertlist[11]"));
  std::filesystem::remove_all(dir);
}

TEST(PlaceCli, AnalyzeListsArraysAndRedundancy) {
  const auto dir = temp_dir("place-analyze");
  const Result r =
      run("place --workload rodinia/srad:tiny --kernel srad_cuda_1 --compiler clang "
          "--analyze --out " +
          dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "__shared__ north")) << r.out;
  EXPECT_TRUE(contains(r.out, "-> registers")) << r.out;
  EXPECT_TRUE(contains(r.out, "compaction along y:")) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(PlaceCli, BadInputIsAClearError) {
  const auto dir = temp_dir("place-bad");
  Result r = run("place --workload placement/mm-shared:tiny --kernel nope --compiler clang --out " +
                 dir.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "no kernel 'nope' (kernels: mm_shared_kernel)")) << r.out;
  r = run("place --workload no/such --kernel k --out " + dir.string());
  EXPECT_EQ(r.code, 2) << r.out;
  // A source whose kernel computes something else fails the workload's check: said, not tuned.
  std::string text =
      read_file(std::string(WARPSIM_SOURCE_DIR) + "/workloads/placement/mm-shared/mm-shared.cu");
  const std::string store = "= sum;";
  text.replace(text.find(store), store.size(), "= 2.0f * sum;");
  std::ofstream(dir / "wrong.cu") << text;
  r =
      run("place --workload placement/mm-shared:tiny --kernel mm_shared_kernel --compiler clang "
          "--source " +
          (dir / "wrong.cu").string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "does not run")) << r.out;
  EXPECT_TRUE(contains(r.out, "reference check failed")) << r.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace warpsim::testing
