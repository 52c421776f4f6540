// Instruction lines: every address compression mode, each tracer version's layout, partial
// warps, and malformed fields with FILE:LINE.

#include "trace/trace_inst.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "trace_test_util.h"

namespace warpsim::trace {
namespace {

using test::error_of;
using ::testing::HasSubstr;

// Parses `line` as line 7 of "k.traceg".
TraceInst parse(const std::string& line, InstLineLayout layout = {}) {
  std::istringstream in("\n\n\n\n\n\n" + line + "\n");
  LineSource src(in, "k.traceg");
  std::string text;
  for (int i = 0; i < 7; ++i) src.next(text);
  std::vector<std::string_view> tokens;
  TraceInst inst;
  parse_inst_line(src, text, layout, tokens, inst);
  return inst;
}

TEST(TraceInst, AluLine) {
  const TraceInst i = parse("0040 ffffffff 1 R6 IMAD.MOV.U32 2 R255 R255 0 0");
  EXPECT_EQ(i.pc, 0x40u);
  EXPECT_EQ(i.mask, 0xffffffffu);
  EXPECT_EQ(i.active_lanes(), 32);
  ASSERT_EQ(i.dst_count, 1);
  EXPECT_EQ(i.dst[0], 6);
  EXPECT_EQ(i.opcode, "IMAD.MOV.U32");
  EXPECT_EQ(i.opcode_base(), "IMAD");
  ASSERT_EQ(i.src_count, 2);
  EXPECT_EQ(i.src[0], 255);  // RZ
  EXPECT_FALSE(i.is_memory());
  EXPECT_EQ(i.address_mode, AddressMode::kNone);
  EXPECT_EQ(i.imm, 0);
}

TEST(TraceInst, PredicatedOffAndImmediate) {
  const TraceInst e = parse("0050 00000000 0 EXIT 0 0 0");
  EXPECT_EQ(e.mask, 0u);
  EXPECT_EQ(e.dst_count, 0);
  EXPECT_EQ(e.src_count, 0);
  EXPECT_EQ(parse("0100 ffffffff 0 DEPBAR.LE 0 0 -3").imm, -3);
  // Lines written before the immediate column existed (2023) end at the memory width.
  EXPECT_EQ(parse("0100 ffffffff 0 DEPBAR.LE 0 0").imm, 0);
}

TEST(TraceInst, ListAllGivesOneAddressPerActiveLane) {
  // Lanes 0, 1 and 31 active.
  const TraceInst i = parse(
      "0090 80000003 1 R2 LDG.E.SYS 1 R2 4 0 0x7f4a00000000 0x7f4a00000010 "
      "0x0000000012345678 0");
  EXPECT_EQ(i.address_mode, AddressMode::kListAll);
  EXPECT_EQ(i.mem_width, 4u);
  EXPECT_EQ(i.addrs[0], 0x7f4a00000000u);
  EXPECT_EQ(i.addrs[1], 0x7f4a00000010u);
  EXPECT_EQ(i.addrs[31], 0x12345678u);
  for (int lane = 2; lane < 31; ++lane) EXPECT_EQ(i.addrs[lane], 0u) << lane;
}

TEST(TraceInst, BaseStrideNumbersTheActiveLanes) {
  const TraceInst full = parse("0090 ffffffff 1 R2 LDG.E.SYS 1 R2 4 1 0x7f4a00000000 4 0");
  EXPECT_EQ(full.address_mode, AddressMode::kBaseStride);
  for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(full.addrs[lane], 0x7f4a00000000u + 4u * lane);
  // A partial warp: lanes 4..7; the k-th active lane gets base + k*stride.
  const TraceInst part = parse("0090 000000f0 0 STG.E 2 R6 R9 8 1 0x1000 -8 0");
  EXPECT_EQ(part.addrs[3], 0u);
  EXPECT_EQ(part.addrs[4], 0x1000u);
  EXPECT_EQ(part.addrs[5], 0x0ff8u);
  EXPECT_EQ(part.addrs[7], 0x0fe8u);
  EXPECT_EQ(part.addrs[8], 0u);
}

TEST(TraceInst, BaseDeltaChainsFromThePreviousActiveLane) {
  // The notes' worked example: 4 active lanes, base then 3 deltas, then the immediate.
  const TraceInst i = parse("00d0 0000000f 0 STG.E.SYS 2 R6 R9 4 2 0x7f4a20000000 4 4 4 0");
  EXPECT_EQ(i.address_mode, AddressMode::kBaseDelta);
  EXPECT_EQ(i.src_count, 2);
  EXPECT_EQ(i.src[1], 9);
  EXPECT_EQ(i.addrs[0], 0x7f4a20000000u);
  EXPECT_EQ(i.addrs[1], 0x7f4a20000004u);
  EXPECT_EQ(i.addrs[3], 0x7f4a2000000cu);
  EXPECT_EQ(i.imm, 0);
  // Scattered lanes 1, 8, 30 with a negative delta; one active lane is just the base.
  const TraceInst s = parse("0010 40000102 0 LDS 1 R1 4 2 0x100 -16 4096 7");
  EXPECT_EQ(s.addrs[1], 0x100u);
  EXPECT_EQ(s.addrs[8], 0xf0u);
  EXPECT_EQ(s.addrs[30], 0x10f0u);
  EXPECT_EQ(s.imm, 7);
  const TraceInst one = parse("0010 00010000 0 LDS 1 R1 4 2 0x100 0");
  EXPECT_EQ(one.addrs[16], 0x100u);
  EXPECT_EQ(one.active_lanes(), 1);
}

TEST(TraceInst, OldTracerVersionsHaveLeadingIds) {
  // The README's example for tracer versions before 3: ctax ctay ctaz warp come first.
  const TraceInst i =
      parse("31 0 0 3 0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0", {.leading_ids = true});
  EXPECT_EQ(i.pc, 0u);
  EXPECT_EQ(i.opcode, "IMAD.MOV.U32");
  EXPECT_EQ(i.dst[0], 1);
}

TEST(TraceInst, LineinfoPutsTheSourceLineFirst) {
  const TraceInst i = parse("42 0090 ffffffff 1 R2 LDG.E 1 R2 4 1 0x10 4 0", {.source_line = true});
  EXPECT_EQ(i.source_line, 42u);
  EXPECT_EQ(i.pc, 0x90u);
  EXPECT_EQ(i.addrs[31], 0x10u + 31 * 4);
}

// Traces warpsim writes number PTX register slots past R255 (RZ stays 255).
TEST(TraceInst, RegistersBeyondR255UpToR65534) {
  const TraceInst i = parse("0040 ffffffff 1 R300 IADD3 2 R65534 R255 0");
  EXPECT_EQ(i.dst[0], 300);
  EXPECT_EQ(i.src[0], 65534);
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 1 R65535 IADD3 0 0"); }),
            "k.traceg:7: instruction line: expected a register R<n>, got 'R65535'");
}

// Tracer version 6 (Accel-Sim 2.0): uniform registers and predicates, a second immediate, the
// register value section, the GMMA commit-group flag, TMA payloads and REPLAY markers.
TEST(TraceInst, Version6Fields) {
  const InstLineLayout v6{.v6 = true};
  const TraceInst u =
      parse("0010 ffffffff 1 UR4 S2UR 2 R3 UR255 0 0 0 Val 1 0000002a 1 00000003 1 00000000", v6);
  EXPECT_EQ(u.dst[0], kUniformBase + 4);
  EXPECT_EQ(u.src[0], 3);
  EXPECT_EQ(u.src[1], kZeroRegister);  // URZ
  const TraceInst p = parse("0020 0000ffff 1 P1 ISETP.GE.AND 3 R2 UP0 PT 0 7 9 NoVal", v6);
  EXPECT_EQ(p.dst[0], kPredicateBase + 1);
  EXPECT_EQ(p.src[1], kUniformPredicateBase + 0);
  EXPECT_EQ(p.src[2], kZeroRegister);  // PT
  EXPECT_EQ(p.imm, 7);
  std::string all_lanes;
  for (int i = 0; i < 32; ++i) all_lanes += " 0000000" + std::to_string(i % 10);
  const TraceInst bar =
      parse("0030 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 1 R4 0 0 0 Val 32" + all_lanes, v6);
  EXPECT_EQ(bar.src_count, 1);
  const TraceInst gmma = parse("0040 ffffffff 0 HGMMA.64x64x16.F32 2 UR8 UR12 1 0 0 0 NoVal", v6);
  EXPECT_EQ(gmma.src_count, 2);
  EXPECT_FALSE(gmma.is_memory());
  const TraceInst ld = parse("0050 00000001 1 R8 LDG.E 1 R2 4 1 0x7f4a00000000 4 0 0 NoVal", v6);
  EXPECT_TRUE(ld.is_memory());
  EXPECT_EQ(ld.addrs[0], 0x7f4a00000000u);
  // TMA: base and deltas (mode 4), a list (mode 3) with multicast, a fully masked one.
  const TraceInst tma = parse(
      "0060 ffffffff 0 UTMALDG.2D 2 UR4 UR6 0 0x00001000 0 8192 0 4 0x7f4a00000000 3 128 128 0 0 "
      "NoVal",
      v6);
  EXPECT_FALSE(tma.is_memory());
  EXPECT_EQ(tma.tma_bytes, 8192u);
  EXPECT_EQ(
      parse("0070 ffffffff 0 UBLKCP.S.G 0 16 0x2000 1 0x0003 256 0 3 2 0x10 0x20 0 0 NoVal", v6)
          .tma_bytes,
      256u);
  EXPECT_EQ(parse("0080 ffffffff 0 UTMASTG.1D 0 0 0x0 0 0 0 4 0x0 0 0 0 NoVal", v6).tma_bytes, 0u);
  EXPECT_TRUE(parse("0000 ffffffff 0 REPLAY_START 0 0 0 0", v6).is_marker());
  EXPECT_FALSE(parse("0000 ffffffff 0 EXIT 0 0 0 0 NoVal", v6).is_marker());
  // Only version 6 knows these fields.
  EXPECT_THAT(error_of([] { parse("0010 ffffffff 1 UR4 S2UR 0 0 0"); }),
              HasSubstr("expected a register R<n>, got 'UR4'"));
  EXPECT_THAT(error_of([] { parse("0010 ffffffff 0 EXIT 0 0 0 NoVal"); }),
              HasSubstr("got 'NoVal'"));
  EXPECT_EQ(error_of([&] { parse("0020 ffffffff 1 R1 MOV 1 R2 0 0 0 Val 2 00000001", v6); }),
            "k.traceg:7: instruction line: expected a register value count (1 or 32), got '2'");
  EXPECT_EQ(error_of([&] { parse("0020 ffffffff 1 R1 MOV 0 0 0 0 Maybe", v6); }),
            "k.traceg:7: instruction line: expected Val or NoVal, got 'Maybe'");
  EXPECT_EQ(error_of([&] { parse("0060 ffffffff 0 UTMALDG 0 0 0x0 0 64 0 5", v6); }),
            "k.traceg:7: instruction line: expected a TMA address mode (3 list, 4 base and "
            "deltas), got '5'");
}

TEST(TraceInst, MalformedFieldsNameFileLineAndWhatWasExpected) {
  EXPECT_EQ(error_of([] { parse("0040 fffffffff 0 NOP 0 0"); }),
            "k.traceg:7: instruction line: expected a hex active mask (32 bits), got 'fffffffff'");
  EXPECT_EQ(error_of([] { parse("zz ffffffff 0 NOP 0 0"); }),
            "k.traceg:7: instruction line: expected a hex pc, got 'zz'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 1 P0 ISETP 0 0"); }),
            "k.traceg:7: instruction line: expected a register R<n>, got 'P0'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 9 ISETP 0 0"); }),
            "k.traceg:7: instruction line: expected a destination register count (0-8), got '9'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 5 0 0"); }),
            "k.traceg:7: instruction line: expected an opcode (e.g. FFMA, LDG.E), got '5'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 LDG 0 4"); }),
            "k.traceg:7: instruction line: expected an address mode (0 list_all, 1 base_stride, "
            "2 base_delta), got end of line");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 LDG 0 4 3 0x0"); }),
            "k.traceg:7: instruction line: expected an address mode (0 list_all, 1 base_stride, "
            "2 base_delta), got '3'");
  EXPECT_EQ(
      error_of([] { parse("0040 00000003 0 LDG 0 4 0 0x10"); }),
      "k.traceg:7: instruction line: expected a hex address per active lane, got end of line");
  EXPECT_EQ(error_of([] { parse("0040 00000007 0 LDG 0 4 2 0x10 4"); }),
            "k.traceg:7: instruction line: expected a decimal delta per active lane after the "
            "first, got end of line");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 LDG 0 4 1 0x10 4x"); }),
            "k.traceg:7: instruction line: expected a decimal stride, got '4x'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 NOP 0 0 0 extra"); }),
            "k.traceg:7: instruction line: expected end of line, got 'extra'");
  EXPECT_EQ(error_of([] { parse("0040 ffffffff 0 NOP 0 0 1.5"); }),
            "k.traceg:7: instruction line: expected a decimal immediate or end of line, got '1.5'");
}

}  // namespace
}  // namespace warpsim::trace
