// The candidates a DRAM channel shows its scheduler are kept up to date request by request and
// bank by bank (dram_channel.h), not rebuilt: a checking policy asserts, at every pick of long
// random runs, what the fields must say of each other whatever the timing.

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dram_test_util.h"

namespace warpsim::test {
namespace {

struct CandidateCheck {
  std::uint64_t picks = 0;
  std::uint64_t hits_seen = 0;
  std::vector<std::string> violations;
};
CandidateCheck g_check;

// Issues the first ready candidate (FCFS) after checking the candidates' consistency.
class CheckingScheduler final : public DramScheduler {
 public:
  CheckingScheduler(const ConfigNode& /*params*/, const Context& context) : banks_(context.banks) {}

  std::size_t pick(std::span<const DramCandidate> candidates) const override {
    check(candidates);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (candidates[i].ready) return i;
    }
    return kNone;
  }

 private:
  void fail(const std::string& what) const {
    if (g_check.violations.size() < 20) g_check.violations.push_back(what);
  }

  void check(std::span<const DramCandidate> candidates) const {
    ++g_check.picks;
    std::vector<int> first(banks_, -1);
    std::vector<bool> any_hit(banks_, false);
    std::vector<bool> open(banks_, false);
    std::vector<bool> closed(banks_, false);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const DramCandidate& c = candidates[i];
      const std::string at =
          "pick " + std::to_string(g_check.picks) + " candidate " + std::to_string(i) + ": ";
      if (i > 0 && c.age <= candidates[i - 1].age) fail(at + "ages out of order");
      if (c.bank_group != c.bank % 4) fail(at + "wrong bank group");
      if (first[c.bank] < 0) first[c.bank] = static_cast<int>(i);
      if (c.oldest_in_bank != (first[c.bank] == static_cast<int>(i))) {
        fail(at + "oldest_in_bank wrong");
      }
      const bool column = c.command == DramCommand::kRead || c.command == DramCommand::kWrite;
      if (c.row_hit != column) fail(at + "row_hit disagrees with the command");
      if (column && (c.command == DramCommand::kWrite) != c.write) {
        fail(at + "column command of the wrong direction");
      }
      any_hit[c.bank] = any_hit[c.bank] || c.row_hit;
      (c.command == DramCommand::kActivate ? closed : open)[c.bank] = true;
      g_check.hits_seen += c.row_hit ? 1 : 0;
    }
    for (const DramCandidate& c : candidates) {
      if (c.bank_has_hits != any_hit[c.bank]) fail("bank_has_hits wrong");
      if (open[c.bank] && closed[c.bank]) fail("bank both open and closed");
    }
  }

  std::uint32_t banks_;
};

WARPSIM_REGISTER_POLICY(DramScheduler, CheckingScheduler, "test_checking",
                        "FCFS that checks its candidates' consistency (test)", {});

// `n` requests over 4 ports at random cycles, to few rows of 16 banks (many hits and conflicts),
// a third of them writes, some write-backs.
std::vector<Scripted> random_traffic(std::uint32_t seed, std::size_t n) {
  std::mt19937 rng(seed);
  std::vector<Scripted> script;
  std::uint64_t cycle = 0;
  for (std::size_t i = 0; i < n; ++i) {
    cycle += rng() % 3;
    const auto bank = static_cast<std::uint32_t>(rng() % 16);
    const std::uint64_t row = rng() % 3;
    MemRequest r = rng() % 3 == 0 ? write(bank, row, i + 1) : read(bank, row, i + 1);
    r.writeback = r.kind == MemKind::kWrite && rng() % 2 == 0;
    script.push_back({cycle, static_cast<std::uint32_t>(rng() % 4), r});
  }
  return script;
}

void run_checked(const std::map<std::string, std::string>& changes, std::uint32_t seed) {
  g_check = {};
  std::map<std::string, std::string> config = changes;
  config["scheduler"] = "test_checking";
  const std::vector<Scripted> script = random_traffic(seed, 3000);
  DramBench skip(test_config(config), script, true, 4);
  skip.run();
  DramBench no_skip(test_config(config), script, false, 4);
  no_skip.run();
  EXPECT_TRUE(g_check.violations.empty()) << g_check.violations.front();
  EXPECT_GT(g_check.picks, 3000u);
  EXPECT_GT(g_check.hits_seen, 0u);
  EXPECT_EQ(skip.l2->seen, no_skip.l2->seen);
  std::size_t answered = 0;
  for (const Scripted& s : script) answered += s.request.writeback ? 0 : 1;
  EXPECT_EQ(skip.l2->seen.size(), answered);
}

TEST(DramCandidates, StayConsistentUnderRandomTraffic) {
  run_checked({{"dual_command_bus", "true"}}, 1);
}

TEST(DramCandidates, StayConsistentWithClosedRowsAndRefresh) {
  run_checked({{"row_policy", "closed"}, {"timing.refi", "200"}}, 2);
}

TEST(DramCandidates, StayConsistentWithSmallQueues) {
  run_checked({{"queue", "4"}, {"return_queue", "2"}, {"timing.refi", "300"}}, 3);
}

}  // namespace
}  // namespace warpsim::test
