// Shared-memory bank modes and the cost of a conflict, against seed 003 (Mei & Chu, "Dissecting
// GPU Memory Hierarchy through Microbenchmarking", §2.9 and Table VIII; digest in
// ../shared/notes/seed-003.md):
// - Fermi and Maxwell (32 banks of 4 bytes): lane t reading word t * stride conflicts
//   gcd(stride, 32) ways; odd strides never conflict.
// - Kepler (32 banks, 8-byte rows) conflicts only between different rows of one bank. In its
//   4-byte mode word w is in bank w mod 32, in its 8-byte mode in bank (w / 2) mod 32; a row is
//   64 consecutive 4-byte words in both. The paper's cases: stride 2 does not conflict in either
//   mode (2-way on Fermi), stride 4 is 2-way in both, stride 6 is 2-way in 4-byte mode and
//   conflict-free in 8-byte mode, and other even strides that are not powers of two do better in
//   8-byte mode.
// - A degree-n access takes shared_latency + (n - 1) x bank_conflict_cycles (Table VIII: about
//   37.4 cycles per way on the GTX560Ti, exactly 2 on the GTX980).
// The expected degrees are computed here, from those rules, on word indices.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "func/warp_inst.h"
#include "sim/config_node.h"
#include "sm/coalescer.h"
#include "sm/sm_config.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::run_kernel;
using test::timing_config;

enum class Mode { kFermi, kKepler4, kKepler8 };

struct ModeCase {
  Mode mode;
  const char* name;
  SharedBankLayout layout;
  std::vector<std::string> sets;  // the config keys selecting the mode
};

const std::vector<ModeCase>& modes() {
  static const std::vector<ModeCase> cases = {
      {Mode::kFermi, "Fermi/Maxwell", {32, 4, 4}, {"sm.ldst.bank_bytes=4"}},
      {Mode::kKepler4,
       "Kepler 4-byte mode",
       {32, 4, 8},
       {"sm.ldst.bank_bytes=4", "sm.ldst.bank_word_bytes=8"}},
      {Mode::kKepler8, "Kepler 8-byte mode", {32, 8, 8}, {"sm.ldst.bank_bytes=8"}}};
  return cases;
}

// Lane t reads 4-byte word t * stride: the most distinct rows one bank is asked for.
std::uint32_t rows_rule_degree(Mode mode, std::uint32_t stride) {
  std::map<std::uint32_t, std::set<std::uint32_t>> rows_of_bank;
  for (std::uint32_t t = 0; t < func::kWarpSize; ++t) {
    const std::uint32_t w = t * stride;
    const std::uint32_t bank = mode == Mode::kKepler8 ? (w / 2) % 32 : w % 32;
    const std::uint32_t row = mode == Mode::kFermi ? w / 32 : w / 64;
    rows_of_bank[bank].insert(row);
  }
  std::size_t most = 0;
  for (const auto& [bank, rows] : rows_of_bank) most = std::max(most, rows.size());
  return static_cast<std::uint32_t>(most);
}

std::uint32_t expected_degree(Mode mode, std::uint32_t stride) {
  return mode == Mode::kFermi ? std::gcd(stride, 32u) : rows_rule_degree(mode, stride);
}

func::WarpInst strided_load(std::uint32_t stride) {
  func::WarpInst inst;
  inst.space = ptx::StateSpace::kShared;
  inst.is_load = true;
  inst.size = 4;
  inst.active = inst.exec = 0xffffffffu;
  for (std::uint32_t t = 0; t < func::kWarpSize; ++t) inst.addr[t] = Addr{t} * stride * 4;
  return inst;
}

std::uint32_t degree(Mode mode, std::uint32_t stride) {
  for (const ModeCase& m : modes()) {
    if (m.mode == mode) return shared_conflict_degree(strided_load(stride), m.layout);
  }
  return 0;
}

