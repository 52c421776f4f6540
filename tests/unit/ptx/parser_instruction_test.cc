// Opcodes, modifiers and operand forms decoded into the IR.

#include <gtest/gtest.h>

#include <string>

#include "ptx/parser.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::fn;
using testing::parse_kernel;

constexpr std::string_view kRegs =
    ".reg .pred %p<4>;\n.reg .b16 %rs<4>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<8>;\n"
    ".reg .f32 %f<8>;\n.reg .f64 %fd<4>;\n.global .u32 g[16];\n";

// Parses one instruction (with the registers above declared) and returns it.
Instruction one(const std::string& text) {
  static Module keep;
  keep = parse_kernel(std::string(kRegs) + text + "\nret;");
  return fn(keep).insts.at(0);
}

// Register index of `%r<n>` etc. in the layout above.
std::uint32_t p(unsigned n) { return n; }
std::uint32_t rs(unsigned n) { return 4 + n; }
std::uint32_t r(unsigned n) { return 8 + n; }
std::uint32_t rd(unsigned n) { return 24 + n; }
std::uint32_t f(unsigned n) { return 32 + n; }

TEST(PtxParser, LoadWithCacheVectorAndAddress) {
  Instruction ld = one("ld.global.nc.v4.f32 {%f0, %f1, _, %f3}, [%rd1+-16];");
  EXPECT_EQ(ld.op, Opcode::kLd);
  EXPECT_EQ(ld.space, StateSpace::kGlobal);
  EXPECT_EQ(ld.mod(ModCat::kNc), Mod::kNc);
  EXPECT_EQ(ld.vec, 4u);
  EXPECT_EQ(ld.type, DataType::kF32);
  ASSERT_EQ(ld.num_operands, 2u);
  auto dst = ld.elements(ld.operands[0]);
  ASSERT_EQ(dst.size(), 4u);
  EXPECT_EQ(dst[1].reg, f(1));
  EXPECT_EQ(dst[2].kind, OperandKind::kSink);
  const Operand& addr = ld.operands[1];
  EXPECT_EQ(addr.kind, OperandKind::kAddress);
  EXPECT_EQ(addr.reg, rd(1));
  EXPECT_EQ(addr.offset, -16);
}

TEST(PtxParser, AddressForms) {
  EXPECT_EQ(one("ld.u32 %r1, [%rd2];").operands[1].offset, 0);
  EXPECT_EQ(one("ld.u32 %r1, [%rd2+8];").operands[1].offset, 8);
  EXPECT_EQ(one("ld.u32 %r1, [%rd2-8];").operands[1].offset, -8);
  Instruction var = one("ld.global.u32 %r1, [g+12];");
  EXPECT_EQ(var.operands[1].reg, kNoIndex);
  EXPECT_EQ(var.operands[1].symbol, (SymbolRef{SymbolScope::kLocal, 0}));  // body-scope g
  EXPECT_EQ(var.operands[1].offset, 12);
  Instruction abs = one("ld.u32 %r1, [4096];");
  EXPECT_EQ(abs.operands[1].reg, kNoIndex);
  EXPECT_EQ(abs.operands[1].symbol.scope, SymbolScope::kNone);
  EXPECT_EQ(abs.operands[1].offset, 4096);
}

