// The `warpsim` command as a user runs it: output, exit codes and error messages.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_util.h"

namespace {

using warpsim::testing::contains;
using warpsim::testing::Result;
using warpsim::testing::run;
using warpsim::testing::temp_dir;

TEST(Cli, ListGpusNamesEveryPresetAndTheDefault) {
  const Result r = run("list gpus");
  EXPECT_EQ(r.code, 0) << r.out;
  for (const char* name : {"gtx480", "v100", "h100"}) EXPECT_TRUE(contains(r.out, name)) << r.out;
  EXPECT_TRUE(contains(r.out, "(default)")) << r.out;
}

TEST(Cli, ListPoliciesShowsKindNameDescriptionAndParams) {
  const Result r = run("list policies");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "replacement:")) << r.out;
  EXPECT_TRUE(contains(r.out, "lru")) << r.out;
  EXPECT_TRUE(contains(r.out, "seed (uint, default 0)")) << r.out;
}

TEST(Cli, ListPoliciesOfOneKindByName) {
  const Result r = run("list policies --kind warp_scheduler --names");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "ccws\ngto\nlrr\noldest_first\nowf\ntwo_level\ntwo_level_pool\n");
  const Result unknown = run("list policies --kind colour");
  EXPECT_EQ(unknown.code, 2) << unknown.out;
  EXPECT_TRUE(contains(unknown.out, "no policies of kind 'colour'")) << unknown.out;
}

TEST(Cli, ConfigShowAppliesOverlaysAndSetsInOrder) {
  const Result r = run("config show --gpu gtx480 -c no_skip --set sm.count=4");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "name: gtx480")) << r.out;
  EXPECT_TRUE(contains(r.out, "count: 4")) << r.out;
  EXPECT_TRUE(contains(r.out, "skip_idle: false")) << r.out;
  EXPECT_TRUE(contains(r.out, "watchdog_cycles: 1000000")) << r.out;  // a default, filled in
}

TEST(Cli, ConfigErrorsNameTheFileLineAndYamlPath) {
  const auto dir = temp_dir("cfg");
  const auto overlay = dir / "bad.yaml";
  std::ofstream(overlay) << "sm:\n  count: many\n  colour: blue\n";
  const Result r = run("config show -c " + overlay.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, overlay.string() + ":2:")) << r.out;
  EXPECT_TRUE(contains(r.out, "sm.count")) << r.out;
  EXPECT_TRUE(contains(r.out, "sm.colour")) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, ConfigImportWritesAPresetThatRuns) {
  const auto dir = temp_dir("import");
  const auto config = dir / "gpgpusim.config";
  std::ofstream(config) << "-gpgpu_n_clusters 2\n-gpgpu_n_cores_per_cluster 1\n"
                           "-gpgpu_shader_core_pipeline 1024:32\n-gpgpu_scheduler lrr\n"
                           "-gpgpu_shmem_size 32768\n-gpgpu_shader_registers 32768\n"
                           "-gpgpu_shader_cta 8\n-gpgpu_clock_domains 1000:1000:1000:1000\n"
                           "-visualizer_enabled 0\n";
  const auto preset = dir / "imported.yaml";
  const Result r = run("config import " + config.string() + " --name mine -o " + preset.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "preset mine: 9 options read, 0 approximated, 1 not translated"))
      << r.out;
  const Result shown = run("config show --gpu " + preset.string());
  ASSERT_EQ(shown.code, 0) << shown.out;
  EXPECT_TRUE(contains(shown.out, "count: 2")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "impl: lrr")) << shown.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, ConfigImportErrorsNameTheFileAndLine) {
  const auto dir = temp_dir("import-bad");
  const auto config = dir / "gpgpusim.config";
  std::ofstream(config) << "-gpgpu_n_clusters 2\n# a comment\n"
                           "-gpgpu_cache:dl1 N:32:128:4,L:B:f:N:L,A:32:8,8\n";
  const Result r = run("config import " + config.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, config.string() + ":3: -gpgpu_cache:dl1")) << r.out;
  EXPECT_TRUE(contains(r.out, "write-back with allocation on fill")) << r.out;
  // A value that parses but that the schema refuses is caught before the preset is used.
  std::ofstream(config, std::ios::trunc) << "-gpgpu_n_clusters 0\n";
  const Result refused = run("config import " + config.string());
  EXPECT_EQ(refused.code, 2) << refused.out;
  EXPECT_TRUE(contains(refused.out, "does not resolve")) << refused.out;
  EXPECT_TRUE(contains(refused.out, "sm.count")) << refused.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, UnknownPresetListsTheAvailableOnes) {
  const Result r = run("config show --gpu gtx9000");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "gtx9000")) << r.out;
  EXPECT_TRUE(contains(r.out, "v100")) << r.out;
}