TEST(SharedBankModes, EveryStrideMatchesTheRule) {
  for (const ModeCase& m : modes()) {
    for (std::uint32_t s = 1; s <= 64; ++s) {
      SCOPED_TRACE(::testing::Message() << m.name << ", stride " << s);
      EXPECT_EQ(shared_conflict_degree(strided_load(s), m.layout), expected_degree(m.mode, s));
    }
  }
  // The gcd rule and the row rule with 32-word rows are the same rule.
  for (std::uint32_t s = 1; s <= 64; ++s)
    EXPECT_EQ(rows_rule_degree(Mode::kFermi, s), std::gcd(s, 32u));
}

TEST(SharedBankModes, TheSeedsStrideTable) {
  EXPECT_EQ(degree(Mode::kFermi, 2), 2u);
  EXPECT_EQ(degree(Mode::kKepler4, 2), 1u);
  EXPECT_EQ(degree(Mode::kKepler8, 2), 1u);
  EXPECT_EQ(degree(Mode::kKepler4, 4), 2u);
  EXPECT_EQ(degree(Mode::kKepler8, 4), 2u);
  EXPECT_EQ(degree(Mode::kKepler4, 6), 2u);
  EXPECT_EQ(degree(Mode::kKepler8, 6), 1u);
  for (std::uint32_t s = 1; s <= 64; ++s) {
    SCOPED_TRACE(s);
    if (s % 2 == 1) {
      EXPECT_EQ(degree(Mode::kFermi, s), 1u);  // odd strides never conflict
      EXPECT_EQ(degree(Mode::kKepler4, s), 1u);
    } else if ((s & (s - 1)) != 0) {
      EXPECT_LT(degree(Mode::kKepler8, s), degree(Mode::kKepler4, s));
    } else {
      EXPECT_EQ(degree(Mode::kKepler4, s), s / 2);  // powers of two: half of Fermi's gcd
      EXPECT_EQ(degree(Mode::kKepler8, s), s / 2);
    }
  }
}

// Kepler 4-byte mode: words w and w + 32 of one 64-word row are one physical row of bank
// w mod 32, served together; w and w + 64 are not.
TEST(SharedBankModes, FourByteModeOnEightByteRows) {
  const SharedBankLayout kepler4{32, 4, 8};
  func::WarpInst inst = strided_load(0);
  for (std::uint32_t t = 0; t < func::kWarpSize; ++t) inst.addr[t] = (t % 2) * 32 * 4;
  EXPECT_EQ(shared_conflict_degree(inst, kepler4), 1u);
  EXPECT_EQ(shared_conflict_degree(inst, SharedBankLayout{32, 4, 4}), 2u);
  for (std::uint32_t t = 0; t < func::kWarpSize; ++t) inst.addr[t] = (t % 2) * 64 * 4;
  EXPECT_EQ(shared_conflict_degree(inst, kepler4), 2u);
  inst.exec = 0;
  EXPECT_EQ(shared_conflict_degree(inst, kepler4), 0u);
}

TEST(SharedBankModes, BankBusyCycles) {
  for (std::uint32_t n = 1; n <= 32; ++n) {
    SCOPED_TRACE(n);
    EXPECT_EQ(shared_bank_busy_cycles(n, 1), n);  // the default: one cycle per way
    EXPECT_EQ(shared_bank_busy_cycles(n, 2), 2 * n - 1);
    EXPECT_EQ(shared_bank_busy_cycles(n, 0), 1u);
    EXPECT_EQ(shared_bank_busy_cycles(n, 37.4), 1 + std::llround((n - 1) * 37.4));
  }
  EXPECT_EQ(shared_bank_busy_cycles(0, 37.4), 0u);
  EXPECT_EQ(shared_bank_busy_cycles(2, 0.5), 2u);  // 0.5 rounds away from zero
}