TEST(PtxParser, MemoryModelAndCacheHints) {
  Instruction ld = one("ld.relaxed.gpu.global.L1::evict_last.L2::128B.u32 %r1, [%rd1];");
  EXPECT_EQ(ld.mod(ModCat::kSem), Mod::kRelaxed);
  EXPECT_EQ(ld.mod(ModCat::kScope), Mod::kGpu);
  EXPECT_EQ(ld.mod(ModCat::kEvictL1), Mod::kL1EvictLast);
  EXPECT_EQ(ld.mod(ModCat::kPrefetchSize), Mod::kL2Prefetch128B);
  Instruction vol = one("ld.volatile.shared.u32 %r1, [%rd1];");
  EXPECT_EQ(vol.mod(ModCat::kSem), Mod::kVolatile);
  EXPECT_EQ(vol.space, StateSpace::kShared);
  Instruction st = one("st.global.cs.v2.u32 [%rd1], {%r1, %r2};");
  EXPECT_EQ(st.mod(ModCat::kCache), Mod::kCs);
  EXPECT_EQ(st.vec, 2u);
  Instruction hint = one("st.global.L2::cache_hint.u32 [%rd1], %r1, %rd2;");
  EXPECT_EQ(hint.mod(ModCat::kCacheHint), Mod::kL2CacheHint);
  EXPECT_EQ(hint.num_operands, 3u);
  EXPECT_EQ(one("ld.global.ca.u32 %r1, [%rd1];").mod(ModCat::kCache), Mod::kCa);
  EXPECT_EQ(one("ld.global.lu.u32 %r1, [%rd1];").mod(ModCat::kCache), Mod::kLu);
  EXPECT_EQ(one("st.global.wt.u32 [%rd1], %r1;").mod(ModCat::kCache), Mod::kWt);
  EXPECT_EQ(one("ld.param.u64 %rd1, [%rd2];").space, StateSpace::kParam);
  EXPECT_EQ(one("st.local.u32 [%rd1], %r1;").space, StateSpace::kLocal);
  EXPECT_EQ(one("ld.const.f32 %f1, [%rd1];").space, StateSpace::kConst);
  EXPECT_EQ(one("prefetch.global.L2::evict_last [%rd1];").mod(ModCat::kEvictL2), Mod::kL2EvictLast);
  EXPECT_EQ(one("prefetchu.L1 [%rd1];").mod(ModCat::kLevel), Mod::kL1);
}

