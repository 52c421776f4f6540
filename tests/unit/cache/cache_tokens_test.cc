// PCAL's cache tokens in the generic cache (cache/cache_tokens.cc): token-less reads hit but
// never place or evict a line, reserve an MSHR on a miss, fill only open lines
// (opportunistic caching), and token holders' priorities clear by each of the four rules. BTO
// makes a token-less miss fetch only its sectors. Geometry throughout: 1 KiB / (128-byte
// lines x 2 ways) = 4 sets with the linear index, so lines 0x000, 0x200 and 0x400 all fall in
// set 0; LRU replacement.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"
#include "sim/config_node.h"

namespace warpsim {
namespace {

using testing::CacheHarness;

constexpr const char* kHonor = "{size: 1KiB, ways: 2, tokens: {honor: true}}";

// A read of the line at `addr` by warp slot `warp`, with or without a token.
MemRequest read_by(const CacheHarness& h, Addr addr, std::uint64_t tag, bool token,
                   std::uint32_t warp = 5, SectorMask sectors = 0) {
  MemRequest r = h.request(MemKind::kRead, addr, sectors, tag);
  r.token = token;
  r.warp = warp;
  return r;
}

CacheOutcome access(CacheHarness& h, const MemRequest& r, std::uint64_t cycle = 0) {
  return h.cache().access(r, Cycle{cycle}).outcome;
}

// Token holder `warp` misses on `addr` and the fill arrives.
void token_load(CacheHarness& h, Addr addr, std::uint32_t warp = 5) {
  ASSERT_EQ(access(h, read_by(h, addr, 900 + addr, true, warp)), CacheOutcome::kMiss);
  ASSERT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{900 + addr});
}

TEST(CacheTokens, TokenlessReadsHitButTheirMissesPlaceNoLine) {
  CacheHarness h("{size: 1KiB, ways: 2, tokens: {honor: true, opportunistic: false}}");
  token_load(h, 0x000);
  EXPECT_EQ(access(h, read_by(h, 0x000, 1, false)), CacheOutcome::kHit);
  // A miss: one fetch, answered to the reader, but the line is not kept.
  EXPECT_EQ(access(h, read_by(h, 0x200, 2, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{2});
  EXPECT_EQ(access(h, read_by(h, 0x200, 3, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{3});
  EXPECT_EQ(access(h, read_by(h, 0x000, 4, true)), CacheOutcome::kHit);
  EXPECT_EQ(h.stat("tokens.token_lookups"), 2u);  // the first load's miss and the last hit
  EXPECT_EQ(h.stat("tokens.token_hits"), 1u);
  EXPECT_EQ(h.stat("tokens.tokenless_lookups"), 3u);
  EXPECT_EQ(h.stat("tokens.tokenless_hits"), 1u);
  EXPECT_EQ(h.stat("tokens.tokenless_misses"), 2u);
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 2u);
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 0u);
  EXPECT_EQ(h.stat("evictions"), 0u);
}

TEST(CacheTokens, ATokenlessMissHoldsAnMshrAndNeverEvictsATokenHoldersLine) {
  CacheHarness h("{size: 1KiB, ways: 2, mshrs: 1, tokens: {honor: true}}");
  token_load(h, 0x000);
  token_load(h, 0x200);
  // Set 0 is full of token holders' lines: the token-less miss needs no line (a token holder's
  // miss would evict one), only the one MSHR, which a token holder then cannot have.
  EXPECT_EQ(access(h, read_by(h, 0x400, 1, false)), CacheOutcome::kMiss);
  const CacheResult refused = h.cache().access(read_by(h, 0x600, 2, true), Cycle{0});
  EXPECT_EQ(refused.outcome, CacheOutcome::kFailed);
  EXPECT_EQ(refused.cause, FailCause::kNoMshr);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 1u);  // no open line: both have priorities
  EXPECT_EQ(access(h, read_by(h, 0x000, 3, false)), CacheOutcome::kHit);
  EXPECT_EQ(access(h, read_by(h, 0x200, 4, false)), CacheOutcome::kHit);
  EXPECT_EQ(h.stat("evictions"), 0u);
}

TEST(CacheTokens, OpportunisticFillsTakeOnlyLinesNoTokenHolderUses) {
  CacheHarness h(kHonor);
  token_load(h, 0x000);
  // Way 1 of set 0 is invalid: the token-less fill takes it.
  EXPECT_EQ(access(h, read_by(h, 0x200, 1, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 1u);
  EXPECT_EQ(access(h, read_by(h, 0x200, 2, false)), CacheOutcome::kHit);
  // The next token-less fill may replace that line (no priority) but not 0x000's.
  EXPECT_EQ(access(h, read_by(h, 0x400, 3, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{3});
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 2u);
  EXPECT_EQ(access(h, read_by(h, 0x400, 4, false)), CacheOutcome::kHit);
  EXPECT_EQ(access(h, read_by(h, 0x000, 5, false)), CacheOutcome::kHit);
  EXPECT_EQ(access(h, read_by(h, 0x200, 6, false)), CacheOutcome::kMiss);
}

TEST(CacheTokens, ATokenHoldersHitGivesAnOpportunisticLineItsPriority) {
  CacheHarness h(kHonor);
  token_load(h, 0x000);
  ASSERT_EQ(access(h, read_by(h, 0x200, 1, false)), CacheOutcome::kMiss);
  ASSERT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  // A token holder uses 0x200 now: no line of set 0 is open any more.
  EXPECT_EQ(access(h, read_by(h, 0x200, 2, true)), CacheOutcome::kHit);
  EXPECT_EQ(access(h, read_by(h, 0x400, 3, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{3});
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 1u);
}

TEST(CacheTokens, KernelEndClearsEveryPriority) {
  CacheHarness h(kHonor);
  token_load(h, 0x000);
  token_load(h, 0x200);
  h.cache().clear_tokens();
  EXPECT_EQ(h.stat("tokens.clears"), 1u);
  // Both lines are open now; LRU gives the token-less fill 0x000's way.
  EXPECT_EQ(access(h, read_by(h, 0x400, 1, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 1u);
  EXPECT_EQ(access(h, read_by(h, 0x400, 2, false)), CacheOutcome::kHit);
  EXPECT_EQ(access(h, read_by(h, 0x200, 3, false)), CacheOutcome::kHit);
  // Warp ends do nothing under kernel_end.
  h.cache().on_warp_end(5);
  EXPECT_EQ(h.stat("tokens.clears"), 1u);
}

// 0x000 is used by token holders 5, then 6 (its last owner); 0x200 by 7 alone. Returns the
// fill count of a token-less read of 0x400 after the given warp ends: opportunistic (1) when a
// line opened, unplaced (0) otherwise.
std::uint64_t opportunistic_after_ends(const std::string& rule,
                                       const std::vector<std::uint32_t>& ended) {
  CacheHarness h("{size: 1KiB, ways: 2, tokens: {honor: true, clear: " + rule + "}}");
  token_load(h, 0x000, 5);
  EXPECT_EQ(access(h, read_by(h, 0x000, 1, true, 6)), CacheOutcome::kHit);
  token_load(h, 0x200, 7);
  for (std::uint32_t warp : ended) h.cache().on_warp_end(warp);
  EXPECT_EQ(access(h, read_by(h, 0x400, 2, false)), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{2});
  return h.stat("tokens.opportunistic_fills");
}

TEST(CacheTokens, LastOwnerEndClearsALineWhenItsLastTokenHolderEnds) {
  EXPECT_EQ(opportunistic_after_ends("last_owner_end", {}), 0u);
  EXPECT_EQ(opportunistic_after_ends("last_owner_end", {5}), 0u);  // 6 used it last
  EXPECT_EQ(opportunistic_after_ends("last_owner_end", {6}), 1u);
}

TEST(CacheTokens, AllOwnersEndClearsALineWhenEveryTokenHolderThatUsedItEnded) {
  EXPECT_EQ(opportunistic_after_ends("all_owners_end", {6}), 0u);  // 5 still runs
  EXPECT_EQ(opportunistic_after_ends("all_owners_end", {5}), 0u);
  EXPECT_EQ(opportunistic_after_ends("all_owners_end", {6, 5}), 1u);
  EXPECT_EQ(opportunistic_after_ends("all_owners_end", {7}), 1u);  // 0x200's only owner
}

TEST(CacheTokens, PeriodicClearsEveryPeriod) {
  CacheHarness h(
      "{size: 1KiB, ways: 2, tokens: {honor: true, clear: periodic, clear_period: 100}}");
  token_load(h, 0x000);
  token_load(h, 0x200);
  // Cycle 50: within the first period, both lines keep their priorities.
  EXPECT_EQ(access(h, read_by(h, 0x400, 1, false), 50), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 1u);
  // Cycle 150: the clear at 100 has opened both.
  EXPECT_EQ(access(h, read_by(h, 0x400, 2, false), 150), CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{2});
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 1u);
  EXPECT_EQ(h.stat("tokens.clears"), 1u);
}

TEST(CacheTokens, BtoFetchesOnlyTheSectorsATokenlessMissNeeds) {
  for (const bool bto : {false, true}) {
    CacheHarness h(std::string("{size: 1KiB, ways: 2, bto: ") + (bto ? "true" : "false") +
                   ", tokens: {honor: true}}");
    // Sector 1 of the 128-byte (unsectored) line.
    ASSERT_EQ(access(h, read_by(h, 0x000, 1, false, 5, 0b0010)), CacheOutcome::kMiss);
    const std::vector<MemRequest> out = h.drain();
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].sectors, bto ? 0b0010u : 0b1111u) << "bto " << bto;
    EXPECT_FALSE(out[0].token);  // the token travels on to the next level
    // A token holder's miss fetches the whole line either way.
    ASSERT_EQ(access(h, read_by(h, 0x200, 2, true, 5, 0b0010)), CacheOutcome::kMiss);
    const std::vector<MemRequest> whole = h.drain();
    ASSERT_EQ(whole.size(), 1u);
    EXPECT_EQ(whole[0].sectors, 0b1111u);
  }
}

TEST(CacheTokens, ATokenHolderJoiningABtoMissFetchesTheRestAndKeepsTheLine) {
  CacheHarness h("{size: 1KiB, ways: 2, bto: true, tokens: {honor: true}}");
  ASSERT_EQ(access(h, read_by(h, 0x000, 1, false, 5, 0b0010)), CacheOutcome::kMiss);
  ASSERT_EQ(access(h, read_by(h, 0x000, 2, true, 6, 0b0001)), CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].sectors, 0b0010u);
  EXPECT_EQ(out[1].sectors, 0b1101u);  // the rest of the line, for the token holder
  EXPECT_EQ(h.answer(out[0]), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.answer(out[1]), std::vector<std::uint64_t>{2});
  // The token holder reserved the line: it is present, whole, and nothing was "opportunistic".
  EXPECT_EQ(access(h, read_by(h, 0x000, 3, false, 5, 0b1000)), CacheOutcome::kHit);
  EXPECT_EQ(h.stat("tokens.opportunistic_fills"), 0u);
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 0u);
}

TEST(CacheTokens, ATokenHolderJoiningWithoutAPlaceWaitsForTheDataWithoutALine) {
  CacheHarness h(kHonor);
  // Both ways of set 0 reserved by pending token misses.
  ASSERT_EQ(access(h, read_by(h, 0x000, 1, true)), CacheOutcome::kMiss);
  ASSERT_EQ(access(h, read_by(h, 0x200, 2, true)), CacheOutcome::kMiss);
  ASSERT_EQ(access(h, read_by(h, 0x400, 3, false)), CacheOutcome::kMiss);
  // The token holder merges (it is not refused for lack of a line) and gets the data.
  EXPECT_EQ(access(h, read_by(h, 0x400, 4, true)), CacheOutcome::kHitReserved);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(h.answer(out[2]), (std::vector<std::uint64_t>{3, 4}));
  EXPECT_EQ(h.stat("tokens.unplaced_fills"), 1u);
}

TEST(CacheTokens, WritesAreNotSubjectToTokens) {
  CacheHarness h("{size: 1KiB, ways: 2, write_allocate: fetch_on_write, tokens: {honor: true}}");
  token_load(h, 0x000);
  token_load(h, 0x200);
  // A token-less write miss fetches and places its line like anyone's, evicting the LRU 0x000.
  MemRequest w = h.request(MemKind::kWrite, 0x400, 0, 1);
  w.token = false;
  EXPECT_EQ(h.cache().access(w, Cycle{0}).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("evictions"), 1u);
  EXPECT_EQ(access(h, read_by(h, 0x400, 2, false)), CacheOutcome::kHit);
}

TEST(CacheTokens, WithoutHonorEveryRequestIsATokenHolders) {
  CacheHarness h("{size: 1KiB, ways: 2}");
  ASSERT_EQ(access(h, read_by(h, 0x000, 1, false)), CacheOutcome::kMiss);
  ASSERT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  EXPECT_EQ(access(h, read_by(h, 0x000, 2, false)), CacheOutcome::kHit);
  EXPECT_FALSE(h.has_stat("tokens.token_lookups"));
}

TEST(CacheTokens, PeriodicClearsNeedAPeriod) {
  EXPECT_THROW(
      read_cache_config(testing::resolve_cache_section("{tokens: {honor: true, clear: periodic}}")),
      ConfigError);
}

}  // namespace
}  // namespace warpsim
