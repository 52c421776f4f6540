#include "runtime/kernel_names.h"

#include <gtest/gtest.h>

namespace warpsim::runtime {
namespace {

// Mangled names below are the Itanium ABI spellings of the C++ declarations in the comments
// (as g++ and nvcc produce them; c++filt reads them back).
TEST(KernelNames, PlainFunctionLosesItsParameterList) {
  EXPECT_EQ(kernel_cpp_name("_Z5scalePffi"), "scale");           // scale(float*, float, int)
  EXPECT_EQ(kernel_cpp_name("_ZN2ns6kernelEPi"), "ns::kernel");  // ns::kernel(int*)
}

TEST(KernelNames, TemplateLosesItsReturnTypeAndSpaces) {
  EXPECT_EQ(kernel_cpp_name("_Z4tmplIiLi4EEvPi"), "tmpl<int,4>");  // void tmpl<int, 4>(int*)
  EXPECT_EQ(kernel_cpp_name("_Z4nestI1AIiEEvv"), "nest<A<int>>");  // void nest<A<int> >()
  // void matmul_tiled<double, 8>(double const*, double const*, double*, int, int, int)
  EXPECT_EQ(kernel_cpp_name("_Z12matmul_tiledIdLi8EEvPKT_S2_PS0_iii"), "matmul_tiled<double,8>");
}

TEST(KernelNames, UnmangledNamesStayAsTheyAre) {
  EXPECT_EQ(kernel_cpp_name("plain_c"), "plain_c");
  EXPECT_EQ(kernel_cpp_name("_Znot_really"), "_Znot_really");
}

TEST(KernelNames, ProgramTextIsNormalizedTheSameWay) {
  EXPECT_EQ(normalize_kernel_text("matmul_tiled<double, 8>"), "matmul_tiled<double,8>");
  EXPECT_EQ(normalize_kernel_text("(matmul_tiled<double, 8>)"), "matmul_tiled<double,8>");
  EXPECT_EQ(normalize_kernel_text("((k))"), "k");
  EXPECT_EQ(normalize_kernel_text("::ns::kernel"), "ns::kernel");
  EXPECT_EQ(normalize_kernel_text("nest<A<int> >"), "nest<A<int>>");
  // Parentheses that do not enclose the whole text are kept.
  EXPECT_EQ(normalize_kernel_text("(a)(b)"), "(a)(b)");
}

TEST(KernelNames, TemplateArgumentsCanBeDropped) {
  EXPECT_EQ(without_template_args("ns::f<int,4>"), "ns::f");
  EXPECT_EQ(without_template_args("nest<A<int>>"), "nest");
  EXPECT_EQ(without_template_args("plain"), "plain");
  EXPECT_EQ(without_template_args(""), "");
}

}  // namespace
}  // namespace warpsim::runtime
