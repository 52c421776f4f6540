// Module-level directives, variables, initializers and function headers.

#include <gtest/gtest.h>

#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::fn;
using testing::parse;

TEST(PtxParser, ModuleHeader) {
  Module m = parse_ptx(
      ".version 7.8\n.target sm_90a, texmode_independent, debug\n.address_size 64\n", "h.ptx");
  EXPECT_EQ(m.version_major, 7u);
  EXPECT_EQ(m.version_minor, 8u);
  EXPECT_EQ(m.target, (std::vector<std::string>{"sm_90a", "texmode_independent", "debug"}));
  EXPECT_EQ(m.address_size, 64u);
  EXPECT_EQ(m.file_name, "h.ptx");
  Module old = parse_ptx(".version 9.10\n.target sm_75\n", "h.ptx");
  EXPECT_EQ(old.version_minor, 10u);
  EXPECT_EQ(old.address_size, 0u);
}

TEST(PtxParser, GlobalVariablesWithInitializers) {
  Module m = parse(
      ".global .align 4 .u32 lut[2][3] = {{1, 2, 3}, {4, 5, 0x6}};\n"
      ".const .f32 one = 0f3F800000;\n"
      ".visible .global .align 8 .b8 $str$1[3] = {111, 107};\n"
      ".global .f64 neg = -1.5;\n"
      ".global .s32 m = -7;\n");
  ASSERT_EQ(m.globals.size(), 4u + 1u);
  const Variable& lut = m.globals[0];
  EXPECT_EQ(lut.space, StateSpace::kGlobal);
  EXPECT_EQ(lut.align, 4u);
  EXPECT_EQ(lut.type, DataType::kU32);
  EXPECT_EQ(lut.dims, (std::vector<std::uint64_t>{2, 3}));
  EXPECT_EQ(lut.size_bytes(), 24u);
  ASSERT_EQ(lut.init.size(), 12u);
  EXPECT_EQ(lut.init[0].kind, InitItem::Kind::kOpen);
  EXPECT_EQ(lut.init[1].kind, InitItem::Kind::kOpen);
  EXPECT_EQ(lut.init[2].bits, 1u);
  EXPECT_EQ(lut.init[9].bits, 6u);
  EXPECT_EQ(lut.init[11].kind, InitItem::Kind::kClose);
  EXPECT_EQ(m.globals[1].space, StateSpace::kConst);
  EXPECT_EQ(m.globals[1].init[0].imm_kind, ImmKind::kF32);
  EXPECT_EQ(m.globals[1].init[0].bits, 0x3F800000u);
  EXPECT_EQ(m.globals[2].name, "$str$1");
  EXPECT_EQ(m.globals[2].linkage, Linkage::kVisible);
  EXPECT_EQ(m.globals[2].init.size(), 4u);
  EXPECT_EQ(m.globals[3].init[0].imm_kind, ImmKind::kF64);
  EXPECT_EQ(m.globals[3].init[0].bits, 0xBFF8000000000000u);
  EXPECT_EQ(m.globals[4].init[0].bits, static_cast<std::uint64_t>(-7));
}

TEST(PtxParser, AddressInitializersReferToSymbols) {
  Module m = parse(
      ".global .u32 x;\n.global .u32 y[4];\n"
      ".func f()\n;\n"
      ".global .u64 ptrs[3] = {x, generic(y)+8, f};\n");
  const Variable& ptrs = m.globals[2];
  ASSERT_EQ(ptrs.init.size(), 5u);
  EXPECT_EQ(ptrs.init[1].kind, InitItem::Kind::kSymbol);
  EXPECT_EQ(ptrs.init[1].symbol, (SymbolRef{SymbolScope::kGlobal, 0}));
  EXPECT_EQ(ptrs.init[2].kind, InitItem::Kind::kGeneric);
  EXPECT_EQ(ptrs.init[2].symbol, (SymbolRef{SymbolScope::kGlobal, 1}));
  EXPECT_EQ(ptrs.init[2].offset, 8);
  EXPECT_EQ(ptrs.init[3].symbol, (SymbolRef{SymbolScope::kFunction, 0}));
}

