// Pass 1's analysis and rewrite (src/place/shared_arrays.h) on small kernels written here.
#include "place/shared_arrays.h"

#include <gtest/gtest.h>

#include "place/cuda_source.h"

namespace warpsim::place {
namespace {

SharedArray find(const std::vector<SharedArray>& arrays, const std::string& name) {
  for (const SharedArray& a : arrays) {
    if (a.name == name) return a;
  }
  ADD_FAILURE() << "no array " << name;
  return {};
}

constexpr const char* kTile = R"(
#define B 16
extern "C" __global__ void k(const float* in, float* out, int n) {
  __shared__ float tile[B][B];     // shared: neighbours read it
  __shared__ float mine[B][B];     // private: [ty][tx] only
  __shared__ float hist[B][B][4];  // private, dynamic last index
  __shared__ float vec[4 * 64];    // private: tx + 64 * k
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  tile[ty][tx] = in[ty * n + tx];
  mine[ty][tx] = 2.0f * in[ty * n + tx];
  for (int k = 0; k < 4; ++k) vec[tx + 64 * k] = k;
  __syncthreads();
  for (int i = 0; i < n; ++i) hist[ty][tx][i & 3] += 1.0f;
  if (tx > 0) out[ty * n + tx] = tile[ty][tx - 1] + mine[ty][tx] + hist[ty][tx][0] + vec[tx + 64];
}
)";

TEST(SharedArrays, ClassifiesPrivateAndSharedArrays) {
  const ParsedSource src = parse_cuda(kTile, "tile.cu");
  const auto arrays = analyze_shared_arrays(src, "k", Shape{16, 16, 1});
  ASSERT_EQ(arrays.size(), 4u);
  const SharedArray tile = find(arrays, "tile");
  EXPECT_TRUE(tile.overlap);
  EXPECT_EQ(tile.placement(), Placement::kGlobal);
  EXPECT_NE(tile.why_shared.find("tile.cu:"), std::string::npos) << tile.why_shared;
  const SharedArray mine = find(arrays, "mine");
  EXPECT_FALSE(mine.overlap);
  EXPECT_EQ(mine.placement(), Placement::kRegisters);
  EXPECT_TRUE(mine.private_dims.empty());
  const SharedArray hist = find(arrays, "hist");
  EXPECT_EQ(hist.placement(), Placement::kLocal);
  EXPECT_EQ(hist.private_dims, std::vector<long long>{4});
  EXPECT_EQ(hist.bytes, 16u * 16u * 4u * 4u);
  // vec is indexed by tx alone: the rows of a 16 x 16 block share it, those of a 16 x 1 do not.
  EXPECT_TRUE(find(arrays, "vec").overlap);
  const SharedArray vec = find(analyze_shared_arrays(src, "k", Shape{16, 1, 1}), "vec");
  EXPECT_FALSE(vec.overlap) << vec.why_shared;
  EXPECT_EQ(vec.private_dims, std::vector<long long>{4});
  EXPECT_TRUE(vec.dynamic_index);
  // 64 threads in x: tx + 64 k still separates them; 128 do not.
  EXPECT_FALSE(find(analyze_shared_arrays(src, "k", Shape{64, 1, 1}), "vec").overlap);
  EXPECT_TRUE(find(analyze_shared_arrays(src, "k", Shape{128, 1, 1}), "vec").overlap);
}
}  // namespace
}  // namespace warpsim::place

namespace warpsim::place {
namespace {

TEST(SharedArrays, PromotesAPrivateArrayToAThreadLocalOne) {
  const ParsedSource src = parse_cuda(kTile, "tile.cu");
  const std::string mine = promote_shared_array(src, "k", "mine", Shape{16, 16, 1}, Shape{4, 4, 1});
  EXPECT_NE(mine.find("float mine;"), std::string::npos) << mine;
  EXPECT_EQ(mine.find("mine[ty][tx]"), std::string::npos) << mine;
  EXPECT_NE(mine.find("mine = 2.0f * in[ty * n + tx];"), std::string::npos) << mine;
  const std::string hist = promote_shared_array(src, "k", "hist", Shape{16, 16, 1}, Shape{4, 4, 1});
  EXPECT_NE(hist.find("float hist[4];"), std::string::npos) << hist;
  EXPECT_NE(hist.find("hist[i & 3] += 1.0f;"), std::string::npos) << hist;
  EXPECT_NE(hist.find("hist[0]"), std::string::npos) << hist;
  const std::string vec = promote_shared_array(src, "k", "vec", Shape{16, 1, 1}, Shape{4, 1, 1});
  EXPECT_NE(vec.find("float vec[4];"), std::string::npos) << vec;
  EXPECT_NE(vec.find("vec[(k)] = k;"), std::string::npos) << vec;
  EXPECT_NE(vec.find("vec[1]"), std::string::npos) << vec;
  // Each result still parses, and what it moved is gone from the analysis.
  for (const std::string& out : {mine, hist, vec}) {
    const ParsedSource again = parse_cuda(out, "tile.cu");
    EXPECT_EQ(analyze_shared_arrays(again, "k", Shape{16, 1, 1}).size(), 3u);
  }
}

TEST(SharedArrays, MovesASharedArrayToAPerBlockSliceOfGlobalMemory) {
  const ParsedSource src = parse_cuda(kTile, "tile.cu");
  const std::string out = promote_shared_array(src, "k", "tile", Shape{16, 16, 1}, Shape{4, 3, 1});
  EXPECT_NE(out.find("__device__ float tile__g[12][16][16];"), std::string::npos) << out;
  EXPECT_NE(out.find("auto& tile = tile__g[blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * "
                     "blockIdx.z)];"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("tile[ty][tx - 1]"), std::string::npos);  // accesses unchanged
  EXPECT_NO_THROW(parse_cuda(out, "tile.cu"));
}

TEST(SharedArrays, WeightsReferencesByLoopsAndConditions) {
  const ParsedSource src = parse_cuda(kTile, "tile.cu");
  const auto arrays = analyze_shared_arrays(src, "k", Shape{16, 16, 1});
  // tile: one store, one read under `if (tx > 0)`: 1 + 0.5.
  EXPECT_DOUBLE_EQ(find(arrays, "tile").references, 1.5);
  // vec: 4 stores in a loop of 4, one read under the if.
  EXPECT_DOUBLE_EQ(find(arrays, "vec").references, 4.5);
  // hist: one update in a loop of unknown count (4), one read under the if.
  EXPECT_DOUBLE_EQ(find(arrays, "hist").references, 4.5);
}

TEST(SharedArrays, ErrorsNameTheProblem) {
  const ParsedSource src = parse_cuda(kTile, "tile.cu");
  EXPECT_THROW(promote_shared_array(src, "k", "nothing", Shape{16, 16, 1}, Shape{1, 1, 1}),
               PlaceError);
  EXPECT_THROW(parse_cuda("__global__ void k() { undeclared = 1; }", "bad.cu"), PlaceError);
  try {
    parse_cuda("__global__ void k() {\n undeclared = 1; }", "bad.cu");
  } catch (const PlaceError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.cu:2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace warpsim::place
