// The auto-tuner's search order and stopping rule (src/place/tuner.h), with evaluations that
// time a version by what its source contains.
#include "place/tuner.h"

#include <gtest/gtest.h>

namespace warpsim::place {
namespace {

constexpr const char* kKernel = R"(
extern "C" __global__ void k(const float* in, float* out) {
  __shared__ float big[16][16];    // shared with neighbours: global memory
  __shared__ float small[16][16];  // private: registers
  __shared__ float priv[16][16];   // private: registers, read more often
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  big[ty][tx] = in[ty * 16 + tx];
  small[ty][tx] = in[tx];
  priv[ty][tx] = 1.0f;
  __syncthreads();
  for (int i = 0; i < 8; ++i) priv[ty][tx] += big[ty][(tx + i) & 15] * in[i];
  out[ty * 16 + tx] = priv[ty][tx] + small[ty][tx];
}
)";

bool has(const Version& v, const std::string& what) {
  return v.source.find(what) != std::string::npos;
}

TEST(Tuner, TriesRegistersByReferencesThenMemoryThenCompactionStoppingAtFirstSlowdown) {
  TuneOptions options;
  options.kernel = "k";
  options.block = Shape{16, 16, 1};
  options.grid = Shape{2, 2, 1};
  // Registers help; moving `big` to global memory does not; compaction along y helps at 2 and 4
  // only, then along x (on top of y's best) at 2 only.
  std::vector<std::string> order;
  const TuneResult result = tune(kKernel, "k.cu", options, [&](const Version& v) {
    double cycles = 1000;
    if (has(v, "float priv;") || has(v, "float priv__0")) cycles -= 100;
    if (has(v, "float small;") || has(v, "float small__0")) cycles -= 50;
    if (has(v, "big__g")) cycles += 10;
    if (v.block_divisor.y == 2) cycles -= 200;
    if (v.block_divisor.y == 4) cycles -= 300;
    if (v.block_divisor.y == 8) cycles += 500;
    if (v.block_divisor.x == 2) cycles -= 20;
    if (v.block_divisor.x == 4) cycles += 100;
    order.push_back(v.pass + ":" + v.description.substr(0, v.description.find(' ')) + ":" +
                    std::to_string(v.block_divisor.x) + "x" + std::to_string(v.block_divisor.y));
    return cycles;
  });
  EXPECT_EQ(order,
            (std::vector<std::string>{"original:as:1x1", "P1:priv:1x1", "P1:small:1x1",
                                      "P2-global:big:1x1", "P3:C_Factor:1x2", "P3:C_Factor:1x4",
                                      "P3:C_Factor:1x8", "P3:C_Factor:2x4", "P3:C_Factor:4x4"}));
  ASSERT_EQ(result.versions.size(), 9u);
  for (const Version& v : result.versions) EXPECT_EQ(v.error, "") << v.name;
  EXPECT_EQ(result.best, 7u);  // C_Factor 2 x 4 on top of both P1 versions
  EXPECT_DOUBLE_EQ(result.versions[7].cycles, 1000 - 150 - 300 - 20);
  // priv depends on threadIdx.y: one copy per compacted thread; small (= in[tx]) does not
  // along y, and along x it does: two copies.
  EXPECT_TRUE(has(result.versions[5], "float priv__3;"));
  EXPECT_TRUE(has(result.versions[5], "float small;"));
  EXPECT_TRUE(has(result.versions[7], "float small__1;"));
  EXPECT_FALSE(has(result.versions[7], "big__g"));
  EXPECT_EQ(result.full_space, 8u * 5u * 5u);  // 3 arrays; 1 + 4 factors along y and along x
  EXPECT_TRUE(result.versions[2].kept);
  EXPECT_FALSE(result.versions[3].kept);
  EXPECT_TRUE(result.versions[5].kept);  // y's best, the base of x's versions
  EXPECT_TRUE(result.versions[7].kept);
  EXPECT_FALSE(result.versions[8].kept);
}

TEST(Tuner, AFailingVersionStopsItsPassAndIsReported) {
  TuneOptions options;
  options.kernel = "k";
  options.block = Shape{16, 16, 1};
  options.grid = Shape{2, 2, 1};
  options.pass2 = false;
  const TuneResult result = tune(kKernel, "k.cu", options, [&](const Version& v) -> double {
    if (v.pass == "P1") throw std::runtime_error("the workload's reference check failed");
    return 1000;
  });
  ASSERT_EQ(result.versions.size(), 3u);  // original, priv (failed), then P2's big (not faster)
  EXPECT_EQ(result.versions[1].error, "the workload's reference check failed");
  EXPECT_EQ(result.best, 0u);
}

}  // namespace
}  // namespace warpsim::place