TEST(SharedBankModes, WordBytesMustBeAMultipleOfBankBytes) {
  const ConfigNode config =
      timing_config("gtx480", test::one_sm({"sm.ldst.bank_bytes=8", "sm.ldst.bank_word_bytes=4"}));
  try {
    read_sm_config(config.at("sm"));
    FAIL() << "bank_word_bytes 4 with 8-byte banks was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("bank_word_bytes"), std::string::npos) << e.what();
  }
  const SmConfig kepler =
      read_sm_config(timing_config("gtx480", test::one_sm({"sm.ldst.bank_word_bytes=8"})).at("sm"));
  EXPECT_EQ(kepler.ldst.bank_word_bytes, 8u);
  const SmConfig fermi = read_sm_config(timing_config("gtx480", test::one_sm()).at("sm"));
  EXPECT_EQ(fermi.ldst.bank_word_bytes, fermi.ldst.bank_bytes);  // 0: same as bank_bytes
  EXPECT_EQ(fermi.ldst.bank_conflict_cycles, 1.0);
}

// Lane t loads the 4-byte word t * stride (once, or twice back to back) between two %clock
// reads (bank_conflict_test.cc derives the overhead: the loads start 2 cycles after t0, the use
// issues when the last completes and t1 is read one cycle later). With e = round((n - 1) x
// bank_conflict_cycles) extra cycles: one load completes shared_latency + e after it starts,
// t1 - t0 = shared_latency + e + 3; a second load waits for the banks, held 1 + e cycles, so
// t1 - t0 = shared_latency + 2e + 4.
std::string strided_kernel(bool two_loads) {
  return std::string(
             ".version 7.0\n.target sm_70\n.address_size 64\n"
             ".visible .entry k(.param .u32 s, .param .u64 out)\n{\n"
             "  .reg .b32 %r<16>;\n  .reg .b64 %rd<4>;\n"
             "  .shared .align 256 .b8 sh[8192];\n"
             "  ld.param.u32 %r1, [s];\n  ld.param.u64 %rd1, [out];\n"
             "  mov.u32 %r2, %tid.x;\n  mul.lo.u32 %r3, %r2, %r1;\n  mov.u32 %r4, sh;\n"
             "  mad.lo.u32 %r5, %r3, 4, %r4;\n  add.u32 %r6, %r5, 0;\n"
             "  mov.u32 %r7, %clock;\n  ld.shared.u32 %r10, [%r5];\n") +
         (two_loads ? "  ld.shared.u32 %r11, [%r5];\n  add.u32 %r12, %r11, 1;\n"
                    : "  add.u32 %r12, %r10, 1;\n") +
         "  mov.u32 %r8, %clock;\n  sub.u32 %r9, %r8, %r7;\n"
         "  st.global.u32 [%rd1], %r9;\n  exit;\n}\n";
}

struct SmMeasure {
  std::uint32_t clocks = 0;       // t1 - t0
  std::uint64_t bank_cycles = 0;  // stats: sm.ldst.shared_bank_cycles
  std::uint32_t shared_latency = 0;
};

SmMeasure run_strided(const std::vector<std::string>& sets, std::uint32_t stride, bool two) {
  const ConfigNode config = timing_config("gtx480", test::one_sm(sets));
  func::Device device;
  const Addr out = device.malloc(4);
  const auto result =
      run_kernel(device, config, strided_kernel(two), {1, 1, 1}, {32, 1, 1}, {&stride, &out});
  SmMeasure m;
  device.memory().read(out, &m.clocks, 4);
  m.bank_cycles =
      result.results.at(0).stats["sm"]["ldst"]["shared_bank_cycles"].get<std::uint64_t>();
  m.shared_latency =
      static_cast<std::uint32_t>(config.at("sm").at("ldst").at("shared_latency").as_uint());
  return m;
}

TEST(SharedBankModes, ConflictCyclesThroughTheSm) {
  for (const ModeCase& mode : modes()) {
    std::vector<std::string> sets = mode.sets;
    sets.push_back("sm.ldst.bank_conflict_cycles=3");
    for (std::uint32_t s = 1; s <= 64; ++s) {
      for (bool two : {false, true}) {
        SCOPED_TRACE(::testing::Message() << mode.name << ", stride " << s << (two ? ", two" : ""));
        const std::uint32_t extra = 3 * (expected_degree(mode.mode, s) - 1);
        const SmMeasure m = run_strided(sets, s, two);
        EXPECT_EQ(m.clocks, two ? m.shared_latency + 2 * extra + 4 : m.shared_latency + extra + 3);
        EXPECT_EQ(m.bank_cycles, (two ? 2 : 1) * (1 + extra));
      }
    }
  }
}

