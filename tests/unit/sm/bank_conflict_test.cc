// Shared-memory bank conflicts: shared_conflict_degree (src/sm/coalescer.cc) on hand-built warp
// accesses of every conflict degree 1..32 in both bank modes (32 banks of 4 or 8 bytes),
// with broadcasts, inactive lanes and accesses wider or narrower than a bank word; then the
// LD/ST unit's timing of conflicting shared loads through a whole SM, read with %clock.
//
// The rule being checked (CUDA C Programming Guide, "Shared Memory" for compute capability
// 2.x, 3.x and 5.x+): successive bank words go to successive banks; lanes reading the same
// word are served together (broadcast); otherwise a bank delivers one word per cycle, so an
// access takes as many cycles as the most distinct words any one bank must deliver. Word w of
// a `bank_bytes` mode is in bank w mod 32.

#include <cstdint>
#include <numeric>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "func/warp_inst.h"
#include "sm/coalescer.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::run_kernel;
using test::timing_config;

constexpr std::uint32_t kBanks = 32;
constexpr std::uint32_t kAll = 0xffffffffu;

// The conflict degree with rows one bank word wide (Fermi, Maxwell, Kepler's 8-byte mode).
std::uint32_t degree(const func::WarpInst& inst, std::uint32_t banks, std::uint32_t bank_bytes) {
  return shared_conflict_degree(inst, SharedBankLayout{banks, bank_bytes, bank_bytes});
}

// A shared load of `size` bytes per lane; lane l's byte address is addr(l).
template <class F>
func::WarpInst access(std::uint32_t size, F addr, std::uint32_t exec = kAll) {
  func::WarpInst inst;
  inst.space = ptx::StateSpace::kShared;
  inst.is_load = true;
  inst.size = size;
  inst.active = inst.exec = exec;
  for (std::uint32_t l = 0; l < func::kWarpSize; ++l) inst.addr[l] = addr(l);
  return inst;
}

class BankModes : public ::testing::TestWithParam<std::uint32_t> {
 protected:
  std::uint32_t bytes() const { return GetParam(); }
  // Cycles of a warp whose lane l reads one whole bank word, word(l).
  template <class F>
  std::uint32_t words(F word, std::uint32_t exec = kAll) const {
    const std::uint32_t b = bytes();
    return degree(access(
                      b, [&](std::uint32_t l) { return Addr{word(l)} * b; }, exec),
                  kBanks, b);
  }
};

// Lane l reads row l % d of bank l / d: each bank used is asked for d distinct words (the
// last bank used for fewer when d does not divide 32).
TEST_P(BankModes, DistinctRowsOfOneBankPerGroupOfDLanes) {
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    EXPECT_EQ(words([d](std::uint32_t l) { return (l % d) * kBanks + l / d; }), d);
  }
}

// Lane l reads row l % d of bank 0: d distinct words, each shared by several lanes (broadcast
// inside a conflict).
TEST_P(BankModes, BroadcastInsideAConflict) {
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    EXPECT_EQ(words([d](std::uint32_t l) { return (l % d) * kBanks; }), d);
  }
}

// Lanes 0..d-1 read rows 0..d-1 of bank 0; every other lane l reads row 0 of bank l, alone.
TEST_P(BankModes, OneConflictingBankAmongConflictFreeOnes) {
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    EXPECT_EQ(words([d](std::uint32_t l) { return l < d ? l * kBanks : l; }), d);
  }
}

// Every lane would read its own row of bank 0, but only d lanes execute (the low d, or every
// other lane up to 2d): inactive lanes cost nothing.
TEST_P(BankModes, OnlyExecutingLanesCount) {
  const auto column = [](std::uint32_t l) { return l * kBanks; };
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    const std::uint32_t low = d == 32 ? kAll : (1u << d) - 1;
    EXPECT_EQ(words(column, low), d);
    if (d <= 16) {
      std::uint32_t every_other = 0;
      for (std::uint32_t i = 0; i < d; ++i) every_other |= 1u << (2 * i);
      EXPECT_EQ(words(column, every_other), d);
    }
  }
  EXPECT_EQ(words(column, 0), 0u);  // nothing executes: no bank cycle
}

