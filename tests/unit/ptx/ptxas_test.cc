// Reading `ptxas -v` reports, and (where the CUDA toolkit is installed) running ptxas on a kernel
// whose resource use is known from its source.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "ptx/ptxas.h"

namespace warpsim::ptx {
namespace {

// The shape of CUDA 13.0's report: an entry with shared memory and a callee's frame, and a
// non-entry function (no "Used" line of its own).
constexpr std::string_view kReport =
    "ptxas info    : 32 bytes gmem, 8 bytes cmem[4]\n"
    "ptxas info    : Compiling entry function '_Z6reducePKfPfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z6reducePKfPfi\n"
    "    16 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads\n"
    "ptxas info    : Used 27 registers, used 1 barriers, 8192 bytes smem, 372 bytes cmem[0]\n"
    "ptxas info    : Compile time = 6.217 ms\n"
    "ptxas info    : Function properties for _Z6op_addii\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Compiling entry function '_Z3addPii' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z3addPii\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 0 barriers\n";

TEST(Ptxas, ParsesEveryEntryFunctionOfAReport) {
  const auto found = parse_ptxas_report(kReport);
  ASSERT_EQ(found.size(), 2u);
  const PtxasResources& reduce = found.at("_Z6reducePKfPfi");
  EXPECT_EQ(reduce.registers, 27u);
  EXPECT_EQ(reduce.barriers, 1u);
  EXPECT_EQ(reduce.shared, 8192u);
  EXPECT_EQ(reduce.stack_frame, 16u);
  EXPECT_EQ(reduce.spill_stores, 4u);
  EXPECT_EQ(reduce.spill_loads, 8u);
  const PtxasResources& add = found.at("_Z3addPii");
  EXPECT_EQ(add.registers, 12u);
  EXPECT_EQ(add.shared, 0u);
  EXPECT_EQ(add.stack_frame, 0u);
  EXPECT_FALSE(found.contains("_Z6op_addii"));  // not an entry
  EXPECT_TRUE(parse_ptxas_report("ptxas fatal   : Unresolved extern function 'f'\n").empty());
}

// tests/cuda/memspaces.cu's local_array_kernel keeps `int buf[48]` indexed at run time: a
// 192-byte stack frame (nvcc's PTX declares it as a 192-byte __local_depot). ptxas decides the
// register count, so only its range is asserted.
TEST(Ptxas, AssemblesAKernelWhenTheToolkitIsThere) {
  if (!find_ptxas()) GTEST_SKIP() << "no ptxas on this machine";
  const auto cache = std::filesystem::temp_directory_path() /
                     ("warpsim-ptxas-cache-" + std::to_string(::getpid()));
  ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);  // a fresh cache, not the user's
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/ptx/sm_75/tests__cuda__memspaces.ptx");
  const std::string ptx{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_FALSE(ptx.empty());
  std::string why;
  const auto found = ptxas_resources(ptx, 75, &why);
  ASSERT_TRUE(found.has_value()) << why;
  ASSERT_TRUE(found->contains("_Z18local_array_kernelPKiPii"));
  const PtxasResources& r = found->at("_Z18local_array_kernelPKiPii");
  EXPECT_EQ(r.stack_frame, 48u * 4);
  EXPECT_GT(r.registers, 4u);
  EXPECT_LE(r.registers, 255u);
  EXPECT_EQ(r.shared, 0u);
  // A second call is answered from the cache, with the same numbers.
  const auto again = ptxas_resources(ptx, 75, &why);
  ASSERT_TRUE(again.has_value()) << why;
  EXPECT_EQ(again->at("_Z18local_array_kernelPKiPii").registers, r.registers);
  EXPECT_FALSE(std::filesystem::is_empty(cache / "warpsim" / "ptxas"));
  ::unsetenv("XDG_CACHE_HOME");
  std::filesystem::remove_all(cache);
}

TEST(Ptxas, BadPtxIsAReasonNotACrash) {
  if (!find_ptxas()) GTEST_SKIP() << "no ptxas on this machine";
  std::string why;
  EXPECT_FALSE(ptxas_resources(".version 8.0\n.target sm_75\nthis is not ptx\n", 75, &why));
  EXPECT_NE(why.find("failed"), std::string::npos) << why;
}

TEST(Ptxas, CanBeDisabled) {
  ::setenv("WARPSIM_PTXAS", "none", 1);
  std::string why;
  EXPECT_FALSE(find_ptxas().has_value());
  EXPECT_FALSE(ptxas_resources(".version 8.0\n", 75, &why).has_value());
  EXPECT_NE(why.find("no ptxas"), std::string::npos);
  ::unsetenv("WARPSIM_PTXAS");
}

}  // namespace
}  // namespace warpsim::ptx
