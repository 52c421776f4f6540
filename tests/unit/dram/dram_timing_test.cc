// Command timing of one DRAM channel at the boundary cycles. Every expected cycle is derived
// by hand from test_config()'s timing (cl 7, cwl 3, rcd 5, rcd_wr 4, rp 6, ras 13, rc 19,
// ccd_s 3, ccd_l 5, rrd_s 3, rrd_l 7, faw 20, wr 8, wtr 4, rtp 3, turnaround 2, burst 2
// cycles). A request sent at cycle s arrives at s + 1; a reply whose data ends at D is seen by
// the L2 at D + 1. Bank b is in bank group b % 4.

#include <gtest/gtest.h>

#include "dram_test_util.h"

namespace warpsim::test {
namespace {

TEST(DramTiming, RowMissOnIdleBank) {
  // Arrive 1: ACT 1, RD 1+rcd = 6, data ends 6+cl+burst = 15, seen 16.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}});
  b.run();
  expect_reply_at(b, 1, 16);
  EXPECT_EQ(b.stat("row_misses"), 1u);
  EXPECT_EQ(b.stat("activates"), 1u);
  EXPECT_EQ(b.stat("bursts"), 1u);
  EXPECT_EQ(b.stat("data_bus_busy_cycles"), 2u);
}

TEST(DramTiming, RowHit) {
  // The first read opens row 1 (ACT 1, RD 6). The second arrives at 31 and reads at once:
  // data ends 31 + cl + burst = 40, seen 41.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {30, 0, read(0, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 41);
  EXPECT_EQ(b.stat("row_hits"), 1u);
  EXPECT_EQ(b.stat("row_misses"), 1u);
}

TEST(DramTiming, RowConflict) {
  // Row 1 open; a read of row 2 arrives at 31: PRE 31 (tRAS ended at 14), ACT 31+rp = 37,
  // RD 37+rcd = 42, data ends 51, seen 52.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {30, 0, read(0, 2, 2)}});
  b.run();
  expect_reply_at(b, 2, 52);
  EXPECT_EQ(b.stat("row_conflicts"), 1u);
  EXPECT_EQ(b.stat("precharges"), 1u);
  EXPECT_EQ(b.stat("activates"), 2u);
}

TEST(DramTiming, ConflictWaitsForRasAndRc) {
  // ACT row 1 at 1, RD 6. The conflicting request (arrived 2) may precharge only at
  // max(ACT + ras, RD + rtp) = 14, activate at max(14 + rp, ACT + rc) = 20, read at 25:
  // data ends 34, seen 35.
  {
    DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {1, 0, read(0, 2, 2)}});
    b.run();
    expect_reply_at(b, 1, 16);
    expect_reply_at(b, 2, 35);
  }
  // With rc 25 the second ACT waits until 1 + 25 = 26: RD 31, data ends 40, seen 41.
  {
    DramBench b(test_config({{"timing.rc", "25"}}), {{0, 0, read(0, 1, 1)}, {1, 0, read(0, 2, 2)}});
    b.run();
    expect_reply_at(b, 2, 41);
  }
}

TEST(DramTiming, ActivatesToOtherBankGroupsWaitRrdS) {
  // Banks 0 and 1 (groups 0, 1): ACT 1 and 1 + rrd_s = 4; RD 6 and 9; seen 16 and 19.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {0, 0, read(1, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 19);
}

TEST(DramTiming, ActivatesInOneBankGroupWaitRrdL) {
  // Banks 0 and 4 (both group 0): ACT 1 and 1 + rrd_l = 8; RD 6 and 13; seen 16 and 23.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {0, 0, read(4, 1, 2)}});
  b.run();
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 23);
}

TEST(DramTiming, FifthActivateWaitsForFawWindow) {
  // Banks 0-3 (groups 0-3) and bank 4 (group 0), all arriving at 1. Oldest ready first:
  // ACT0 1, ACT1 4, RD0 6, ACT2 7, RD1 9, ACT3 10, RD2 12, RD3 15. The fifth ACT would be
  // allowed at 13 by rrd_s (and 8 by rrd_l), but four ACTs (1, 4, 7, 10) already fall in the
  // tFAW window: it waits until 1 + faw = 21; RD4 26, data ends 35, seen 36.
  const std::vector<Scripted> script = {{0, 0, read(0, 1, 0)},
                                        {0, 0, read(1, 1, 1)},
                                        {0, 0, read(2, 1, 2)},
                                        {0, 0, read(3, 1, 3)},
                                        {0, 0, read(4, 1, 4)}};
  DramBench b(test_config(), script);
  b.run();
  expect_reply_at(b, 0, 16);
  expect_reply_at(b, 1, 19);
  expect_reply_at(b, 2, 22);
  expect_reply_at(b, 3, 25);
  expect_reply_at(b, 4, 36);

  // Without a tFAW limit the fifth ACT issues at 10 + rrd_s = 13, RD4 at 18: seen 28.
  DramBench free(test_config({{"timing.faw", "0"}}), script);
  free.run();
  expect_reply_at(free, 3, 25);
  expect_reply_at(free, 4, 28);
}

