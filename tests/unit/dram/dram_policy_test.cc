// Scheduling, row policy, refresh and back-pressure of one DRAM channel. Expected cycles are
// derived by hand from test_config()'s timing (see dram_timing_test.cc): cl 7, cwl 3, rcd 5,
// rp 6, ras 13, rc 19, ccd_s 3, ccd_l 5, rrd_s 3, rtp 3, burst 2; send at s = arrival s + 1;
// data ending at D = seen at D + 1.

#include <gtest/gtest.h>

#include "dram_test_util.h"

namespace warpsim::test {
namespace {

// Row 1 open in bank 0 (ACT 1, RD 6). At 41 an older request to row 2 (tag 2, a conflict) and
// a younger one to row 1 (tag 3, a hit) arrive.
std::vector<Scripted> conflict_then_hit() {
  return {{0, 0, read(0, 1, 1)}, {40, 0, read(0, 2, 2)}, {40, 0, read(0, 1, 3)}};
}

TEST(DramScheduling, FrFcfsServesYoungerRowHitFirst) {
  // The hit reads at 41 (seen 51). The conflict may close the row only after it:
  // PRE at max(ACT + ras = 14, RD + rtp = 44) = 44, ACT 50, RD 55, seen 65.
  DramBench b(test_config({{"scheduler", "fr_fcfs"}}), conflict_then_hit());
  b.run();
  expect_reply_at(b, 3, 51);
  expect_reply_at(b, 2, 65);
  EXPECT_EQ(b.stat("row_hits"), 1u);
  EXPECT_EQ(b.stat("row_misses"), 1u);
  EXPECT_EQ(b.stat("row_conflicts"), 1u);
}

TEST(DramScheduling, FcfsServesOlderConflictFirst) {
  // The conflict goes first: PRE 41, ACT 47, RD 52, seen 62. The younger request now finds
  // row 2 open: PRE at max(47 + ras, 52 + rtp) = 60, ACT at max(60 + rp, 47 + rc) = 66,
  // RD 71, seen 81.
  DramBench b(test_config({{"scheduler", "fcfs"}}), conflict_then_hit());
  b.run();
  expect_reply_at(b, 2, 62);
  expect_reply_at(b, 3, 81);
  EXPECT_EQ(b.stat("row_hits"), 0u);
  EXPECT_EQ(b.stat("row_conflicts"), 2u);
}

TEST(DramScheduling, FrFcfsRowHitCapLetsOlderConflictClose) {
  // The warm-up read made one column command to the open row. With a cap of 1 the row's hits
  // lose their priority and the older conflict goes first, as under FCFS; with a cap of 2 the
  // hit still goes first.
  DramBench capped(test_config({{"scheduler", "{impl: fr_fcfs, max_row_hits: 1}"}}),
                   conflict_then_hit());
  capped.run();
  expect_reply_at(capped, 2, 62);
  expect_reply_at(capped, 3, 81);
  DramBench loose(test_config({{"scheduler", "{impl: fr_fcfs, max_row_hits: 2}"}}),
                  conflict_then_hit());
  loose.run();
  expect_reply_at(loose, 3, 51);
  expect_reply_at(loose, 2, 65);
}

TEST(DramScheduling, FcfsKeepsBanksIndependent) {
  // FCFS orders requests within a bank only: a request to an idle bank 1 does not wait for an
  // older one to bank 0 that is still waiting on its timing. ACT0 1, ACT1 4: seen 16 and 19.
  DramBench b(test_config({{"scheduler", "fcfs"}}), {{0, 0, read(0, 1, 1)}, {0, 0, read(1, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 19);
}

TEST(DramRowPolicy, ClosedPageTurnsWouldBeHitIntoMiss) {
  // Closed page: the first read auto-precharges (no other request wants row 1) at
  // max(ACT + ras, RD + rtp) = 14, so the bank may activate again from max(14 + rp, 1 + rc)
  // = 20. The second read (arrives 41) is a miss: ACT 41, RD 46, seen 56 (51 when open).
  const std::vector<Scripted> script = {{0, 0, read(0, 1, 1)}, {40, 0, read(0, 1, 2)}};
  DramBench closed(test_config({{"row_policy", "closed"}}), script);
  closed.run();
  expect_reply_at(closed, 2, 56);
  EXPECT_EQ(closed.stat("row_misses"), 2u);
  EXPECT_EQ(closed.stat("row_hits"), 0u);
  EXPECT_EQ(closed.stat("precharges"), 2u);
  DramBench open(test_config({{"row_policy", "open"}}), script);
  open.run();
  expect_reply_at(open, 2, 51);
  EXPECT_EQ(open.stat("precharges"), 0u);
}

TEST(DramRowPolicy, ClosedPageKeepsRowOpenForQueuedHit) {
  // Two reads of one row arrive together: the first RD (6) leaves the row open because the
  // second wants it; the second (6 + ccd_l = 11) closes it. Seen 16 and 21.
  DramBench b(test_config({{"row_policy", "closed"}}),
              {{0, 0, read(0, 1, 1)}, {0, 0, read(0, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 21);
  EXPECT_EQ(b.stat("row_hits"), 1u);
  EXPECT_EQ(b.stat("precharges"), 1u);
}

TEST(DramRefresh, RefreshDelaysRequestByRfc) {
  // refi 100, rfc 50. A request to an idle bank arrives at 100, when the refresh falls due:
  // REF 100, so no ACT before 150. ACT 150, RD 155, seen 165 (instead of 101 + 14 = 115).
  DramBench b(test_config({{"timing.refi", "100"}, {"timing.rfc", "50"}}),
              {{99, 0, read(0, 1, 1)}});
  b.run();
  expect_reply_at(b, 1, 165);
  EXPECT_EQ(b.stat("refreshes"), 1u);
  EXPECT_EQ(b.stat("row_misses"), 1u);
}

TEST(DramRefresh, RefreshClosesOpenRows) {
  // Row 1 open in bank 0 since cycle 1. At 100 the refresh precharges it (PRE 100), issues
  // REF at 100 + rp = 106 and holds the banks until 156. The would-be hit arriving at 100 is a
  // miss: ACT 156, RD 161, seen 171.
  DramBench b(test_config({{"timing.refi", "100"}, {"timing.rfc", "50"}}),
              {{0, 0, read(0, 1, 1)}, {99, 0, read(0, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 171);
  EXPECT_EQ(b.stat("refreshes"), 1u);
  EXPECT_EQ(b.stat("precharges"), 1u);
  EXPECT_EQ(b.stat("row_misses"), 2u);
}

TEST(DramRefresh, RefreshPreemptsRequestBetweenActAndRead) {
  // The request arrives at 99 and activates at once. The refresh at 100 stops it before its
  // RD (due at 104): PRE at 99 + ras = 112, REF at max(112 + rp, 99 + rc) = 118, banks held
  // until 168; ACT again at 168, RD 173, seen 183.
  DramBench b(test_config({{"timing.refi", "100"}, {"timing.rfc", "50"}}),
              {{98, 0, read(0, 1, 1)}});
  b.run();
  expect_reply_at(b, 1, 183);
  EXPECT_EQ(b.stat("activates"), 2u);
  EXPECT_EQ(b.stat("row_misses"), 1u);
}

TEST(DramBackPressure, FullQueueStopsTakingRequests) {
  // A one-entry queue and a one-message link. Each request leaves the queue at its RD, and the
  // next one (waiting in the link) enters in the same cycle; it activates on the next cycle,
  // the command bus being taken: ACT 1/RD 6, ACT 7/RD 12, ACT 13/RD 18, ACT 19/RD 24: seen 16,
  // 22, 28, 34. The L2 can send only when the link has room: at 0, at 2 (the link freed at 1),
  // 7 and 13.
  const std::vector<Scripted> script = {
      {0, 0, read(0, 1, 1)}, {0, 0, read(1, 1, 2)}, {0, 0, read(2, 1, 3)}, {0, 0, read(3, 1, 4)}};
  DramBench b(test_config({{"queue", "1"}}), script, true, 1, LinkParams{1, 1, 4});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 22);
  expect_reply_at(b, 3, 28);
  expect_reply_at(b, 4, 34);
  EXPECT_EQ(b.l2->sent_at, (std::vector<std::uint64_t>{0, 2, 7, 13}));
}

TEST(DramBackPressure, FullReturnQueueHoldsLastColumnCommand) {
  // One return-queue entry: the second read (timing allows RD at 9) must wait until the first
  // reply leaves at 15: RD 15, seen 25 (19 with room).
  DramBench b(test_config({{"return_queue", "1"}}), {{0, 0, read(0, 1, 1)}, {0, 0, read(1, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 25);
}

}  // namespace
}  // namespace warpsim::test
