// sm.issue_costs (sm/issue_cost.h): the keys instructions get, the table's fallbacks and file
// errors, and the SM issuing an instruction of several slots, or of none, in the cycles the
// slots say.

#include "sm/issue_cost.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "ptx/ir.h"
#include "ptx/parser.h"
#include "sim/config_node.h"
#include "sm/sm_config.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

// The keys of the instructions of a kernel body, in order.
std::vector<std::string> keys_of(const std::string& body) {
  const ptx::Module m = ptx::parse_ptx(
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
      "  .reg .pred %p<4>;\n  .reg .b16 %h<4>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<8>;\n"
      "  .reg .f32 %f<8>;\n  .reg .f64 %fd<4>;\n  .shared .align 4 .b8 s[64];\n" +
      body + "  ret;\n}\n");
  std::vector<std::string> keys;
  for (const ptx::Instruction& inst : m.functions.at(0).insts) keys.push_back(issue_key(inst));
  keys.pop_back();  // ret
  return keys;
}

TEST(IssueKey, NamesWhatDecidesTheExpansion) {
  EXPECT_EQ(keys_of("  add.s64 %rd1, %rd2, %rd3;\n  add.u32 %r1, %r2, %r3;\n"
                    "  add.f32 %f1, %f2, %f3;\n  add.f64 %fd1, %fd2, %fd3;\n"
                    "  add.u16 %h1, %h2, %h3;\n"),
            (std::vector<std::string>{"add.64", "add.32", "add.f32", "add.f64", "add.16"}));
  EXPECT_EQ(
      keys_of("  mul.wide.s32 %rd1, %r1, 4;\n  mul.lo.s32 %r1, %r2, %r3;\n"
              "  mad.lo.s32 %r1, %r2, %r3, %r4;\n  mul.hi.u32 %r1, %r2, %r3;\n"
              "  mul.rn.f32 %f1, %f2, %f3;\n"),
      (std::vector<std::string>{"mul.wide.32", "mul.lo.32", "mad.lo.32", "mul.hi.32", "mul.f32"}));
  // Memory instructions by state space only; a 64-bit or vector load is one instruction.
  EXPECT_EQ(keys_of("  ld.param.u64 %rd1, [p];\n  ld.global.f32 %f1, [%rd1];\n"
                    "  ld.global.nc.v2.f32 {%f1, %f2}, [%rd1];\n  st.shared.u32 [s], %r1;\n"
                    "  ld.u32 %r1, [%rd1];\n  atom.global.add.u32 %r1, [%rd1], 1;\n"),
            (std::vector<std::string>{"ld.param", "ld.global", "ld.global", "st.shared",
                                      "ld.generic", "atom.global"}));
  // Divisions and special functions by precision; integer division has none.
  EXPECT_EQ(keys_of("  div.rn.f32 %f1, %f2, %f3;\n  div.approx.f32 %f1, %f2, %f3;\n"
                    "  div.u32 %r1, %r2, %r3;\n  rem.s32 %r1, %r2, %r3;\n"
                    "  sqrt.rn.f32 %f1, %f2;\n  ex2.approx.ftz.f32 %f1, %f2;\n"
                    "  rcp.rn.f64 %fd1, %fd2;\n"),
            (std::vector<std::string>{"div.rn.f32", "div.approx.f32", "div.32", "rem.32",
                                      "sqrt.rn.f32", "ex2.approx.f32", "rcp.rn.f64"}));
  // Conversions by both classes; moves of special registers and of symbols' addresses apart.
  EXPECT_EQ(keys_of("  cvt.rn.f32.s32 %f1, %r1;\n  cvt.s64.s32 %rd1, %r1;\n"
                    "  mov.u32 %r1, %tid.x;\n  mov.u32 %r1, s;\n  mov.b32 %r1, %r2;\n"
                    "  cvta.to.global.u64 %rd1, %rd2;\n  setp.lt.s32 %p1, %r1, %r2;\n"
                    "  selp.f32 %f1, %f2, %f3, %p1;\n  bra.uni $L;\n$L:\n  bar.sync 0;\n"),
            (std::vector<std::string>{"cvt.f32.32", "cvt.64.32", "mov.sreg", "mov.symbol", "mov.32",
                                      "cvta", "setp.32", "selp.f32", "bra", "bar"}));
  EXPECT_EQ(issue_key_opcode("mul.wide.32"), "mul");
  EXPECT_EQ(issue_key_opcode("cvta"), "cvta");
}

TEST(IssueCostTable, FallsBackFromKeyToOpcodeToStarToOne) {
  const ptx::Module m = ptx::parse_ptx(
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  .reg .f32 %f<4>;\n"
      "  add.s64 %rd1, %rd2, %rd3;\n  add.s32 %r1, %r2, %r3;\n  mul.f32 %f1, %f2, %f3;\n"
      "  ret;\n}\n");
  const auto& insts = m.functions.at(0).insts;
  const IssueCostTable specific({{"add.64", 2.5}, {"add", 0.25}});
  EXPECT_EQ(specific.cost(insts[0]), 250);       // add.64
  EXPECT_EQ(specific.cost(insts[1]), 25);        // add.32 -> add
  EXPECT_EQ(specific.cost(insts[2]), kOneSlot);  // mul.f32: no mul, no *: one slot
  const IssueCostTable star({{"add.64", 2}, {"*", 0.5}});
  EXPECT_EQ(star.cost(insts[1]), 50);  // add.32 -> no add -> *
  EXPECT_EQ(star.cost(insts[2]), 50);
  EXPECT_TRUE(IssueCostTable().empty());
}

