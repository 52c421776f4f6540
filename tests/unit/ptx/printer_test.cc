#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "kitchen_sink.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx_test_util.h"

namespace warpsim::ptx {
namespace {

using testing::kKitchenSink;

Module round_trip(const Module& m) { return parse_ptx(print_ptx(m), "printed.ptx"); }

TEST(PtxPrinter, KitchenSinkRoundTrips) {
  Module m = parse_ptx(kKitchenSink, "sink.ptx");
  verify(m);
  Module again = round_trip(m);
  EXPECT_TRUE(again == m);
  EXPECT_EQ(print_ptx(again), print_ptx(m));
}

TEST(PtxPrinter, EqualityIgnoresPositionsButNotContent) {
  Module a = testing::parse_kernel(".reg .b32 %r<2>;\nmov.u32 %r1, 1;\nret;");
  Module b = testing::parse_kernel("\n\n  .reg .b32 %r<2>;   mov.u32 %r1, 1;\n\n ret;");
  EXPECT_TRUE(a == b);
  Module c = testing::parse_kernel(".reg .b32 %r<2>;\nmov.u32 %r1, 2;\nret;");
  EXPECT_FALSE(a == c);
  Module d = testing::parse_kernel(".reg .b32 %r<2>;\nmov.u32 %r0, 1;\nret;");
  EXPECT_FALSE(a == d);
}

TEST(PtxPrinter, WritesCanonicalSuffixOrder) {
  Module m = testing::parse_kernel(
      ".reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
      "atom.add.relaxed.gpu.global.s32 %r1, [%rd1], %r2;\n"
      "ld.v2.global.u32 {%r1, %r2}, [%rd1];\n"
      "prmt.b32.f4e %r1, %r2, %r3, %r0;\nret;");
  std::string text = print_ptx(m);
  EXPECT_NE(text.find("atom.relaxed.gpu.global.add.s32\t%r1, [%rd1], %r2;"), std::string::npos)
      << text;
  EXPECT_NE(text.find("ld.global.v2.u32\t{%r1, %r2}, [%rd1];"), std::string::npos) << text;
  EXPECT_NE(text.find("prmt.b32.f4e\t%r1, %r2, %r3, %r0;"), std::string::npos) << text;
}

TEST(PtxPrinter, KeepsScopesDeclarationsAndLocs) {
  Module m = parse_ptx(kKitchenSink, "sink.ptx");
  std::string text = print_ptx(m);
  EXPECT_NE(text.find("\t.reg .pred %p<6>;\n"), std::string::npos);
  EXPECT_NE(text.find("\t{\n\t.reg .b32 temp_param_reg;\n\t.param .b64 param0;\n"),
            std::string::npos);
  EXPECT_NE(text.find("\tprototype_1: .callprototype (.param .b32 _) _ (.param .b32 _);\n"),
            std::string::npos);
  EXPECT_NE(text.find("\tcall.uni\t(retval0), vprintf, (param0, param1);\n"), std::string::npos);
  EXPECT_NE(text.find("\tcall\t(retval0), %rd15, (param0), prototype_1;\n"), std::string::npos);
  EXPECT_NE(text.find("\t.loc\t1 12 5, function_name $L__info_string0, inlined_at 1 10 3\n"),
            std::string::npos);
  EXPECT_NE(text.find("\tshfl.sync.bfly.b32\t%r23|%p3, %r22, 16, 31, -1;\n"), std::string::npos);
  EXPECT_NE(text.find("\tld.global.L1::evict_last.L2::128B.u32\t%r7, [%rd4+-4];\n"),
            std::string::npos);
  EXPECT_NE(text.find(".global .align 8 .u64 gaddr[2] = {generic(lut)+4, lut};\n"),
            std::string::npos);
  EXPECT_NE(text.find(".param .u64 .ptr .global .align 16 kitchen_param_0,"), std::string::npos);
  EXPECT_NE(text.find("\t.file\t1 \"kitchen.cu\"\n"), std::string::npos);
  EXPECT_NE(text.find("$L__info_string0:\n.b8 102,0\n"), std::string::npos);
}

TEST(PtxPrinter, ImmediateForms) {
  Module m = testing::parse_kernel(
      ".reg .b64 %rd<6>;\n.reg .f32 %f1;\nmov.b64 %rd1, 0x10;\nmov.b64 %rd2, -5;\n"
      "mov.b64 %rd3, 7U;\nmov.b64 %rd4, 1.5;\nmov.f32 %f1, -0f3F800000;\nld.u64 %rd5, [16];\n"
      "ret;");
  std::string text = print_ptx(m);
  EXPECT_NE(text.find("%rd1, 16;"), std::string::npos);
  EXPECT_NE(text.find("%rd2, -5;"), std::string::npos);
  EXPECT_NE(text.find("%rd3, 7U;"), std::string::npos);
  EXPECT_NE(text.find("%rd4, 0d3FF8000000000000;"), std::string::npos);
  EXPECT_NE(text.find("%f1, 0fBF800000;"), std::string::npos);
  EXPECT_NE(text.find("%rd5, [16];"), std::string::npos);
  EXPECT_TRUE(round_trip(m) == m);
}

TEST(PtxPrinter, InstructionTextForMessages) {
  Module m = parse_ptx(kKitchenSink, "sink.ptx");
  const Function& k = *m.find_function("kitchen");
  std::string last;
  for (const Instruction& inst : k.insts) {
    if (inst.op == Opcode::kBra && inst.guard_negated) last = print_instruction(m, k, inst);
  }
  EXPECT_EQ(last, "@!%p0 bra.uni\t$L__BB0_3");
}

// ptxas is the judge of "valid PTX"; skipped where the CUDA toolkit is not installed.
TEST(PtxPrinter, PtxasAcceptsPrintedText) {
  const std::filesystem::path ptxas = "/usr/local/cuda/bin/ptxas";
  if (!std::filesystem::exists(ptxas)) GTEST_SKIP() << "no ptxas at " << ptxas;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "warpsim_ptx_printer";
  std::filesystem::create_directories(dir);
  std::vector<std::pair<std::string, std::string>> inputs = {{"sink", std::string(kKitchenSink)}};
  const std::filesystem::path corpus = std::filesystem::path(WARPSIM_SOURCE_DIR) / "ptx";
  for (const char* name : {"sm_90/tests__cuda__calls.ptx", "sm_90/tests__cuda__texture.ptx",
                           "sm_75/tests__cuda__atomics.ptx", "sm_90/tests__cuda__cp_async.ptx"}) {
    std::ifstream in(corpus / name);
    if (!in) continue;
    std::stringstream text;
    text << in.rdbuf();
    inputs.emplace_back(std::filesystem::path(name).stem().string(), text.str());
  }
  for (const auto& [name, text] : inputs) {
    Module m = parse_ptx(text, name);
    const std::filesystem::path out = dir / (name + ".ptx");
    std::ofstream(out) << print_ptx(m);
    std::string arch = m.target.at(0);
    std::string command = ptxas.string() + " -arch=" + arch + " " + out.string() +
                          " -o /dev/null 2>" + (dir / (name + ".log")).string();
    EXPECT_EQ(std::system(command.c_str()), 0) << name << ": see " << (dir / (name + ".log"));
  }
}

}  // namespace
}  // namespace warpsim::ptx