TEST(PtxParser, AtomicsAndReductions) {
  Instruction cas = one("atom.acq_rel.sys.global.cas.b32 %r1, [%rd1], %r2, %r3;");
  EXPECT_EQ(cas.op, Opcode::kAtom);
  EXPECT_EQ(cas.mod(ModCat::kSem), Mod::kAcqRel);
  EXPECT_EQ(cas.mod(ModCat::kScope), Mod::kSys);
  EXPECT_EQ(cas.space, StateSpace::kGlobal);
  EXPECT_EQ(cas.mod(ModCat::kAtomOp), Mod::kCas);
  EXPECT_EQ(cas.type, DataType::kB32);
  EXPECT_EQ(cas.num_operands, 4u);
  // nvcc and libcu++ put the scope after the space or the operation; any order parses.
  Instruction cta = one("atom.global.cta.add.u32 %r1, [%rd1], 1;");
  EXPECT_EQ(cta.mod(ModCat::kScope), Mod::kCta);
  Instruction late = one("atom.add.relaxed.gpu.s32 %r1, [%rd1], %r2;");
  EXPECT_EQ(late.mod(ModCat::kSem), Mod::kRelaxed);
  EXPECT_EQ(late.space, StateSpace::kGeneric);
  for (const char* op : {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch"}) {
    Instruction a = one(std::string("atom.shared.") + op + ".u32 %r1, [%rd1], %r2;");
    EXPECT_EQ(mod_name(a.mod(ModCat::kAtomOp)), op);
  }
  EXPECT_EQ(one("atom.global.add.noftz.f16x2 %r1, [%rd1], %r2;").type, DataType::kF16x2);
  EXPECT_EQ(one("atom.global.add.noftz.bf16x2 %r1, [%rd1], %r2;").type, DataType::kBf16x2);
  EXPECT_EQ(one("atom.global.add.f64 %fd1, [%rd1], %fd2;").type, DataType::kF64);
  Instruction red = one("red.relaxed.gpu.global.add.u64 [%rd1], %rd2;");
  EXPECT_EQ(red.op, Opcode::kRed);
  EXPECT_EQ(red.mod(ModCat::kAtomOp), Mod::kAdd);
}

TEST(PtxParser, ComparisonsAndSelects) {
  Instruction setp = one("setp.lt.and.ftz.f32 %p1|%p2, %f1, %f2, !%p3;");
  EXPECT_EQ(setp.mod(ModCat::kCmp), Mod::kLt);
  EXPECT_EQ(setp.mod(ModCat::kBoolOp), Mod::kAnd);
  EXPECT_EQ(setp.mod(ModCat::kFtz), Mod::kFtz);
  ASSERT_EQ(setp.num_operands, 5u);
  EXPECT_EQ(setp.operands[0].reg, p(1));
  EXPECT_EQ(setp.operands[1].reg, p(2));
  EXPECT_TRUE(setp.operands[4].negated);
  EXPECT_EQ(setp.operands[4].reg, p(3));
  Instruction plain = one("setp.ne.s32 %p1, %r1, 0;");
  ASSERT_EQ(plain.num_operands, 4u);
  EXPECT_EQ(plain.operands[1].kind, OperandKind::kNone);
  EXPECT_EQ(one("setp.lo.u32 %p1, %r1, %r2;").mod(ModCat::kCmp), Mod::kLo);
  EXPECT_EQ(one("setp.gtu.f64 %p1, %fd1, %fd2;").mod(ModCat::kCmp), Mod::kGtu);
  Instruction set = one("set.lt.u32.f32 %r1, %f1, %f2;");
  EXPECT_EQ(set.type, DataType::kU32);
  EXPECT_EQ(set.type2, DataType::kF32);
  EXPECT_EQ(one("selp.b32 %r1, %r2, 5, %p1;").operands[3].reg, p(1));
  EXPECT_EQ(one("slct.f32.s32 %f1, %f2, %f3, %r1;").type2, DataType::kS32);
  EXPECT_EQ(one("testp.finite.f32 %p1, %f1;").mod(ModCat::kTestpClass), Mod::kFinite);
}

TEST(PtxParser, IntegerArithmeticForms) {
  Instruction wide = one("mul.wide.s32 %rd1, %r1, 4;");
  EXPECT_EQ(wide.mod(ModCat::kMulMode), Mod::kWide);
  EXPECT_EQ(wide.operands[2].imm, 4u);
  EXPECT_EQ(one("mul.hi.u32 %r1, %r2, %r3;").mod(ModCat::kMulMode), Mod::kHi);
  Instruction mad = one("mad.lo.cc.u32 %r1, %r2, %r3, %r4;");
  EXPECT_EQ(mad.mod(ModCat::kMulMode), Mod::kLo);
  EXPECT_EQ(mad.mod(ModCat::kCarry), Mod::kCc);
  EXPECT_EQ(one("madc.hi.cc.u32 %r1, %r2, %r3, %r4;").op, Opcode::kMadc);
  EXPECT_EQ(one("addc.cc.u32 %r1, %r2, %r3;").mod(ModCat::kCarry), Mod::kCc);
  EXPECT_EQ(one("subc.u32 %r1, %r2, %r3;").op, Opcode::kSubc);
  EXPECT_EQ(one("sub.cc.u32 %r1, %r2, %r3;").mod(ModCat::kCarry), Mod::kCc);
  EXPECT_EQ(one("add.sat.s32 %r1, %r2, %r3;").mod(ModCat::kSat), Mod::kSat);
  EXPECT_EQ(one("mad.wide.u32 %rd1, %r2, %r3, %rd2;").mod(ModCat::kMulMode), Mod::kWide);
  EXPECT_EQ(one("mul24.lo.s32 %r1, %r2, %r3;").op, Opcode::kMul24);
  EXPECT_EQ(one("mad24.hi.u32 %r1, %r2, %r3, %r4;").op, Opcode::kMad24);
  EXPECT_EQ(one("sad.u32 %r1, %r2, %r3, %r4;").op, Opcode::kSad);
  Instruction shf = one("shf.r.clamp.b32 %r1, %r2, %r3, %r4;");
  EXPECT_EQ(shf.mod(ModCat::kShfDir), Mod::kR);
  EXPECT_EQ(shf.mod(ModCat::kWrapMode), Mod::kClamp);
  EXPECT_EQ(one("bfind.shiftamt.u32 %r1, %r2;").mod(ModCat::kShiftamt), Mod::kShiftamt);
  EXPECT_EQ(one("prmt.b32.f4e %r1, %r2, %r3, %r4;").mod(ModCat::kPrmtMode), Mod::kF4e);
  for (const char* text :
       {"popc.b32 %r1, %r2;", "clz.b64 %r1, %rd2;", "brev.b32 %r1, %r2;", "bfe.u32 %r1, %r2, 8, 4;",
        "bfi.b32 %r1, %r2, %r3, 8, 4;", "not.b32 %r1, %r2;", "neg.s32 %r1, %r2;",
        "abs.s32 %r1, %r2;", "rem.u32 %r1, %r2, %r3;", "div.s32 %r1, %r2, %r3;",
        "and.pred %p1, %p2, %p3;", "cnot.b32 %r1, %r2;", "lop3.b32 %r1, %r2, %r3, %r4, 0x96;",
        "dp4a.u32.u32 %r1, %r2, %r3, %r4;", "shl.b64 %rd1, %rd2, 3;", "shr.s32 %r1, %r2, %r3;"}) {
    EXPECT_NE(one(text).op, Opcode::kInvalid) << text;
  }
}

TEST(PtxParser, FloatingPointForms) {
  Instruction fma = one("fma.rn.ftz.sat.f32 %f1, %f2, %f3, 0f3F800000;");
  EXPECT_EQ(fma.mod(ModCat::kRounding), Mod::kRn);
  EXPECT_EQ(fma.mod(ModCat::kFtz), Mod::kFtz);
  EXPECT_EQ(fma.mod(ModCat::kSat), Mod::kSat);
  EXPECT_EQ(fma.operands[3].imm_kind, ImmKind::kF32);
  EXPECT_EQ(fma.operands[3].imm, 0x3F800000u);
  EXPECT_EQ(one("div.approx.ftz.f32 %f1, %f2, %f3;").mod(ModCat::kPrecision), Mod::kApprox);
  EXPECT_EQ(one("div.full.f32 %f1, %f2, %f3;").mod(ModCat::kPrecision), Mod::kFull);
  EXPECT_EQ(one("rcp.approx.ftz.f64 %fd1, %fd2;").type, DataType::kF64);
  EXPECT_EQ(one("sqrt.rn.f32 %f1, %f2;").mod(ModCat::kRounding), Mod::kRn);
  for (const char* text : {"rsqrt.approx.f32 %f1, %f2;",
                           "sin.approx.ftz.f32 %f1, %f2;",
                           "cos.approx.f32 %f1, %f2;",
                           "ex2.approx.ftz.f32 %f1, %f2;",
                           "lg2.approx.f32 %f1, %f2;",
                           "tanh.approx.f32 %f1, %f2;",
                           "copysign.f32 %f1, %f2, %f3;",
                           "min.ftz.NaN.f32 %f1, %f2, %f3;",
                           "max.f64 %fd1, %fd2, %fd3;",
                           "add.rz.f32 %f1, %f2, %f3;",
                           "mul.rm.f64 %fd1, %fd2, %fd3;",
                           "neg.f32 %f1, %f2;",
                           "abs.ftz.f32 %f1, %f2;",
                           "add.f16 %rs1, %rs2, %rs3;",
                           "fma.rn.f16x2 %r1, %r2, %r3, %r4;",
                           "mul.bf16x2 %r1, %r2, %r3;",
                           "max.bf16 %rs1, %rs2, %rs3;",
                           "neg.f16x2 %r1, %r2;",
                           "abs.bf16 %rs1, %rs2;",
                           "sub.f16 %rs1, %rs2, %rs3;",
                           "min.f16x2 %r1, %r2, %r3;",
                           "ex2.approx.f16 %rs1, %rs2;"}) {
    EXPECT_NE(one(text).op, Opcode::kInvalid) << text;
  }
}

TEST(PtxParser, Conversions) {
  Instruction cvt = one("cvt.rni.sat.s32.f32 %r1, %f1;");
  EXPECT_EQ(cvt.mod(ModCat::kRounding), Mod::kRni);
  EXPECT_EQ(cvt.mod(ModCat::kSat), Mod::kSat);
  EXPECT_EQ(cvt.type, DataType::kS32);
  EXPECT_EQ(cvt.type2, DataType::kF32);
  for (const char* rnd : {"rn", "rz", "rm", "rp"}) {
    EXPECT_EQ(
        mod_name(one(std::string("cvt.") + rnd + ".f32.f64 %f1, %fd1;").mod(ModCat::kRounding)),
        rnd);
  }
  for (const char* rnd : {"rni", "rzi", "rmi", "rpi"}) {
    EXPECT_EQ(
        mod_name(one(std::string("cvt.") + rnd + ".f32.f32 %f1, %f2;").mod(ModCat::kRounding)),
        rnd);
  }
  Instruction half = one("cvt.ftz.f32.f16 %f1, %rs1;");
  EXPECT_EQ(half.type2, DataType::kF16);
  EXPECT_EQ(half.operands[1].reg, rs(1));
  EXPECT_EQ(one("cvt.rn.bf16.f32 %rs1, %f1;").type, DataType::kBf16);
  EXPECT_EQ(one("cvt.rn.f16x2.f32 %r1, %f1, %f2;").num_operands, 3u);
  Instruction pack = one("cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, %r4;");
  EXPECT_EQ(pack.op, Opcode::kCvtPack);
  EXPECT_EQ(pack.type3, DataType::kB32);
  Instruction cvta = one("cvta.to.global.u64 %rd1, %rd2;");
  EXPECT_EQ(cvta.mod(ModCat::kTo), Mod::kTo);
  EXPECT_EQ(cvta.space, StateSpace::kGlobal);
  EXPECT_EQ(one("cvta.shared.u64 %rd1, g;").operands[1].kind, OperandKind::kSymbol);
  EXPECT_EQ(one("isspacep.shared %p1, %rd1;").space, StateSpace::kShared);
}

TEST(PtxParser, MovPackingAndSpecialRegisters) {
  Instruction pack = one("mov.b64 %rd1, {%r1, %r2};");
  ASSERT_EQ(pack.operands[1].kind, OperandKind::kVector);
  EXPECT_EQ(pack.elements(pack.operands[1])[1].reg, r(2));
  Instruction tid = one("mov.u32 %r1, %tid.y;");
  EXPECT_EQ(tid.operands[1].kind, OperandKind::kSreg);
  EXPECT_EQ(tid.operands[1].sreg, SpecialReg::kTid);
  EXPECT_EQ(tid.operands[1].component, 2u);
  for (const char* name : {"%laneid",
                           "%warpid",
                           "%nwarpid",
                           "%smid",
                           "%nsmid",
                           "%clock",
                           "%clock_hi",
                           "%lanemask_eq",
                           "%lanemask_le",
                           "%lanemask_lt",
                           "%lanemask_ge",
                           "%lanemask_gt",
                           "%dynamic_smem_size",
                           "%total_smem_size",
                           "%envreg0",
                           "%envreg31",
                           "%pm0",
                           "%pm7",
                           "%globaltimer_lo",
                           "%globaltimer_hi",
                           "%cluster_ctarank",
                           "%cluster_nctarank"}) {
    Instruction mov = one(std::string("mov.u32 %r1, ") + name + ";");
    ASSERT_EQ(mov.operands[1].kind, OperandKind::kSreg) << name;
    EXPECT_EQ(special_reg_name(mov.operands[1].sreg), name);
  }
  for (const char* name : {"%clock64", "%globaltimer", "%gridid", "%pm3_64"}) {
    EXPECT_EQ(special_reg_type(one(std::string("mov.u64 %rd1, ") + name + ";").operands[1].sreg),
              DataType::kU64);
  }
  for (const char* name : {"%ntid.x", "%ctaid.z", "%nctaid.y", "%cluster_ctaid.x", "%clusterid.y",
                           "%nclusterid.z", "%cluster_nctaid.x"}) {
    EXPECT_EQ(one(std::string("mov.u32 %r1, ") + name + ";").operands[1].kind, OperandKind::kSreg);
  }
}

TEST(PtxParser, Immediates) {
  auto imm = [](const std::string& literal) {
    return one("mov.b64 %rd1, " + literal + ";").operands[1];
  };
  EXPECT_EQ(imm("42").imm, 42u);
  EXPECT_EQ(imm("0x2A").imm, 42u);
  EXPECT_EQ(imm("052").imm, 42u);
  EXPECT_EQ(imm("0b101010").imm, 42u);
  EXPECT_EQ(imm("42U").imm_kind, ImmKind::kUnsigned);
  EXPECT_EQ(imm("-1").imm, ~std::uint64_t{0});
  EXPECT_EQ(imm("-1").imm_kind, ImmKind::kInt);
  EXPECT_EQ(imm("0d3FF0000000000000").imm_kind, ImmKind::kF64);
  EXPECT_EQ(imm("1.0").imm, 0x3FF0000000000000u);
  EXPECT_EQ(imm("-0f3F800000").imm, 0xBF800000u);
  EXPECT_EQ(imm("WARP_SZ").imm, 32u);
  EXPECT_EQ(immediate_bits(imm("1.0"), DataType::kF32), 0x3F800000u);
  EXPECT_EQ(immediate_bits(imm("0f3F800000"), DataType::kF64), 0x3FF0000000000000u);
  EXPECT_EQ(immediate_bits(imm("-1"), DataType::kU16), 0xFFFFu);
  EXPECT_EQ(immediate_bits(imm("2.75"), DataType::kS32), 2u);
  EXPECT_EQ(immediate_bits(imm("0f3F800000"), DataType::kB32), 0x3F800000u);
}

TEST(PtxParser, WarpLevelInstructions) {
  Instruction shfl = one("shfl.sync.bfly.b32 %r1|%p1, %r2, 16, 31, -1;");
  EXPECT_EQ(shfl.op, Opcode::kShfl);
  EXPECT_EQ(shfl.mod(ModCat::kSync), Mod::kSync);
  EXPECT_EQ(shfl.mod(ModCat::kShflMode), Mod::kBfly);
  EXPECT_EQ(shfl.num_operands, 6u);
  EXPECT_EQ(shfl.operands[1].reg, p(1));
  EXPECT_EQ(shfl.operands[5].imm, ~std::uint64_t{0});
  for (const char* mode : {"up", "down", "idx"}) {
    EXPECT_EQ(mod_name(one(std::string("shfl.sync.") + mode + ".b32 %r1, %r2, 1, 0, %r3;")
                           .mod(ModCat::kShflMode)),
              mode);
  }
  EXPECT_EQ(one("vote.sync.ballot.b32 %r1, %p1, -1;").mod(ModCat::kVoteMode), Mod::kBallot);
  for (const char* mode : {"all", "any", "uni"}) {
    EXPECT_EQ(
        mod_name(
            one(std::string("vote.sync.") + mode + ".pred %p1, !%p2, %r1;").mod(ModCat::kVoteMode)),
        mode);
  }
  Instruction match = one("match.all.sync.b64 %r1|%p1, %rd1, -1;");
  EXPECT_EQ(match.mod(ModCat::kMatchMode), Mod::kAll);
  EXPECT_EQ(one("match.any.sync.b32 %r1, %r2, %r3;").operands[1].kind, OperandKind::kNone);
  EXPECT_EQ(one("redux.sync.min.s32 %r1, %r2, -1;").mod(ModCat::kReduxOp), Mod::kMin);
  EXPECT_EQ(one("activemask.b32 %r1;").op, Opcode::kActivemask);
  EXPECT_EQ(one("elect.sync %r1|%p1, -1;").op, Opcode::kElect);
}

TEST(PtxParser, BarriersAndFences) {
  EXPECT_EQ(one("bar.sync 0;").mod(ModCat::kBarMode), Mod::kSync);
  EXPECT_EQ(one("bar.arrive 1, 64;").mod(ModCat::kBarMode), Mod::kArrive);
  Instruction red = one("bar.red.popc.u32 %r1, 0, %p1;");
  EXPECT_EQ(red.mod(ModCat::kBarMode), Mod::kRed);
  EXPECT_EQ(red.mod(ModCat::kBarRedOp), Mod::kPopc);
  EXPECT_EQ(one("bar.red.and.pred %p1, 0, !%p2;").mod(ModCat::kBarRedOp), Mod::kAnd);
  Instruction barrier = one("barrier.sync.aligned 0;");
  EXPECT_EQ(barrier.op, Opcode::kBarrier);
  EXPECT_EQ(barrier.mod(ModCat::kAligned), Mod::kAligned);
  EXPECT_EQ(one("bar.warp.sync -1;").op, Opcode::kBarWarpSync);
  EXPECT_EQ(one("barrier.cluster.arrive.release;").op, Opcode::kBarrierCluster);
  EXPECT_EQ(one("membar.gl;").mod(ModCat::kScope), Mod::kGl);
  EXPECT_EQ(one("membar.sys;").mod(ModCat::kScope), Mod::kSys);
  Instruction fence = one("fence.acq_rel.gpu;");
  EXPECT_EQ(fence.mod(ModCat::kSem), Mod::kAcqRel);
  EXPECT_EQ(fence.mod(ModCat::kScope), Mod::kGpu);
  EXPECT_EQ(one("fence.sc.cta;").mod(ModCat::kSem), Mod::kSc);
  Instruction proxy = one("fence.proxy.async.shared::cta;");
  EXPECT_EQ(proxy.op, Opcode::kFenceProxy);
  EXPECT_EQ(proxy.mod(ModCat::kProxyKind), Mod::kAsync);
  EXPECT_EQ(proxy.space, StateSpace::kSharedCta);
}

TEST(PtxParser, AsyncCopies) {
  Instruction cp = one("cp.async.cg.shared.global.L2::128B [%r1], [%rd1], 16, %r2;");
  EXPECT_EQ(cp.op, Opcode::kCpAsync);
  EXPECT_EQ(cp.mod(ModCat::kCache), Mod::kCg);
  EXPECT_EQ(cp.space, StateSpace::kShared);
  EXPECT_EQ(cp.space2, StateSpace::kGlobal);
  EXPECT_EQ(cp.mod(ModCat::kPrefetchSize), Mod::kL2Prefetch128B);
  EXPECT_EQ(cp.num_operands, 4u);
  EXPECT_EQ(one("cp.async.commit_group;").op, Opcode::kCpAsyncCommitGroup);
  EXPECT_EQ(one("cp.async.wait_group 1;").operands[0].imm, 1u);
  EXPECT_EQ(one("cp.async.wait_all;").op, Opcode::kCpAsyncWaitAll);
}

TEST(PtxParser, TexturesAndSurfaces) {
  Instruction tex = one("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [%rd1, {%f4, %f5}];");
  EXPECT_EQ(tex.op, Opcode::kTex);
  EXPECT_EQ(tex.mod(ModCat::kGeometry), Mod::k2d);
  EXPECT_EQ(tex.type2, DataType::kF32);
  const Operand& tuple = tex.operands[2];
  ASSERT_EQ(tuple.kind, OperandKind::kTuple);
  auto elems = tex.elements(tuple);
  ASSERT_EQ(elems.size(), 2u);
  EXPECT_EQ(elems[0].reg, rd(1));
  ASSERT_EQ(elems[1].kind, OperandKind::kVector);
  EXPECT_EQ(tex.elements(elems[1])[1].reg, f(5));
  EXPECT_EQ(one("tex.level.a2d.v4.s32.f32 {%r0, %r1, %r2, %r3}, [%rd1, {%r4, %f1, %f2, %f3}], "
                "%f4;")
                .mod(ModCat::kTexMode),
            Mod::kLevel);
  EXPECT_EQ(
      one("tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [%rd1, {%f4, %f5}];").mod(ModCat::kTld4Comp),
      Mod::kR);
  EXPECT_EQ(one("txq.width.b32 %r1, [%rd1];").mod(ModCat::kTxqQuery), Mod::kWidth);
  Instruction suld = one("suld.b.2d.v2.b32.trap {%r1, %r2}, [%rd1, {%r3, %r4}];");
  EXPECT_EQ(suld.mod(ModCat::kSurfKind), Mod::kB);
  EXPECT_EQ(suld.mod(ModCat::kClampMode), Mod::kTrap);
  EXPECT_EQ(one("sust.b.3d.b32.clamp [%rd1, {%r1, %r2, %r3, %r4}], {%r5};").mod(ModCat::kClampMode),
            Mod::kClamp);
}

TEST(PtxParser, MiscellaneousInstructions) {
  for (const char* text :
       {"trap;", "exit;", "brkpt;", "nanosleep.u32 100;", "pmevent 3;", "ret.uni;",
        "getctarank.shared::cluster.u32 %r1, %r2;", "mapa.shared::cluster.u32 %r1, %r2, %r3;",
        "stacksave.u64 %rd1;", "stackrestore.u64 %rd1;", "alloca.u64 %rd1, %rd2, 16;",
        "griddepcontrol.wait;", "griddepcontrol.launch_dependents;",
        "bmsk.clamp.b32 %r1, %r2, %r3;", "szext.wrap.s32 %r1, %r2, %r3;",
        "ldu.global.f32 %f1, [%rd1];"}) {
    EXPECT_NE(one(text).op, Opcode::kInvalid) << text;
  }
}

}  // namespace
}  // namespace warpsim::ptx
