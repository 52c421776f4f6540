// `warpsim run --workload` and `warpsim list workloads` as a user runs them: names and sizes
// listed, unknown names and sizes refused with the choices, and a run's stats.json and summary.
// (Every workload's reference check at its tiny size is a CTest test of its own:
// workload_functional.* and workload_timing_gtx480.*, tests/CMakeLists.txt.)

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using warpsim::testing::contains;
using warpsim::testing::Result;
using warpsim::testing::run;
using warpsim::testing::temp_dir;

TEST(WorkloadCli, ListNamesEachWorkloadWithItsSizes) {
  const Result r = run("list workloads");
  EXPECT_EQ(r.code, 0) << r.out;
  for (const char* name : {"polybench/atax", "polybench/bicg", "polybench/gesummv", "polybench/mvt",
                           "polybench/gemm"}) {
    EXPECT_TRUE(contains(r.out, name)) << name << "\n" << r.out;
  }
  EXPECT_TRUE(contains(r.out, "tiny: NX=NY=128; small: NX=NY=1024; paper: NX=NY=2048")) << r.out;
}

TEST(WorkloadCli, UnknownNamesAndSizesAreRefusedWithTheChoices) {
  const Result name = run("run --workload polybench/nope --out /tmp/unused-warpsim-out");
  EXPECT_EQ(name.code, 2) << name.out;
  EXPECT_TRUE(contains(name.out, "unknown workload 'polybench/nope'")) << name.out;
  EXPECT_TRUE(contains(name.out, "polybench/atax")) << name.out;
  const Result size = run("run --workload polybench/atax:huge --out /tmp/unused-warpsim-out");
  EXPECT_EQ(size.code, 2) << size.out;
  EXPECT_TRUE(contains(size.out, "unknown size 'huge'")) << size.out;
  std::filesystem::remove_all("/tmp/unused-warpsim-out");
}

// stats-schema.json beside stats.json: every stat of the model, one entry per kind of component,
// each with its kind, unit and description; a functional run (no stat tree) removes a stale one.
TEST(WorkloadCli, TimingRunWritesTheStatsSchema) {
  const auto dir = temp_dir("schema");
  const Result r = run("run --gpu gtx480 --workload polybench/atax:tiny --out " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "stats-schema.json");
  const auto schema = nlohmann::ordered_json::parse(in);
  ASSERT_GT(schema.size(), 100u);
  for (const auto& [path, stat] : schema.items()) {
    EXPECT_EQ(path.rfind("gpu.", 0), 0u) << path;
    for (std::size_t at = path.find('['); at != std::string::npos; at = path.find('[', at + 1)) {
      EXPECT_EQ(path.compare(at, 3, "[*]"), 0) << path;  // sm[*], never sm[3]
    }
    const std::string kind = stat.at("kind");
    EXPECT_TRUE(kind == "counter" || kind == "formula" || kind == "time_weighted" ||
                kind == "histogram")
        << path << ": " << kind;
    EXPECT_FALSE(stat.at("unit").get<std::string>().empty()) << path;
    EXPECT_FALSE(stat.at("description").get<std::string>().empty()) << path;
  }
  EXPECT_EQ(schema["gpu.sm[*].warp_insts"]["unit"], "warp insts");
  EXPECT_EQ(schema["gpu.sm[*].stalls.issued"]["kind"], "counter");
  const Result functional =
      run("run --mode functional --workload polybench/atax:tiny --out " + dir.string());
  ASSERT_EQ(functional.code, 0) << functional.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "stats-schema.json"));
  std::filesystem::remove_all(dir);
}