// nvcc's form for a CUDA __managed__ variable; it prints back the same way.
TEST(PtxParser, ManagedGlobalVariables) {
  Module m = parse(".global .attribute(.managed) .align 4 .u32 mvar;\n.global .u32 plain;\n");
  ASSERT_EQ(m.globals.size(), 2u);
  EXPECT_TRUE(m.globals[0].managed);
  EXPECT_EQ(m.globals[0].align, 4u);
  EXPECT_EQ(m.globals[0].type, DataType::kU32);
  EXPECT_FALSE(m.globals[1].managed);
  EXPECT_TRUE(parse_ptx(print_ptx(m), "printed.ptx") == m);
  EXPECT_EQ(
      testing::error_of(std::string(testing::kHeader) + ".shared .attribute(.managed) .u32 s;\n"),
      "t.ptx:4:9: error: .attribute(.managed) needs a .global variable");
  EXPECT_EQ(
      testing::error_of(std::string(testing::kHeader) + ".global .attribute(.unified) .u32 u;\n"),
      "t.ptx:4:20: error: unsupported variable attribute '.unified' (only .managed is "
      "supported)");
}

TEST(PtxParser, SharedExternCommonAndVectors) {
  Module m = parse(
      ".extern .shared .align 16 .b8 smem[];\n"
      ".common .global .u32 c;\n"
      ".weak .global .align 16 .v4 .f32 v = {1.0, 2.0, 3.0, 4.0};\n"
      ".shared .u32 a, b;\n"
      ".global .texref tex;\n");
  EXPECT_EQ(m.globals[0].linkage, Linkage::kExtern);
  EXPECT_EQ(m.globals[0].space, StateSpace::kShared);
  EXPECT_EQ(m.globals[0].dims, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(m.globals[0].size_bytes(), 0u);
  EXPECT_EQ(m.globals[1].linkage, Linkage::kCommon);
  EXPECT_EQ(m.globals[2].linkage, Linkage::kWeak);
  EXPECT_EQ(m.globals[2].vec, 4u);
  EXPECT_EQ(m.globals[2].size_bytes(), 16u);
  EXPECT_EQ(m.globals[3].name, "a");
  EXPECT_EQ(m.globals[4].name, "b");
  EXPECT_EQ(m.globals[5].type, DataType::kTexRef);
}

TEST(PtxParser, EntryParamsAndPerformanceDirectives) {
  Module m = parse(
      ".visible .entry k(\n"
      "\t.param .u64 .ptr .global .align 16 k_p0,\n"
      "\t.param .align 8 .b8 k_p1[24],\n"
      "\t.param .f32 k_p2\n)\n"
      ".maxntid 256, 1, 1\n.minnctapersm 2\n.maxnreg 64\n.reqnctapercluster 2, 1, 1\n"
      ".maxclusterrank 8\n.explicitcluster\n{\n\tret;\n}\n"
      ".entry r() .reqntid 128 { ret; }\n");
  const Function& k = fn(m);
  EXPECT_TRUE(k.is_entry);
  EXPECT_TRUE(k.has_body);
  EXPECT_EQ(k.linkage, Linkage::kVisible);
  ASSERT_EQ(k.params.size(), 3u);
  EXPECT_TRUE(k.params[0].is_ptr);
  EXPECT_EQ(k.params[0].ptr_space, StateSpace::kGlobal);
  EXPECT_EQ(k.params[0].ptr_align, 16u);
  EXPECT_EQ(k.params[0].type, DataType::kU64);
  EXPECT_EQ(k.params[1].align, 8u);
  EXPECT_EQ(k.params[1].size_bytes(), 24u);
  EXPECT_EQ(k.params[2].type, DataType::kF32);
  EXPECT_EQ(k.perf.maxntid, (std::vector<std::uint32_t>{256, 1, 1}));
  EXPECT_EQ(k.perf.minnctapersm, 2u);
  EXPECT_EQ(k.perf.maxnreg, 64u);
  EXPECT_EQ(k.perf.reqnctapercluster, (std::vector<std::uint32_t>{2, 1, 1}));
  EXPECT_EQ(k.perf.maxclusterrank, 8u);
  EXPECT_TRUE(k.perf.explicitcluster);
  EXPECT_EQ(fn(m, "r").perf.reqntid, (std::vector<std::uint32_t>{128}));
  EXPECT_EQ(m.kernel_count(), 2u);
}

TEST(PtxParser, FunctionDeclarationThenDefinitionIsOneFunction) {
  Module m = parse(
      ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);\n"
      ".func (.param .b32 r) f(.param .b32 p);\n"
      ".func g() .noreturn;\n"
      ".visible .func (.param .b32 r) f(.param .b32 q)\n{\n\tret;\n}\n");
  ASSERT_EQ(m.functions.size(), 3u);
  const Function& vprintf = fn(m, "vprintf");
  EXPECT_FALSE(vprintf.has_body);
  EXPECT_EQ(vprintf.linkage, Linkage::kExtern);
  EXPECT_EQ(vprintf.rets.size(), 1u);
  EXPECT_EQ(vprintf.params.size(), 2u);
  const Function& f = fn(m, "f");
  EXPECT_TRUE(f.has_body);
  EXPECT_EQ(f.params[0].name, "q");
  EXPECT_EQ(f.linkage, Linkage::kVisible);
  EXPECT_TRUE(fn(m, "g").noreturn);
  ASSERT_EQ(m.layout.size(), 4u);
  EXPECT_EQ(m.layout[1].kind, ModuleEntry::Kind::kFuncDecl);
  EXPECT_EQ(m.layout[3].kind, ModuleEntry::Kind::kFuncDef);
  EXPECT_EQ(m.layout[3].index, m.layout[1].index);
  EXPECT_EQ(m.kernel_count(), 0u);
}

