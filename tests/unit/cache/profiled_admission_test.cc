// Profiled-BYPASS (cache/admission/profiled.cc, block_profile.h): the profile's counts and
// files, recording through the cache, and the local / global / both filters on a hand-made
// profile.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "cache/admission/block_profile.h"
#include "cache/replacement/replacement_group.h"
#include "cache_core_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;

TEST(BlockProfile, CountsPerMemberAndOverall) {
  BlockProfile p;
  p.add(0, 0x100);
  p.add(0, 0x100);
  p.add(2, 0x100);
  p.add(2, 0x200, 5);
  EXPECT_EQ(p.local(0, 0x100), 2u);
  EXPECT_EQ(p.local(1, 0x100), 0u);
  EXPECT_EQ(p.global(0x100), 3u);
  EXPECT_EQ(p.readers(0x100), 2u);
  EXPECT_EQ(p.global(0x200), 5u);
  EXPECT_EQ(p.readers(0x300), 0u);
  EXPECT_EQ(p.entries(), 3u);
}

TEST(BlockProfile, AFileHoldsWhatWasCounted) {
  const std::string path = ::testing::TempDir() + "/profile.txt";
  BlockProfile p;
  p.add(3, 0x7000001000, 4);
  p.add(0, 0x80, 1);
  p.write_file(path);
  const BlockProfile q = BlockProfile::read_file(path);
  EXPECT_EQ(q.local(3, 0x7000001000), 4u);
  EXPECT_EQ(q.local(0, 0x80), 1u);
  EXPECT_EQ(q.entries(), 2u);
  std::filesystem::remove(path);
}

TEST(BlockProfile, AMalformedFileIsReportedWithItsLine) {
  const std::string path = ::testing::TempDir() + "/bad-profile.txt";
  {
    std::ofstream out(path);
    out << "# warpsim L1D block profile v1: member line(hex) reads\n0 80 2\n1 80\n";
  }
  try {
    BlockProfile::read_file(path);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":3:"), std::string::npos) << e.what();
  }
  {
    std::ofstream out(path);
    out << "member line reads\n";
  }
  EXPECT_THROW(BlockProfile::read_file(path), std::runtime_error);
  std::filesystem::remove(path);
}

TEST(ProfiledAdmission, RecordingAdmitsEveryReadAndCountsItForItsMember) {
  ReplacementGroup group(4);
  CacheHarness c("{size: 1KiB, ways: 2, admission: {impl: profiled, mode: record}}");
  c.cache().join_replacement_group(&group, 2);
  c.load(0, 1);
  EXPECT_EQ(c.read(0, 2).outcome, CacheOutcome::kHit);
  c.load(128, 3);
  const BlockProfile& p =
      group
          .state<RecordedProfile>(RecordedProfile::kKey,
                                  [] { return std::make_unique<RecordedProfile>(""); })
          .profile;
  EXPECT_EQ(p.local(2, 0), 2u);  // hits count too
  EXPECT_EQ(p.local(2, 128), 1u);
  EXPECT_EQ(p.local(0, 0), 0u);
  EXPECT_EQ(c.stat("admission.filtered"), 0u);
}

// Member 1 read block 0 three times and block 128 once; member 2 read block 256 five times and
// member 3 once (mean 3); nobody read block 384.
struct Replay {
  explicit Replay(const std::string& filter, std::uint32_t threshold) : group(4) {
    BlockProfile p;
    p.add(1, 0, 3);
    p.add(1, 128, 1);
    p.add(2, 256, 5);
    p.add(3, 256, 1);
    group.state<BlockProfile>(BlockProfile::kKey,
                              [&] { return std::make_unique<BlockProfile>(p); });
    cache = std::make_unique<CacheHarness>(
        "{size: 1KiB, ways: 2, admission: {impl: profiled, "
        "filter: " +
        filter + ", threshold: " + std::to_string(threshold) + "}}");
    cache->cache().join_replacement_group(&group, 1);
  }
  // Whether a read miss of `addr` gets a line.
  bool admitted(Addr addr) {
    const CacheOutcome outcome = cache->read(addr, 9).outcome;
    cache->drain();
    EXPECT_TRUE(outcome == CacheOutcome::kMiss || outcome == CacheOutcome::kForwarded);
    return outcome == CacheOutcome::kMiss;
  }
  ReplacementGroup group;
  std::unique_ptr<CacheHarness> cache;
};

TEST(ProfiledAdmission, LocalUsesTheSmsOwnCounts) {
  Replay r("local", 2);
  EXPECT_TRUE(r.admitted(0));
  EXPECT_FALSE(r.admitted(128));
  EXPECT_FALSE(r.admitted(256));  // only other SMs read it
  EXPECT_FALSE(r.admitted(384));
}

TEST(ProfiledAdmission, GlobalUsesEverySmsCounts) {
  Replay r("global", 6);
  EXPECT_FALSE(r.admitted(0));
  EXPECT_TRUE(r.admitted(256));
}

TEST(ProfiledAdmission, BothFallsBackToTheMeanOfTheSmsThatReadTheBlock) {
  Replay r("both", 3);
  EXPECT_TRUE(r.admitted(0));     // own count 3
  EXPECT_FALSE(r.admitted(128));  // own count 1, whatever the others
  EXPECT_TRUE(r.admitted(256));   // (5 + 1) / 2
  EXPECT_FALSE(r.admitted(384));
  Replay strict("both", 4);
  EXPECT_FALSE(strict.admitted(256));
}

TEST(ProfiledAdmission, ReplayWithoutAProfileIsAConfigError) {
  ReplacementGroup group(1);
  CacheHarness c("{size: 1KiB, ways: 2, admission: profiled}");
  c.cache().join_replacement_group(&group, 0);
  EXPECT_THROW(c.read(0, 1), ConfigError);
}

}  // namespace
}  // namespace warpsim