TEST(Cli, RunWritesTheResolvedConfigThenReportsAMissingTrace) {
  const auto dir = temp_dir("run");
  const Result r = run("run --gpu gtx480 --no-skip --trace kernelslist.g --out " + dir.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "kernelslist.g: cannot open")) << r.out;
  std::ifstream in(dir / "config.yaml");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(contains(text.str(), "name: gtx480")) << text.str();
  EXPECT_TRUE(contains(text.str(), "skip_idle: false")) << text.str();
  std::filesystem::remove_all(dir);
}

TEST(Cli, RunNeedsExactlyOneInput) {
  const Result none = run("run");
  EXPECT_EQ(none.code, 2) << none.out;
  EXPECT_TRUE(contains(none.out, "exactly one of")) << none.out;
  const Result two = run("run --workload a --trace b");
  EXPECT_EQ(two.code, 2) << two.out;
}

TEST(Cli, WriteTraceNeedsAFunctionalRunOfAProgramOrWorkload) {
  const Result timing = run("run --write-trace t --workload polybench/atax:tiny");
  EXPECT_EQ(timing.code, 2) << timing.out;
  EXPECT_TRUE(contains(timing.out, "--write-trace records a functional run")) << timing.out;
  const Result retrace = run("run --mode functional --write-trace t --trace x/kernelslist.g");
  EXPECT_EQ(retrace.code, 2) << retrace.out;
  EXPECT_TRUE(contains(retrace.out, "cannot rewrite a trace")) << retrace.out;
  const auto dir = temp_dir("write-trace");
  const Result ok = run("run --mode functional --gpu gtx480 --workload polybench/atax:tiny --out " +
                        (dir / "out").string() + " --write-trace " + (dir / "tr").string());
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_TRUE(contains(ok.out, "wrote 2 kernel trace(s)")) << ok.out;
  EXPECT_TRUE(std::filesystem::exists(dir / "tr" / "kernel-2.traceg"));
  std::filesystem::remove_all(dir);
}