// A table file under a temporary directory, removed at the end of the test.
class IssueCostFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("warpsim-issue-cost-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& text) {
    const std::filesystem::path file = dir_ / "costs.yaml";
    std::ofstream(file) << text;
    return file.string();
  }
  std::filesystem::path dir_;
};

TEST_F(IssueCostFile, BadFilesAreConfigErrorsNamingTheProblem) {
  auto expect_error = [&](const std::string& path, const std::string& what) {
    try {
      read_sm_config(test::timing_config("v100", {"sm.issue_costs=" + path}).at("sm"));
      ADD_FAILURE() << "no error for " << what;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  expect_error((dir_ / "none.yaml").string(), "no such file");
  expect_error(write("- 1\n- 2\n"), "expected a map");
  expect_error(write("add.64: -1\n"), "issue slots are 0 to 64");
  expect_error(write("add.64: [1]\n"), "expected a number");
}

// One CTA of 8 warps per scheduler on v100's SM, each warp `mov; N dependent FMAs; exit` at
// FP32 latency 4 (ffma_throughput_test.cc derives these cycles by hand): issue-bound, one
// instruction per scheduler per cycle, so N more FMAs cost 8 N cycles at one slot each. At
// c slots per FMA they cost 8 N c: c = 3 keeps the scheduler issuing for three cycles per
// FMA; c = 0.5 makes every other FMA free (issued with the one before it).
struct CostRun {
  std::uint64_t cycles = 0;
  std::uint64_t warp_insts = 0;
  std::uint64_t issue_slots = 0;
  std::uint64_t issued = 0;  // scheduler cycles counted as issued
};

CostRun run_fma(std::uint32_t n, const std::string& table) {
  func::Device device;
  std::string body = "  mov.f32 %f1, 0f3F800000;\n";
  for (std::uint32_t i = 0; i < n; ++i) body += "  fma.rn.f32 %f1, %f1, 0f3F800000, %f1;\n";
  const std::string ptx =
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .f32 %f<2>;\n" +
      body + "  exit;\n}\n";
  std::vector<std::string> sets = {"sm.count=1",
                                   "memory.model=fixed",
                                   "memory.latency=100",
                                   "sm.fetch.inst_bytes=1",
                                   "sm.units.sp=4",
                                   "sm.ops.fp32.latency=4",
                                   "sm.ops.fp32.interval=1",
                                   "sm.ops.move.latency=4",
                                   "sm.ops.control.latency=1"};
  if (!table.empty()) sets.push_back("sm.issue_costs=" + table);
  const ConfigNode config = test::timing_config("v100", sets);
  const auto out = test::run_kernel(device, config, ptx, {1, 1, 1}, {32 * 4 * 8, 1, 1});
  const auto& r = out.results.at(0);
  return CostRun{r.end_cycle - r.start_cycle, r.warp_insts,
                 r.stats.at("sm").at("issue_slots").get<std::uint64_t>(),
                 r.stats.at("stalls").at("issued").get<std::uint64_t>()};
}

TEST_F(IssueCostFile, SlotsPerInstructionSetTheIssueRate) {
  const std::string one = write("fma.f32: 1\n");
  const CostRun a = run_fma(32, one);
  const CostRun b = run_fma(64, one);
  EXPECT_EQ(b.cycles - a.cycles, 8u * 32);
  EXPECT_EQ(b.issue_slots, b.warp_insts);
  // Without a table: the same cycles as a table of ones.
  const CostRun plain = run_fma(64, "");
  EXPECT_EQ(plain.cycles, b.cycles);
  EXPECT_EQ(plain.issue_slots, plain.warp_insts);

  const std::string three = write("fma.f32: 3\n");
  const CostRun c = run_fma(32, three);
  const CostRun d = run_fma(64, three);
  EXPECT_EQ(d.cycles - c.cycles, 8u * 32 * 3);
  EXPECT_EQ(d.warp_insts, b.warp_insts);
  // 32 warps, each mov + exit (one slot) and 64 FMAs of three.
  EXPECT_EQ(d.issue_slots, 32u * (2 + 64 * 3));

  const std::string half = write("fma.f32: 0.5\n");
  const CostRun e = run_fma(32, half);
  const CostRun f = run_fma(64, half);
  EXPECT_EQ(f.cycles - e.cycles, 8u * 32 / 2);
  EXPECT_EQ(f.issue_slots, 32u * (2 + 64 / 2));

  // Every slot is one issued scheduler cycle, and nothing else is: a multi-slot FMA keeps its
  // scheduler issuing; a cycle of folded FMAs alone (fma.f32: 0, every FMA free) is not an
  // issue cycle.
  for (const CostRun* r : {&b, &plain, &d, &f}) EXPECT_EQ(r->issued, r->issue_slots);
  const CostRun free = run_fma(64, write("fma.f32: 0\n"));
  EXPECT_EQ(free.issue_slots, 32u * 2);  // mov and exit
  EXPECT_EQ(free.issued, free.issue_slots);
  EXPECT_EQ(free.warp_insts, b.warp_insts);
  EXPECT_LT(free.cycles, b.cycles);
}

}  // namespace
}  // namespace warpsim
