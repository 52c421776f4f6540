// The relssp and reorder passes on PTX: what they insert on a small kernel, and on every PTX
// file of the repository that the result verifies, prints and reads back unchanged, releases
// exactly once on every path, and (where the CUDA toolkit is installed) that ptxas accepts it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "passes/pass_runner.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/ptxas.h"
#include "ptx/verifier.h"
#include "release_check.h"

namespace warpsim::passes {
namespace {

// Threads past n return at once; the others store to and load from `buf`.
constexpr const char* kEarlyExit = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.shared .align 4 .b8 buf[1024];
	mov.u32 %r1, %tid.x;
	ld.param.u32 %r2, [n];
	setp.ge.u32 %p1, %r1, %r2;
	@%p1 bra $DONE;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, buf;
	add.s32 %r5, %r4, %r3;
	st.shared.u32 [%r5], %r1;
	ld.shared.u32 %r6, [%r5+4];
$DONE:
	ret;
}
)";

std::string transform(const std::string& text, const std::string& spec, PassReport* report) {
  ptx::Module module = ptx::parse_ptx(text, "k.ptx");
  PassReport r = run_passes(module, {parse_pass_spec(spec)}, Pass::Context{0.1});
  if (report != nullptr) *report = r;
  return ptx::print_ptx(module);
}

// The instructions of the printed kernel, one per line, with the printer's tab after the opcode
// as a space.
std::vector<std::string> body_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "{") inside = true;
    if (!inside || line.empty() || line[0] == '{' || line[0] == '}') continue;
    if (line[0] == '\t') line.erase(0, 1);
    std::replace(line.begin(), line.end(), '\t', ' ');
    if (line.rfind(".reg", 0) == 0 || line.rfind(".shared", 0) == 0) continue;
    out.push_back(line);
  }
  return out;
}

TEST(RelsspPass, OptReleasesOnTheEarlyExitEdgeWithABranch) {
  PassReport report;
  const std::string out = transform(kEarlyExit, "relssp", &report);
  EXPECT_EQ(report.total("relssp"), 2u);
  EXPECT_EQ(report.total("branches"), 1u);
  const std::vector<std::string> want{"mov.u32 %r1, %tid.x;",
                                      "ld.param.u32 %r2, [n];",
                                      "setp.ge.u32 %p1, %r1, %r2;",
                                      "@%p1 bra $L__warpsim_relssp_1;",
                                      "shl.b32 %r3, %r1, 2;",
                                      "mov.u32 %r4, buf;",
                                      "add.s32 %r5, %r4, %r3;",
                                      "st.shared.u32 [%r5], %r1;",
                                      "ld.shared.u32 %r6, [%r5+4];",
                                      "relssp;",
                                      "$DONE:",
                                      "ret;",
                                      "$L__warpsim_relssp_1:",
                                      "relssp;",
                                      "bra $DONE;"};
  EXPECT_EQ(body_lines(out), want) << out;
}

TEST(RelsspPass, PostDomReleasesOnceAtTheJoin) {
  PassReport report;
  const std::string out = transform(kEarlyExit, "{impl: relssp, placement: postdom}", &report);
  EXPECT_EQ(report.total("relssp"), 1u);
  EXPECT_EQ(report.total("branches"), 0u);
  const std::vector<std::string> lines = body_lines(out);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[lines.size() - 3], "$DONE:");
  EXPECT_EQ(lines[lines.size() - 2], "relssp;");
  EXPECT_EQ(lines.back(), "ret;");
}

TEST(RelsspPass, AccessesBelowTheBoundaryNeedNoRelease) {
  // With t = 0.1 of 1024 bytes, offsets below 102 are private: a kernel touching only a small
  // first array never enters the shared region (`big` is laid out, since the kernel names it,
  // but never accessed).
  const std::string text = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.shared .align 4 .b8 small[64];
	.shared .align 4 .b8 big[960];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, big;
	st.shared.u32 [small], %r1;
	ret;
}
)";
  PassReport report;
  transform(text, "{impl: relssp, reorder: false}", &report);
  EXPECT_EQ(report.total("relssp"), 0u);
  EXPECT_FALSE(report.notes.empty());
}

