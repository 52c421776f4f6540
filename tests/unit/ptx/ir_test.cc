// IR built by code (as passes will), helpers, and immediate conversion.

#include <gtest/gtest.h>

#include "ptx/cfg.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

TEST(PtxIr, InstructionsBuiltByCodeVerifyAndPrint) {
  Module m = testing::parse_kernel(".reg .b32 %r<3>;\n.reg .b64 %rd1;\nret;");
  Function& k = m.functions[0];
  Instruction mov;
  mov.op = Opcode::kMov;
  mov.type = DataType::kB64;
  mov.add_operand(Operand::make_reg(3));
  const Operand halves[] = {Operand::make_reg(1), Operand::make_reg(2)};
  mov.add_aggregate(OperandKind::kVector, halves);
  ASSERT_EQ(mov.num_operands, 2u);
  EXPECT_EQ(mov.operands[1].index, 2u);
  EXPECT_EQ(mov.elements(mov.operands[1])[1].reg, 2u);
  Instruction late = mov;  // a written operand added after an aggregate moves its elements
  late.add_operand(Operand::make_imm(7, ImmKind::kInt));
  EXPECT_EQ(late.num_operands, 3u);
  EXPECT_EQ(late.operands[1].index, 3u);
  EXPECT_EQ(late.elements(late.operands[1])[0].reg, 1u);
  EXPECT_EQ(late.operands[2].imm, 7u);
  k.insts.insert(k.insts.begin(), mov);
  k.body.push_back({BodyEntry::Kind::kInst, 1});
  k.body[2].index = 0;
  EXPECT_NO_THROW(verify(m));
  EXPECT_EQ(print_instruction(m, k, k.insts[0]), "mov.b64\t%rd1, {%r1, %r2}");
  EXPECT_NE(print_ptx(m).find("\tmov.b64\t%rd1, {%r1, %r2};\n\tret;\n"), std::string::npos);
}

TEST(PtxIr, ModifierAccessorsAndTables) {
  Instruction inst;
  EXPECT_FALSE(inst.has(ModCat::kRounding));
  inst.set_mod(ModCat::kRounding, Mod::kRz);
  EXPECT_EQ(inst.mod(ModCat::kRounding), Mod::kRz);
  EXPECT_EQ(parse_mod("L2::256B"), Mod::kL2Prefetch256B);
  EXPECT_EQ(mod_name(Mod::kL1EvictLast), "L1::evict_last");
  EXPECT_TRUE(mod_in_category(Mod::kLo, ModCat::kCmp));
  EXPECT_TRUE(mod_in_category(Mod::kLo, ModCat::kMulMode));
  EXPECT_FALSE(mod_in_category(Mod::kWide, ModCat::kCmp));
  EXPECT_EQ(opcode_name(Opcode::kCpAsyncWaitGroup), "cp.async.wait_group");
  EXPECT_TRUE(opcode_info(Opcode::kSetp).pair_dest());
  EXPECT_EQ(opcode_info(Opcode::kSetp).min_operands(), 3u);
  EXPECT_EQ(opcode_info(Opcode::kSetp).max_operands(), 4u);
  EXPECT_EQ(opcode_info(Opcode::kSt).slot(0), 'a');
  EXPECT_EQ(type_size(DataType::kBf16x2), 4u);
  EXPECT_EQ(parse_type("e4m3x2"), DataType::kE4m3x2);
  EXPECT_EQ(parse_space("shared::cluster"), StateSpace::kSharedCluster);
  EXPECT_EQ(parse_special_reg("%envreg32"), std::nullopt);
  EXPECT_EQ(parse_special_reg("%pm07"), std::nullopt);
  EXPECT_EQ(special_reg_name(SpecialReg::kLast), "%pm7_64");
}

TEST(PtxIr, ImmediateBitsConvertOnce) {
  auto imm = [](std::uint64_t bits, ImmKind kind) { return Operand::make_imm(bits, kind); };
  EXPECT_EQ(immediate_bits(imm(0x3FF8000000000000u, ImmKind::kF64), DataType::kF32), 0x3FC00000u);
  EXPECT_EQ(immediate_bits(imm(0xBFC00000u, ImmKind::kF32), DataType::kF64), 0xBFF8000000000000u);
  EXPECT_EQ(immediate_bits(imm(3, ImmKind::kInt), DataType::kF32), 0x40400000u);
  EXPECT_EQ(immediate_bits(imm(~std::uint64_t{0}, ImmKind::kInt), DataType::kS8), 0xFFu);
  EXPECT_EQ(immediate_bits(imm(0xC0A00000u, ImmKind::kF32), DataType::kS32), 0xFFFFFFFBu);
  EXPECT_EQ(immediate_bits(imm(0xC0A00000u, ImmKind::kF32), DataType::kU32), 0u);
  EXPECT_EQ(immediate_bits(imm(0x3FF0000000000000u, ImmKind::kF64), DataType::kB64),
            0x3FF0000000000000u);
}

TEST(PtxIr, VariableSizes) {
  Variable v;
  v.type = DataType::kF32;
  v.vec = 4;
  v.dims = {2, 3};
  EXPECT_EQ(v.size_bytes(), 96u);
  EXPECT_EQ(v.element_count(), 24u);
  v.dims.push_back(0);
  EXPECT_EQ(v.size_bytes(), 0u);
  EXPECT_EQ(v.element_count(), 0u);
}

}  // namespace
}  // namespace warpsim::ptx
