// The functional-mode launcher (warpsim_functional.h): kernels found by their C++ text, and
// arguments converted to the PTX parameters as the kernel's prototype would convert them.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "runtime/include/warpsim_functional.h"
#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

using testing::use_test_module;

class FunctionalLaunch : public ::testing::Test {
 protected:
  void SetUp() override {
    use_test_module();
    cudaGetLastError();  // what earlier tests left behind
    ASSERT_EQ(cudaMalloc(&out_, 64), cudaSuccess);
    ASSERT_EQ(cudaMemset(out_, 0, 64), cudaSuccess);
  }
  void TearDown() override { cudaFree(out_); }

  template <class T>
  std::vector<T> result(std::size_t count) {
    std::vector<T> host(count);
    EXPECT_EQ(cudaMemcpy(host.data(), out_, count * sizeof(T), cudaMemcpyDeviceToHost),
              cudaSuccess);
    return host;
  }

  void* out_ = nullptr;
};

TEST_F(FunctionalLaunch, ArgumentsConvertLikeThePrototype) {
  // widths(unsigned long long*, long long, unsigned char, double, short) called with ints:
  // -5 sign-extends to 64 bits, 300 truncates to 44 in a byte, 2 becomes 2.0, -3 a short.
  Launch("widths", 1, 1)(static_cast<unsigned long long*>(out_), -5, 300u, 2, -3);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  const auto got = result<std::uint64_t>(4);
  EXPECT_EQ(got[0], 0xfffffffffffffffbULL);
  EXPECT_EQ(got[1], 44u);
  double d = 0;
  std::memcpy(&d, &got[2], 8);
  EXPECT_EQ(d, 2.0);
  EXPECT_EQ(static_cast<std::int64_t>(got[3]), -3);
}

TEST_F(FunctionalLaunch, IntegerArgumentForFloatParameterIsConvertedNotReinterpreted) {
  float* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 4 * sizeof(float)), cudaSuccess);
  const float host[4] = {1.5f, -2.0f, 3.0f, 8.0f};
  ASSERT_EQ(cudaMemcpy(p, host, sizeof host, cudaMemcpyHostToDevice), cudaSuccess);
  Launch("scale", 1, 32)(p, 3, 3);  // s = 3.0f, n = 3: the fourth element stays
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  float back[4];
  ASSERT_EQ(cudaMemcpy(back, p, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(back[0], 4.5f);
  EXPECT_EQ(back[1], -6.0f);
  EXPECT_EQ(back[2], 9.0f);
  EXPECT_EQ(back[3], 8.0f);
  cudaFree(p);
}

struct Pair {
  int a;
  double b;
};

TEST_F(FunctionalLaunch, StructPassedByValueIsCopiedBytewise) {
  Launch("by_value", 1, 1)(Pair{7, 9.75}, static_cast<int*>(out_));
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  const auto got = result<int>(2);
  EXPECT_EQ(got[0], 7);
  EXPECT_EQ(got[1], 9);
}

TEST_F(FunctionalLaunch, TemplateInstancesAreChosenByTheirArguments) {
  Launch("tmpl<int, 4>", 1, 1)(static_cast<int*>(out_));
  EXPECT_EQ(result<int>(1)[0], 4);
  Launch("(tmpl<float,4>)", 1, 1)(static_cast<int*>(out_));
  EXPECT_EQ(result<int>(1)[0], 44);
  Launch(":: tmpl < int , 4 >", 1, 1)(static_cast<int*>(out_));
  EXPECT_EQ(result<int>(1)[0], 4);
}

TEST_F(FunctionalLaunch, BadConfigurationIsAnErrorNotAFault) {
  Launch("tmpl<int, 4>", 1, 2048)(static_cast<int*>(out_));
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  Launch("tmpl<int, 4>", dim3(1, 70000), 1)(static_cast<int*>(out_));
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  Launch("tmpl<int, 4>", 1, 1, std::size_t{1} << 40)(static_cast<int*>(out_));
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  Launch("tmpl<int, 4>", 1, 1, 0, reinterpret_cast<cudaStream_t>(0x1234))(static_cast<int*>(out_));
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(result<int>(1)[0], 0);  // nothing ran
}

using FunctionalLaunchDeathTest = FunctionalLaunch;

TEST_F(FunctionalLaunchDeathTest, UnknownKernelListsTheKernels) {
  EXPECT_EXIT(Launch("nope", 1, 1)(out_), ::testing::ExitedWithCode(2),
              "no kernel named 'nope': the loaded PTX has: .*scale");
}

TEST_F(FunctionalLaunchDeathTest, TemplateNameWithoutArgumentsIsAmbiguous) {
  EXPECT_EXIT(Launch("tmpl", 1, 1)(out_), ::testing::ExitedWithCode(2),
              "more than one kernel named 'tmpl'");
}

TEST_F(FunctionalLaunchDeathTest, WrongArgumentCountEndsTheProgram) {
  EXPECT_EXIT(Launch("scale", 1, 1)(out_, 1.0f), ::testing::ExitedWithCode(2),
              "2 arguments given, the kernel takes 3");
}

TEST_F(FunctionalLaunchDeathTest, PointerForANarrowParameterEndsTheProgram) {
  EXPECT_EXIT(Launch("widths", 1, 1)(out_, 1, out_, 2.0, 3), ::testing::ExitedWithCode(2),
              "argument 3: a pointer for a parameter of another size");
}

TEST_F(FunctionalLaunchDeathTest, ObjectOfAnotherSizeEndsTheProgram) {
  struct Small {
    int a;
  };
  EXPECT_EXIT(Launch("by_value", 1, 1)(Small{1}, out_), ::testing::ExitedWithCode(2),
              "argument 1: an object of another size");
}

TEST_F(FunctionalLaunchDeathTest, KernelFaultIsFatal) {
  EXPECT_EXIT(Launch("fault", 1, 1)(out_), ::testing::ExitedWithCode(2),
              "warpsim: .*out-of-bounds");
}

}  // namespace
}  // namespace warpsim::runtime
