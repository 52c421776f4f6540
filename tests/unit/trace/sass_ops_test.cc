// SASS opcodes → op classes per SM family; unknown opcodes get the fallback, reported once.

#include "trace/sass_ops.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace warpsim::trace {
namespace {

using func::OpClass;

TEST(SassOps, FamiliesFromTheBinaryVersion) {
  EXPECT_EQ(sass_family(61), SassFamily::kMaxwellPascal);
  EXPECT_EQ(sass_family(70), SassFamily::kVolta);
  EXPECT_EQ(sass_family(75), SassFamily::kTuring);
  EXPECT_EQ(sass_family(86), SassFamily::kAmpere);
  EXPECT_EQ(sass_family(89), SassFamily::kAmpere);
  EXPECT_EQ(sass_family(90), SassFamily::kHopper);
  EXPECT_STREQ(sass_family_name(SassFamily::kTuring), "turing");
}

TEST(SassOps, CommonOpcodesOnEveryVoltaOrLaterFamily) {
  struct Case {
    const char* opcode;
    SassOp expected;
  };
  const Case cases[] = {
      {"FFMA", {OpClass::kFp32, OpTiming::kFp32, SassSpace::kNone}},
      {"FADD.FTZ", {OpClass::kFp32, OpTiming::kFp32, SassSpace::kNone}},
      {"FMUL", {OpClass::kFp32, OpTiming::kFp32, SassSpace::kNone}},
      {"FSETP.GT.AND", {OpClass::kFp32, OpTiming::kFp32, SassSpace::kNone}},
      {"IMAD.WIDE.U32", {OpClass::kInt, OpTiming::kIntMul, SassSpace::kNone}},
      {"IADD3", {OpClass::kInt, OpTiming::kInt, SassSpace::kNone}},
      {"LOP3.LUT", {OpClass::kInt, OpTiming::kInt, SassSpace::kNone}},
      {"SHF.R.U32.HI", {OpClass::kInt, OpTiming::kInt, SassSpace::kNone}},
      {"ISETP.GE.AND", {OpClass::kInt, OpTiming::kInt, SassSpace::kNone}},
      {"MOV", {OpClass::kMove, OpTiming::kMove, SassSpace::kNone}},
      {"S2R", {OpClass::kMove, OpTiming::kMove, SassSpace::kNone}},
      {"MUFU.RSQ", {OpClass::kSfu, OpTiming::kSfu, SassSpace::kNone}},
      {"DFMA", {OpClass::kFp64, OpTiming::kFp64, SassSpace::kNone}},
      {"DADD", {OpClass::kFp64, OpTiming::kFp64, SassSpace::kNone}},
      {"HMMA.884.F32.F32", {OpClass::kFp16, OpTiming::kFp16, SassSpace::kNone}},
      {"LDG.E.64.SYS", {OpClass::kLoad, OpTiming::kMemory, SassSpace::kGlobal}},
      {"STG.E", {OpClass::kStore, OpTiming::kMemory, SassSpace::kGlobal}},
      {"LDS.U.128", {OpClass::kLoad, OpTiming::kMemory, SassSpace::kShared}},
      {"STS", {OpClass::kStore, OpTiming::kMemory, SassSpace::kShared}},
      {"LDL", {OpClass::kLoad, OpTiming::kMemory, SassSpace::kLocal}},
      {"STL.64", {OpClass::kStore, OpTiming::kMemory, SassSpace::kLocal}},
      {"ATOM.E.ADD", {OpClass::kAtomic, OpTiming::kMemory, SassSpace::kGeneric}},
      {"ATOMG.E.ADD", {OpClass::kAtomic, OpTiming::kMemory, SassSpace::kGlobal}},
      {"RED.E.ADD.STRONG.GPU", {OpClass::kAtomic, OpTiming::kMemory, SassSpace::kGlobal}},
      {"ATOMS.ADD", {OpClass::kAtomic, OpTiming::kMemory, SassSpace::kShared}},
      {"LDC.64", {OpClass::kLoad, OpTiming::kMemory, SassSpace::kConstant}},
      {"LD.E", {OpClass::kLoad, OpTiming::kMemory, SassSpace::kGeneric}},
      {"BAR.SYNC", {OpClass::kBarrier, OpTiming::kControl, SassSpace::kNone}},
      {"BRA", {OpClass::kBranch, OpTiming::kControl, SassSpace::kNone}},
      {"EXIT", {OpClass::kExit, OpTiming::kControl, SassSpace::kNone}},
      {"MEMBAR.GPU", {OpClass::kFence, OpTiming::kControl, SassSpace::kNone}},
      {"SHFL.IDX", {OpClass::kWarpOp, OpTiming::kWarp, SassSpace::kNone}},
      {"F2I.TRUNC", {OpClass::kConvert, OpTiming::kConvert, SassSpace::kNone}},
  };
  for (std::uint32_t sm : {70u, 75u, 80u, 86u, 90u}) {
    SassOpMap map(sm);
    for (const Case& c : cases) {
      EXPECT_EQ(map.lookup(c.opcode), c.expected) << c.opcode << " on sm_" << sm;
    }
    EXPECT_TRUE(map.unknown_opcodes().empty()) << sm;
  }
}

TEST(SassOps, FamilySpecificOpcodes) {
  SassOpMap volta(70);
  SassOpMap turing(75);
  SassOpMap ampere(80);
  SassOpMap hopper(90);
  SassOpMap pascal(61);
  // The uniform datapath starts with Turing; ULDC is a uniform move, as Accel-Sim books it.
  EXPECT_FALSE(volta.find("ULDC.64"));
  EXPECT_EQ(turing.find("ULDC.64")->timing, OpTiming::kMove);
  EXPECT_EQ(turing.find("UIADD3")->timing, OpTiming::kInt);
  // cp.async and its barriers from Ampere on.
  EXPECT_FALSE(turing.find("LDGSTS.E.BYPASS.128"));
  EXPECT_EQ(ampere.find("LDGSTS.E.BYPASS.128")->space, SassSpace::kGlobal);
  EXPECT_EQ(ampere.find("LDGDEPBAR")->op_class, OpClass::kFence);
  EXPECT_EQ(ampere.find("DMMA.884")->timing, OpTiming::kFp64);
  // Hopper's tensor-memory accelerator and warpgroup MMA.
  EXPECT_FALSE(ampere.find("UTMALDG.2D"));
  EXPECT_EQ(hopper.find("UTMALDG.2D")->op_class, OpClass::kLoad);
  EXPECT_EQ(hopper.find("HGMMA.64x128x16.F32")->timing, OpTiming::kFp16);
  // Pascal's ATOM is global and XMAD its integer multiply; Volta has neither form.
  EXPECT_EQ(pascal.find("ATOM.E.ADD")->space, SassSpace::kGlobal);
  EXPECT_EQ(pascal.find("XMAD.MRG")->timing, OpTiming::kIntMul);
  EXPECT_FALSE(volta.find("XMAD"));
  EXPECT_FALSE(pascal.find("BSSY"));
}

TEST(SassOps, UnknownOpcodesGetTheFallbackAndAreReportedOnce) {
  std::vector<std::string> reported;
  SassOpMap map(80, [&](const std::string& op) { reported.push_back(op); });
  EXPECT_EQ(map.lookup("FOO.X"), kFallbackSassOp);
  EXPECT_EQ(map.lookup("FOO.Y"), kFallbackSassOp);
  EXPECT_EQ(map.lookup("BAR2"), kFallbackSassOp);
  EXPECT_EQ(map.lookup("FFMA").timing, OpTiming::kFp32);
  EXPECT_THAT(reported, testing::ElementsAre("FOO", "BAR2"));
  EXPECT_THAT(map.unknown_opcodes(), testing::ElementsAre("FOO", "BAR2"));
}

}  // namespace
}  // namespace warpsim::trace