// A bank that delivers W bytes per cycle holds the banks max(1, 4 / W) cycles per pass of 4-byte
// loads (seed 003 Table VII's per-bank bandwidth), which delays a following access but not the
// access's own completion: shared_latency is the conflict-free latency, first pass included.
TEST(SharedBankModes, BankBandwidthHoldsTheBanksNotTheLatency) {
  EXPECT_EQ(shared_pass_cycles(4, 0), 1.0);
  EXPECT_EQ(shared_pass_cycles(4, 2), 2.0);
  EXPECT_EQ(shared_pass_cycles(4, 8), 1.0);
  EXPECT_EQ(shared_pass_cycles(8, 4), 2.0);
  EXPECT_EQ(shared_pass_cycles(4, 3), 4.0 / 3.0);
  EXPECT_EQ(shared_bank_busy_cycles(1, 37.4, 2), 2u);
  EXPECT_EQ(shared_bank_busy_cycles(3, 3, 2), 8u);
  for (const char* rate : {"1", "2", "8"}) {
    const std::uint32_t pass = std::max(1, 4 / std::stoi(rate));
    for (std::uint32_t s : {1u, 2u, 4u}) {
      for (bool two : {false, true}) {
        SCOPED_TRACE(::testing::Message()
                     << "W " << rate << ", stride " << s << (two ? ", two" : ""));
        const std::uint32_t extra = 3 * (expected_degree(Mode::kFermi, s) - 1);
        const SmMeasure m = run_strided({"sm.ldst.bank_bytes=4", "sm.ldst.bank_conflict_cycles=3",
                                         std::string("sm.ldst.bank_bytes_per_cycle=") + rate},
                                        s, two);
        EXPECT_EQ(m.clocks,
                  two ? m.shared_latency + 2 * extra + pass + 3 : m.shared_latency + extra + 3);
        EXPECT_EQ(m.bank_cycles, (two ? 2 : 1) * (pass + extra));
      }
    }
  }
}

// Table VIII with the per-way costs fitted from it (latency = t1 - t0 - 3, the LD/ST unit's
// start-to-completion time): the GTX980 (28 + 2 per way) exactly, the GTX560Ti (50 + 37.4 per
// way) within a cycle. Degrees 2..32 come from power-of-two strides in 4-byte mode.
TEST(SharedBankModes, TableEightLatencies) {
  struct Gpu {
    const char* name;
    std::uint32_t base;
    const char* per_way;
    std::uint32_t tolerance;
    std::vector<std::uint32_t> measured;  // 2-, 4-, 8-, 16-, 32-way
  };
  const std::vector<Gpu> gpus = {{"GTX980", 28, "2", 0, {30, 34, 42, 58, 90}},
                                 {"GTX560Ti", 50, "37.4", 1, {87, 162, 311, 611, 1209}}};
  for (const Gpu& gpu : gpus) {
    const std::vector<std::string> sets = {
        "sm.ldst.bank_bytes=4", "sm.ldst.shared_latency=" + std::to_string(gpu.base),
        std::string("sm.ldst.bank_conflict_cycles=") + gpu.per_way};
    EXPECT_EQ(run_strided(sets, 1, false).clocks - 3, gpu.base) << gpu.name;
    for (std::uint32_t i = 0; i < gpu.measured.size(); ++i) {
      const std::uint32_t n = 2u << i;
      SCOPED_TRACE(::testing::Message() << gpu.name << ", " << n << "-way");
      const std::int64_t latency = run_strided(sets, n, false).clocks - 3;
      EXPECT_LE(std::llabs(latency - gpu.measured[i]), gpu.tolerance);
    }
  }
}

}  // namespace
}  // namespace warpsim