// Opens row 1 in `first` and `second` (ACTs at 1 and 1 + rrd), then reads both rows again
// from cycle 40 (arrival 41).
DramBench column_pair(std::uint32_t first, std::uint32_t second) {
  return DramBench(test_config(), {{0, 0, read(first, 1, 1)},
                                   {0, 0, read(second, 1, 2)},
                                   {40, 0, read(first, 1, 3)},
                                   {40, 0, read(second, 1, 4)}});
}

TEST(DramTiming, ColumnCommandsToOtherBankGroupsWaitCcdS) {
  // RD 41 and 41 + ccd_s = 44: seen 51 and 54.
  DramBench b = column_pair(0, 1);
  b.run();
  expect_reply_at(b, 3, 51);
  expect_reply_at(b, 4, 54);
}

TEST(DramTiming, ColumnCommandsInOneBankGroupWaitCcdL) {
  // Banks 0 and 4 share group 0: RD 41 and 41 + ccd_l = 46: seen 51 and 56.
  DramBench b = column_pair(0, 4);
  b.run();
  expect_reply_at(b, 3, 51);
  expect_reply_at(b, 4, 56);
}

TEST(DramTiming, MultiBurstRequestAnsweredAfterLastBurst) {
  // 128 bytes = two 64-byte bursts in one bank: RD 41 and 46 (ccd_l); the one reply comes
  // when the second burst's data ends at 46 + 9 = 55: seen 56, not 55.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {40, 0, read(0, 1, 2, 128)}});
  b.run();
  expect_reply_at(b, 2, 56);
  EXPECT_EQ(b.stat("bursts"), 3u);
  EXPECT_EQ(b.stat("data_bus_busy_cycles"), 6u);
  EXPECT_EQ(b.stat("row_hits"), 1u);
}

TEST(DramTiming, WriteToReadTurnaround) {
  // Rows open in banks 0 and 1 (RDs at 6 and 9). A write to bank 0 and a read of bank 1
  // arrive at 41, the write older: WR 41, its data ends 41 + cwl + burst = 46 (ack seen 47);
  // the read waits until 46 + wtr = 50, data ends 59, seen 60 (51 without the write).
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)},
                              {0, 0, read(1, 1, 2)},
                              {40, 0, write(0, 1, 3)},
                              {40, 0, read(1, 1, 4)}});
  b.run();
  expect_reply_at(b, 3, 47);
  expect_reply_at(b, 4, 60);
  EXPECT_EQ(b.stat("writes"), 1u);
}

TEST(DramTiming, ReadToWriteTurnaround) {
  // Read first: RD 41; the write's data may start turnaround cycles after the read's data ends
  // (41 + cl + burst = 50), so WR at 50 + 2 - cwl = 49; ack when written, 49 + 3 + 2 = 54:
  // seen 55.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)},
                              {0, 0, read(1, 1, 2)},
                              {40, 0, read(1, 1, 3)},
                              {40, 0, write(0, 1, 4)}});
  b.run();
  expect_reply_at(b, 3, 51);
  expect_reply_at(b, 4, 55);
}

TEST(DramTiming, WriteBackGetsNoReply) {
  // A write-back is written (its data occupies the bus) but never answered.
  MemRequest wb = write(0, 1, 7);
  wb.writeback = true;
  DramBench b(test_config(), {{0, 0, wb}, {0, 0, read(0, 1, 8)}});
  b.run();
  EXPECT_EQ(b.reply(7), 0u);
  EXPECT_EQ(b.l2->seen.size(), 1u);
  EXPECT_EQ(b.stat("writes"), 1u);
  EXPECT_EQ(b.stat("bursts"), 2u);
}

TEST(DramTiming, DualCommandBusIssuesRowAndColumnTogether) {
  // Row 1 open in bank 0; a hit to bank 0 and a miss to bank 1 arrive at 41. One command bus:
  // RD 41, ACT 42, RD1 47, seen 57. Separate row and column buses (HBM): RD and ACT both at
  // 41, RD1 46, seen 56.
  const std::vector<Scripted> script = {
      {0, 0, read(0, 1, 1)}, {40, 0, read(0, 1, 2)}, {40, 0, read(1, 1, 3)}};
  DramBench single(test_config(), script);
  single.run();
  expect_reply_at(single, 2, 51);
  expect_reply_at(single, 3, 57);
  DramBench dual(test_config({{"dual_command_bus", "true"}}), script);
  dual.run();
  expect_reply_at(dual, 2, 51);
  expect_reply_at(dual, 3, 56);
}

TEST(DramTiming, RepliesGoBackOnTheRequestsPort) {
  // Two slices share the channel: each gets its own answer on its own link.
  DramBench b(test_config(), {{0, 0, read(0, 1, 1)}, {0, 1, read(1, 1, 2)}}, true, 2);
  b.run();
  ASSERT_EQ(b.l2->seen.size(), 2u);
  for (const Seen& s : b.l2->seen) EXPECT_EQ(s.port, s.tag - 1);
  expect_reply_at(b, 1, 16);
  expect_reply_at(b, 2, 19);
}

}  // namespace
}  // namespace warpsim::test