TEST(Cli, PtxCheckAcceptsTheCorpusAndPrintRoundTrips) {
  const std::string file =
      std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_90/tests__cuda__reduction.ptx";
  const Result check = run("ptx check " + file);
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_TRUE(contains(check.out, ": ok: ")) << check.out;
  const auto dir = temp_dir("ptx");
  const std::string printed = (dir / "printed.ptx").string();
  const Result print = run("ptx print " + file + " > " + printed);
  EXPECT_EQ(print.code, 0) << print.out;
  const Result again = run("ptx check " + printed);
  EXPECT_EQ(again.code, 0) << again.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, PtxKeysCountsEachFunctionsInstructionsByIssueKey) {
  const auto dir = temp_dir("ptxkeys");
  const auto file = dir / "k.ptx";
  std::ofstream(file) << ".version 8.0\n.target sm_90\n.address_size 64\n"
                         ".visible .entry k(.param .u64 p)\n{\n.reg .b64 %rd<4>;\n"
                         ".reg .b32 %r<4>;\nld.param.u64 %rd1, [p];\nadd.s64 %rd2, %rd1, 8;\n"
                         "add.s64 %rd3, %rd2, 8;\ndiv.u32 %r1, %r2, %r3;\nret;\n}\n";
  const Result r = run("ptx keys " + file.string());
  EXPECT_EQ(r.code, 0) << r.out;
  for (const char* key :
       {"\"add.64\": 2", "\"ld.param\": 1", "\"div.32\": 1", "\"ret\": 1", "\"entry\": true"}) {
    EXPECT_TRUE(contains(r.out, key)) << key << " in " << r.out;
  }
  const Result missing = run("ptx keys " + (dir / "none.ptx").string());
  EXPECT_NE(missing.code, 0) << missing.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, PtxCheckReportsEveryBrokenFileWithALocation) {
  const auto dir = temp_dir("ptxbad");
  const auto bad = dir / "bad.ptx";
  std::ofstream(bad) << ".version 8.0\n.target sm_90\n.address_size 64\n"
                        ".visible .entry k()\n{\n\tfrobnicate.u32 %r1;\n\tret;\n}\n";
  const std::string good =
      std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_75/tests__cuda__vector_ops.ptx";
  const Result r = run("ptx check " + bad.string() + " " + good);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, bad.string() + ":6:")) << r.out;
  EXPECT_TRUE(contains(r.out, "frobnicate")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 of 2 PTX files failed")) << r.out;
  EXPECT_TRUE(contains(r.out, good + ": ok: ")) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(Cli, PtxCheckGivesOneLocatedErrorPerMalformedFile) {
  const std::string head = ".version 8.0\n.target sm_90\n.address_size 64\n";
  const std::string body_start = ".visible .entry k()\n{\n.reg .b32 %r<3>;\n";
  struct Case {
    const char* name;
    std::string text;
    const char* location;  // "line:col" expected in the message
    const char* token;     // named in the message
  };
  const std::vector<Case> cases = {
      {"truncated", head + body_start + "add.s32 %r1, %r2", ":7:17:", "add"},
      {"unknown_opcode", head + body_start + "frob.s32 %r1, %r2, 1;\nret;\n}\n", ":7:1:", "frob"},
      {"undefined_label", head + body_start + "bra $L_nowhere;\nret;\n}\n", ":7:5:", "$L_nowhere"},
      {"undeclared_register", head + body_start + "add.s32 %r1, %q9, 1;\nret;\n}\n",
       ":7:14:", "%q9"},
      {"binary_garbage", head + std::string("\x01\xff\x00\x7f", 4) + "\n", ":4:1:", "\\x01"},
  };
  const auto dir = temp_dir("malformed");
  for (const Case& c : cases) {
    const auto file = dir / (std::string(c.name) + ".ptx");
    std::ofstream(file, std::ios::binary) << c.text;
    const Result r = run("ptx check " + file.string());
    EXPECT_EQ(r.code, 2) << c.name << ": " << r.out;
    EXPECT_TRUE(contains(r.out, file.string() + c.location)) << c.name << ": " << r.out;
    EXPECT_TRUE(contains(r.out, c.token)) << c.name << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "error:")) << c.name << ": " << r.out;
  }
  std::filesystem::remove_all(dir);
}

TEST(Cli, UsageErrorsExitNonZero) {
  EXPECT_EQ(run("frobnicate").code, 2);
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("run --mode sideways --workload x").code, 2);
  EXPECT_EQ(run("ptx check /no/such/file.ptx").code, 2);
}

TEST(Cli, VersionAndHelp) {
  const Result v = run("--version");
  EXPECT_EQ(v.code, 0);
  EXPECT_TRUE(contains(v.out, "warpsim ")) << v.out;
  const Result h = run("--help");
  EXPECT_EQ(h.code, 0);
  for (const char* sub : {"run", "list", "config", "ptx", "probe"}) {
    EXPECT_TRUE(contains(h.out, sub)) << h.out;
  }
}

}  // namespace