TEST(PtxParser, FileSectionAndPragma) {
  Module m = parse(
      ".pragma \"nounroll\";\n"
      "\t.file\t1 \"/src/a.cu\"\n"
      "\t.file\t2 \"b.h\", 1700000000, 1234\n"
      "\t.section\t.debug_str\n\t{\n$L__info_string0:\n.b8 95,90,0\n"
      ".b32 .debug_abbrev\n.b64 $L__func_end0-$L__func_begin0\n\t}\n");
  EXPECT_EQ(m.pragmas, (std::vector<std::string>{"nounroll"}));
  ASSERT_EQ(m.files.size(), 2u);
  EXPECT_EQ(m.files[0].index, 1u);
  EXPECT_EQ(m.files[0].path, "/src/a.cu");
  EXPECT_FALSE(m.files[0].has_info);
  EXPECT_TRUE(m.files[1].has_info);
  EXPECT_EQ(m.files[1].timestamp, 1700000000u);
  EXPECT_EQ(m.files[1].size, 1234u);
  EXPECT_EQ(m.find_file(2), &m.files[1]);
  ASSERT_EQ(m.sections.size(), 1u);
  const DebugSection& s = m.sections[0];
  EXPECT_EQ(s.name, ".debug_str");
  ASSERT_EQ(s.items.size(), 4u);
  EXPECT_EQ(s.items[0].label, "$L__info_string0");
  EXPECT_EQ(s.items[1].type, DataType::kB8);
  EXPECT_EQ(s.items[1].values, (std::vector<std::string>{"95", "90", "0"}));
  EXPECT_EQ(s.items[2].values, (std::vector<std::string>{".debug_abbrev"}));
  EXPECT_EQ(s.items[3].values, (std::vector<std::string>{"$L__func_end0-$L__func_begin0"}));
}

TEST(PtxParser, ParseFileReadsFromDisk) {
  EXPECT_THROW(parse_ptx_file("/nonexistent/x.ptx"), ParseError);
  try {
    parse_ptx_file("/nonexistent/x.ptx");
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/x.ptx:1:1: error: cannot open file");
    EXPECT_EQ(e.line(), 1u);
    EXPECT_EQ(e.file(), "/nonexistent/x.ptx");
  }
}

}  // namespace
}  // namespace warpsim::ptx