// Lane l reads word l * s: lanes l and l' meet in a bank when (l - l') s is a multiple of 32,
// so each bank gets gcd(s, 32) distinct words (the Programming Guide's strided access). s = 0
// is a broadcast of one word.
TEST_P(BankModes, StridedAccessTakesGcdOfStrideAndBanks) {
  for (std::uint32_t s = 1; s <= 96; ++s) {
    SCOPED_TRACE(s);
    EXPECT_EQ(words([s](std::uint32_t l) { return l * s; }), std::gcd(s, kBanks));
  }
  EXPECT_EQ(words([](std::uint32_t) { return 77u; }), 1u);
}

INSTANTIATE_TEST_SUITE_P(FourAndEightByteBanks, BankModes, ::testing::Values(4u, 8u),
                         [](const ::testing::TestParamInfo<std::uint32_t>& p) {
                           return std::to_string(p.param) + "Bytes";
                         });

// Kepler's 8-byte mode with 4-byte accesses: the two halves of one 8-byte word are one bank
// word, so lanes 2m and 2m+1 reading them share it. Lane pair m reads 8-byte word
// (m % d) * 32 + m / d: d distinct words per bank for d = 1..16 (16 pairs). Reading only low
// halves, lane l of word (l % d) * 32 + l / d, reaches every d up to 32.
TEST(BankConflicts, FourByteAccessesInEightByteMode) {
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    if (d <= 16) {
      const auto pairs = [d](std::uint32_t l) {
        const std::uint32_t m = l / 2;
        return Addr{(m % d) * kBanks + m / d} * 8 + (l % 2) * 4;
      };
      EXPECT_EQ(degree(access(4, pairs), kBanks, 8), d);
    }
    const auto low_halves = [d](std::uint32_t l) { return Addr{(l % d) * kBanks + l / d} * 8; };
    EXPECT_EQ(degree(access(4, low_halves), kBanks, 8), d);
  }
  // 32 consecutive 4-byte words are 16 8-byte words in 16 banks: one cycle.
  EXPECT_EQ(degree(access(4, [](std::uint32_t l) { return Addr{l} * 4; }), kBanks, 8), 1u);
}

// 4-byte mode with 8-byte accesses: 8-byte word k covers 4-byte words 2k and 2k+1, banks
// 2(k mod 16) and 2(k mod 16) + 1. Lane l reads k = (l % d) * 16 + l / d: for d >= 2, l / d
// <= 15, so lanes with equal l / d ask the same two banks for d distinct rows: d cycles.
// Consecutive 8-byte words (k = l) cover 64 words, two per bank: 2 cycles, the two half-warps
// of Fermi and Maxwell 64-bit accesses; lanes pairing up on 16 words (k = l / 2): 1 cycle.
TEST(BankConflicts, EightByteAccessesInFourByteMode) {
  for (std::uint32_t d = 2; d <= 32; ++d) {
    SCOPED_TRACE(d);
    const auto rows = [d](std::uint32_t l) { return Addr{(l % d) * 16 + l / d} * 8; };
    EXPECT_EQ(degree(access(8, rows), kBanks, 4), d);
  }
  EXPECT_EQ(degree(access(8, [](std::uint32_t l) { return Addr{l} * 8; }), kBanks, 4), 2u);
  EXPECT_EQ(degree(access(8, [](std::uint32_t l) { return Addr{l / 2} * 8; }), kBanks, 4), 1u);
  // The same consecutive 8-byte words in 8-byte mode: 32 words in 32 banks.
  EXPECT_EQ(degree(access(8, [](std::uint32_t l) { return Addr{l} * 8; }), kBanks, 8), 1u);
}

// 16-byte accesses (v4.u32) by consecutive lanes cover 512 bytes: 128 4-byte words (4 per
// bank) or 64 8-byte words (2 per bank). Byte accesses: lanes reading bytes of one word share
// it; byte (l % d) * 256 + 1 is in row l % d of bank 0 in both modes: d cycles.
TEST(BankConflicts, WideAndNarrowAccesses) {
  const auto v4 = access(16, [](std::uint32_t l) { return Addr{l} * 16; });
  EXPECT_EQ(degree(v4, kBanks, 4), 4u);
  EXPECT_EQ(degree(v4, kBanks, 8), 2u);
  const auto bytes = access(1, [](std::uint32_t l) { return Addr{l}; });
  EXPECT_EQ(degree(bytes, kBanks, 4), 1u);
  EXPECT_EQ(degree(bytes, kBanks, 8), 1u);
  for (std::uint32_t d = 1; d <= 32; ++d) {
    SCOPED_TRACE(d);
    const auto rows = access(1, [d](std::uint32_t l) { return Addr{l % d} * 256 + 1; });
    EXPECT_EQ(degree(rows, kBanks, 4), d);
    EXPECT_EQ(degree(rows, kBanks, 8), d);
  }
  // 16 banks (compute capability 1.x): 32 consecutive words, two per bank.
  EXPECT_EQ(degree(access(4, [](std::uint32_t l) { return Addr{l} * 4; }), 16, 4), 2u);
}