TEST(RelsspPass, PtxasFormCommentsTheExtensionOut) {
  ptx::Module module = ptx::parse_ptx(kEarlyExit, "k.ptx");
  run_passes(module, {parse_pass_spec("relssp")}, Pass::Context{0.1});
  const std::string text = ptx::print_ptx(module, ptx::ExtensionForm::kPtxasCompatible);
  EXPECT_NE(text.find("// relssp;"), std::string::npos);
  // Read back by warpsim, the commented form has no relssp at all.
  const ptx::Module back = ptx::parse_ptx(text, "k.ptx");
  for (const ptx::Instruction& inst : back.functions[0].insts) {
    EXPECT_NE(inst.op, ptx::Opcode::kRelssp);
  }
}

TEST(RelsspPass, UnknownPassesAndParamsAreConfigErrors) {
  ptx::Module module = ptx::parse_ptx(kEarlyExit, "k.ptx");
  EXPECT_THROW(run_passes(module, {parse_pass_spec("relsp")}, {}), std::exception);
  EXPECT_THROW(run_passes(module, {parse_pass_spec("{impl: relssp, placement: late}")}, {}),
               std::exception);
}

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_75")) {
    if (e.path().extension() == ".ptx") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every pass on every committed PTX file: the result verifies, round-trips through the printer
// and releases exactly once on every path that accesses the shared region.
TEST(RelsspPass, EveryPassOnEveryCommittedPtxFile) {
  std::uint64_t relssp = 0;
  std::size_t files = 0;
  for (const std::filesystem::path& path : corpus()) {
    const std::string text = read(path);
    for (const char* spec : {"relssp", "{impl: relssp, placement: postdom, reorder: false}",
                             "reorder", "unique_exit"}) {
      SCOPED_TRACE(path.filename().string() + " " + spec);
      ptx::Module module = ptx::parse_ptx(text, path.string());
      const PassReport report = run_passes(module, {parse_pass_spec(spec)}, Pass::Context{0.1});
      relssp += report.total("relssp");
      const std::string printed = ptx::print_ptx(module);
      const ptx::Module back = ptx::parse_ptx(printed, path.string());
      ptx::verify(back);
      EXPECT_EQ(ptx::print_ptx(back), printed);
      for (std::uint32_t f = 0; f < back.functions.size(); ++f) {
        if (!back.functions[f].is_entry || !back.functions[f].has_body) continue;
        EXPECT_EQ(testing::check_releases(back.functions[f], shared_region_accesses(back, f, 0.1)),
                  "");
      }
    }
    ++files;
  }
  EXPECT_GT(files, 40u);
  EXPECT_GT(relssp, 20u);  // the workloads with shared memory get some
}

// ptxas assembles what the relssp pass makes of every workload (relssp commented out).
TEST(RelsspPass, PtxasAcceptsTheTransformedWorkloads) {
  if (!ptx::find_ptxas()) GTEST_SKIP() << "no ptxas on this machine";
  const auto cache = std::filesystem::temp_directory_path() /
                     ("warpsim-passes-ptxas-" + std::to_string(::getpid()));
  ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  for (const std::filesystem::path& path : corpus()) {
    if (path.filename().string().rfind("workloads__", 0) != 0) continue;
    SCOPED_TRACE(path.filename().string());
    ptx::Module module = ptx::parse_ptx(read(path), path.string());
    run_passes(module, {parse_pass_spec("relssp")}, Pass::Context{0.1});
    std::string why;
    const auto report = ptx::ptxas_resources(
        ptx::print_ptx(module, ptx::ExtensionForm::kPtxasCompatible), 75, &why);
    EXPECT_TRUE(report.has_value()) << why;
  }
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace warpsim::passes