TEST(WorkloadCli, TimingRunWritesStatsAndASummary) {
  const auto dir = temp_dir("workload");
  const Result r =
      run("run --gpu gtx480 --workload polybench/atax:tiny --summary --out " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  // The per-kernel lines of a program run, then the summary.
  EXPECT_TRUE(contains(r.out, "warpsim: kernel 1 atax_kernel2 grid (1,1,1) block (256,1,1): "))
      << r.out;
  for (const char* line : {"reference check passed on gtx480, timing mode", "L1D hit rate",
                           "L2 hit rate", "DRAM", "stalls"}) {
    EXPECT_TRUE(contains(r.out, line)) << line << "\n" << r.out;
  }
  std::ifstream in(dir / "stats.json");
  const auto stats = nlohmann::ordered_json::parse(in);
  EXPECT_EQ(stats["mode"], "timing");
  EXPECT_EQ(stats["workload"]["name"], "polybench/atax");
  EXPECT_EQ(stats["workload"]["size"], "tiny");
  EXPECT_EQ(stats["workload"]["check"], "passed");
  ASSERT_EQ(stats["kernels"].size(), 2u);
  EXPECT_EQ(stats["kernels"][0]["name"], "atax_kernel1");
  EXPECT_GT(stats["total"]["cycles"].get<std::uint64_t>(), 0u);
  EXPECT_TRUE(stats["total"].contains("l1d"));
  std::filesystem::remove_all(dir);
}

TEST(WorkloadCli, TheDefaultSizeIsSmall) {
  const auto dir = temp_dir("workload-default");
  const Result r = run("run --mode functional --workload polybench/gesummv --out " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "stats.json");
  const auto stats = nlohmann::ordered_json::parse(in);
  EXPECT_EQ(stats["mode"], "functional");
  EXPECT_EQ(stats["workload"]["size"], "small");
  EXPECT_TRUE(stats["total"]["cycles"].is_null());
  std::filesystem::remove_all(dir);
}

nlohmann::ordered_json read_stats_json(const std::filesystem::path& dir) {
  std::ifstream in(dir / "stats.json");
  return nlohmann::ordered_json::parse(in);
}

// The PTX embedded for polybench/atax, given back with --kernel-ptx, runs exactly as the
// embedded one: the same kernels, cycle for cycle; stats.json names the file and its hash.
TEST(WorkloadCli, KernelPtxWithTheEmbeddedPtxGivesTheSameCycles) {
  const auto dir = temp_dir("kernel-ptx");
  const std::string ptx =
      std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_75/workloads__polybench__atax__atax.ptx";
  const std::string common = "run --gpu gtx480 --workload polybench/atax:tiny ";
  const Result plain = run(common + "--out " + (dir / "plain").string());
  ASSERT_EQ(plain.code, 0) << plain.out;
  const Result replaced = run(common + "--kernel-ptx " + ptx + " --out " + (dir / "ptx").string());
  ASSERT_EQ(replaced.code, 0) << replaced.out;
  const auto a = read_stats_json(dir / "plain");
  const auto b = read_stats_json(dir / "ptx");
  ASSERT_EQ(a["kernels"].size(), 2u);
  ASSERT_EQ(b["kernels"].size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(b["kernels"][k]["name"], a["kernels"][k]["name"]);
    EXPECT_EQ(b["kernels"][k]["cycles"], a["kernels"][k]["cycles"]) << k;
    EXPECT_EQ(b["kernels"][k]["warp_insts"], a["kernels"][k]["warp_insts"]) << k;
  }
  EXPECT_GT(a["total"]["cycles"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(b["total"]["cycles"], a["total"]["cycles"]);
  EXPECT_EQ(b["workload"]["check"], "passed");
  EXPECT_FALSE(a["workload"].contains("kernel_ptx"));
  EXPECT_EQ(b["workload"]["kernel_ptx"]["path"], ptx);
  EXPECT_EQ(b["workload"]["kernel_ptx"]["xxh3_128"].get<std::string>().size(), 32u);
  std::filesystem::remove_all(dir);
}

// With the unchanged kernels a divided block leaves part of the work undone: the run shows the
// divided blocks and fails its reference check (exit 1), and stats.json records the divisors.
TEST(WorkloadCli, BlockDivideLaunchesTheDividedBlock) {
  const auto dir = temp_dir("block-divide");
  const Result r =
      run("run --mode functional --workload polybench/atax:tiny --block-divide atax_kernel1=2 "
          "--block-divide atax_kernel2=4,1 --out " +
          dir.string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "kernel 0 atax_kernel1 grid (1,1,1) block (128,1,1)")) << r.out;
  EXPECT_TRUE(contains(r.out, "kernel 1 atax_kernel2 grid (1,1,1) block (64,1,1)")) << r.out;
  EXPECT_TRUE(contains(r.out, "the reference check failed")) << r.out;
  const auto stats = read_stats_json(dir);
  EXPECT_EQ(
      stats["workload"]["block_divide"],
      nlohmann::ordered_json::parse(R"({"atax_kernel1": [2, 1, 1], "atax_kernel2": [4, 1, 1]})"));
  std::filesystem::remove_all(dir);
}

TEST(WorkloadCli, BadKernelPtxAndBlockDivideAreRefused) {
  const auto dir = temp_dir("override-errors");
  const std::string common =
      "run --mode functional --workload polybench/atax:tiny --out " + (dir / "out").string() + " ";
  const Result missing = run(common + "--kernel-ptx " + (dir / "none.ptx").string());
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_TRUE(contains(missing.out, "--kernel-ptx: cannot read '" + (dir / "none.ptx").string()))
      << missing.out;

  const std::filesystem::path bad = dir / "bad.ptx";
  std::ofstream(bad) << ".version 8.0\n.target sm_75\n.address_size 64\nbogus;\n";
  const Result parse = run(common + "--kernel-ptx " + bad.string());
  EXPECT_EQ(parse.code, 2) << parse.out;
  EXPECT_TRUE(contains(parse.out, "warpsim: error: " + bad.string() + ":4:1: error: "))
      << parse.out;

  for (const char* value : {"atax_kernel1=0", "atax_kernel1=-2", "atax_kernel1=2,x", "=2",
                            "atax_kernel1", "atax_kernel1=1,1,1,2"}) {
    const Result r = run(common + "--block-divide '" + value + "'");
    EXPECT_EQ(r.code, 2) << value << "\n" << r.out;
    EXPECT_TRUE(contains(r.out, std::string("--block-divide '") + value + "'")) << value << "\n"
                                                                                << r.out;
  }
  const Result odd = run(common + "--block-divide atax_kernel1=3");
  EXPECT_EQ(odd.code, 2) << odd.out;
  EXPECT_TRUE(contains(odd.out,
                       "kernel atax_kernel1: block (256,1,1) does not divide by the "
                       "block divisor (3,1,1)"))
      << odd.out;

  const Result typo = run(common + "--block-divide atax_kernl1=2");
  EXPECT_EQ(typo.code, 2) << typo.out;
  EXPECT_TRUE(contains(typo.out,
                       "--block-divide: kernel(s) atax_kernl1 never launched "
                       "(launched: atax_kernel1, atax_kernel2)"))
      << typo.out;

  const Result without =
      run("run --kernel-ptx " + bad.string() + " --out " + (dir / "out").string() + " -- true");
  EXPECT_EQ(without.code, 2) << without.out;
  EXPECT_TRUE(contains(without.out, "use --workload")) << without.out;
  std::filesystem::remove_all(dir);
}

}  // namespace

namespace profiled {

nlohmann::json read_stats(const std::filesystem::path& dir) {
  std::ifstream in(dir / "stats.json");
  return nlohmann::json::parse(in);
}

// Profiled-BYPASS without a profile file records one in a first run of the workload: the
// measured run equals a replay of a profile recorded to a file by a run of its own.
TEST(WorkloadCli, ProfiledBypassRecordsItsProfileInARunOfItsOwn) {
  const std::filesystem::path dir = temp_dir("profiled");
  const std::string profile = (dir / "profile.txt").string();
  const std::string common = "run --workload rodinia/nw:tiny --gpu gtx480 -c chao_li_fermi ";
  const Result record = run(common + "--set 'sm.l1d.admission={impl: profiled, mode: record, " +
                            "profile: " + profile + "}' --out " + (dir / "record").string());
  ASSERT_EQ(record.code, 0) << record.out;
  const Result file = run(common + "--set 'sm.l1d.admission={impl: profiled, profile: " + profile +
                          "}' --out " + (dir / "file").string());
  ASSERT_EQ(file.code, 0) << file.out;
  const Result auto_run =
      run(common + "--set sm.l1d.admission=profiled --out " + (dir / "auto").string());
  ASSERT_EQ(auto_run.code, 0) << auto_run.out;
  const nlohmann::json r = read_stats(dir / "record")["total"];
  const nlohmann::json f = read_stats(dir / "file")["total"];
  const nlohmann::json a = read_stats(dir / "auto")["total"];
  EXPECT_EQ(r["l1d"]["admission"]["filtered"], 0);
  EXPECT_GT(f["l1d"]["admission"]["filtered"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(a["l1d"], f["l1d"]);
  EXPECT_EQ(a["cycles"], f["cycles"]);
  // The measured run is not the profiling run plus the measured one.
  EXPECT_EQ(a["warp_insts"], r["warp_insts"]);
  std::filesystem::remove_all(dir);
}

}  // namespace profiled