// Through the SM. t0 = %clock, then one shared load (or two back to back) whose lanes read row
// l % d of bank 0 (d distinct words, broadcast within), the use of the (last) load, t1 =
// %clock. The address is ready before t0 (an add waits for it), so the load issues at t0 + 1
// and the LD/ST unit starts it at t0 + 2: done_at = start + shared_latency + d - 1 (the banks
// are busy d cycles, the last word comes shared_latency - 1 after its bank cycle), and the use
// issues at done_at, the clock read one cycle later:
//   one load:  t1 - t0 = 2 + shared_latency + d - 1 + 1 = shared_latency + d + 2.
//   two loads: the second issues at t0 + 2 but must wait for the banks, free at t0 + 2 + d, so
//              it starts d cycles after the first: t1 - t0 = shared_latency + 2d + 2.
std::string shared_kernel(std::uint32_t bank_bytes, bool two_loads) {
  const std::string t = bank_bytes == 4 ? "u32" : "u64";
  const std::string v = bank_bytes == 4 ? "%r" : "%rd";
  std::string load_b = two_loads ? "  ld.shared." + t + " " + v + "11, [%r5];\n" : "";
  const std::string used = v + (two_loads ? "11" : "10");
  return ".version 7.0\n.target sm_70\n.address_size 64\n"
         ".visible .entry k(.param .u32 d, .param .u64 out)\n{\n"
         "  .reg .b32 %r<16>;\n  .reg .b64 %rd<16>;\n"
         "  .shared .align 8 .b8 sh[8192];\n"
         "  ld.param.u32 %r1, [d];\n  ld.param.u64 %rd1, [out];\n"
         "  mov.u32 %r2, %tid.x;\n  rem.u32 %r3, %r2, %r1;\n  mov.u32 %r4, sh;\n"
         "  mad.lo.u32 %r5, %r3, " +
         std::to_string(32 * bank_bytes) +
         ", %r4;\n"
         "  add.u32 %r6, %r5, 0;\n"
         "  mov.u32 %r7, %clock;\n"
         "  ld.shared." +
         t + " " + v + "10, [%r5];\n" + load_b + "  add." + t + " " + v + "12, " + used +
         ", 1;\n"
         "  mov.u32 %r8, %clock;\n  sub.u32 %r9, %r8, %r7;\n"
         "  st.global.u32 [%rd1], %r9;\n  exit;\n}\n";
}

TEST(BankConflicts, ConflictingSharedLoadsThroughTheSm) {
  for (const char* preset : {"v100", "gtx480"}) {
    for (std::uint32_t bank_bytes : {4u, 8u}) {
      for (bool two : {false, true}) {
        const ConfigNode config = timing_config(
            preset, test::one_sm({"sm.ldst.bank_bytes=" + std::to_string(bank_bytes)}));
        const auto latency =
            static_cast<std::uint32_t>(config.at("sm").at("ldst").at("shared_latency").as_uint());
        const std::string ptx = shared_kernel(bank_bytes, two);
        for (std::uint32_t d = 1; d <= 32; ++d) {
          SCOPED_TRACE(::testing::Message() << preset << ", " << bank_bytes << "-byte banks, "
                                            << (two ? "two loads" : "one load") << ", d " << d);
          func::Device device;
          const Addr out = device.malloc(4);
          const auto result = run_kernel(device, config, ptx, {1, 1, 1}, {32, 1, 1}, {&d, &out});
          std::uint32_t diff = 0;
          device.memory().read(out, &diff, 4);
          EXPECT_EQ(diff, latency + (two ? 2 * d : d) + 2);
          ASSERT_EQ(result.results.size(), 1u);
          const auto& ldst = result.results[0].stats["sm"]["ldst"];
          EXPECT_EQ(ldst["shared_accesses"].get<std::uint64_t>(), two ? 2u : 1u);
          EXPECT_EQ(ldst["shared_bank_cycles"].get<std::uint64_t>(), two ? 2 * d : d);
        }
      }
    }
  }
}

}  // namespace
}  // namespace warpsim
