// Thread compaction (src/place/compaction.h) on small kernels written here: what it repeats,
// what it reads once, what it renames and what it refuses.
#include "place/compaction.h"

#include <gtest/gtest.h>

#include "place/cuda_source.h"

namespace warpsim::place {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

constexpr const char* kTiled = R"(
#define T 16
extern "C" __global__ void mm(const float* a, const float* b, float* c, int w) {
  __shared__ float at[T][T];
  __shared__ float bt[T][T];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int rows = blockDim.y;
  float sum = 0.0f;
  for (int s = 0; s < w; s += T) {
    at[ty][tx] = a[(blockIdx.y * T + ty) * w + s + tx];
    bt[ty][tx] = b[(s + ty) * w + blockIdx.x * T + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k) sum += at[ty][k] * bt[k][tx];
    __syncthreads();
  }
  c[(blockIdx.y * rows + ty) * w + blockIdx.x * T + tx] = sum;
}
)";

TEST(Compaction, FindsTheVariantValuesAndTheRedundantLoads) {
  const ParsedSource src = parse_cuda(kTiled, "mm.cu");
  const CompactionInfo y = analyze_compaction(src, "mm", 'y');
  EXPECT_EQ(y.variant, (std::vector<std::string>{"ty", "sum"}));
  // bt[k][tx] in the k loop (16 per tile loop iteration of unknown count, 4): 64.
  EXPECT_DOUBLE_EQ(y.redundant_loads, 64.0);
  const CompactionInfo x = analyze_compaction(src, "mm", 'x');
  EXPECT_EQ(x.variant, (std::vector<std::string>{"tx", "sum"}));
  EXPECT_DOUBLE_EQ(x.redundant_loads, 64.0);  // at[ty][k]
}

TEST(Compaction, RepeatsVariantStatementsAndReadsRedundantLoadsOnce) {
  const ParsedSource src = parse_cuda(kTiled, "mm.cu");
  CompactionInfo info;
  const std::string out = compact_threads(src, "mm", 'y', 4, &info);
  // Each variant variable in four copies; the loop headers and barriers once, as before.
  for (int m = 0; m < 4; ++m) {
    EXPECT_EQ(count(out, "float sum__" + std::to_string(m) + " = 0.0f;"), 1) << out;
  }
  EXPECT_EQ(count(out, "const int ty__3 = (threadIdx.y + 3 * blockDim.y);"), 1) << out;
  EXPECT_EQ(count(out, "__syncthreads()"), 2);
  EXPECT_EQ(count(out, "for (int k = 0; k < T; ++k)"), 1);
  EXPECT_EQ(count(out, "for (int s = 0; s < w; s += T)"), 1);
  // bt[k][tx] is read once per k, into a register the four sums share.
  EXPECT_EQ(count(out, "const auto p3_r0 = bt[k][tx];"), 1) << out;
  EXPECT_EQ(count(out, "* p3_r0;"), 4);
  EXPECT_EQ(info.hoisted, 1);
  // blockDim.y, which code that runs once reads, is the original block's.
  EXPECT_EQ(count(out, "const int rows = (blockDim.y * 4);"), 1) << out;
  EXPECT_NO_THROW(parse_cuda(out, "mm.cu"));  // the result compiles
}

TEST(Compaction, RefusesBarriersAndReturnsUnderThreadDependentControl) {
  const std::string barrier = R"(
extern "C" __global__ void k(float* p) {
  if (threadIdx.y < 8) {
    p[threadIdx.y] = 1.0f;
    __syncthreads();
  }
}
)";
  try {
    compact_threads(parse_cuda(barrier, "b.cu"), "k", 'y', 2);
    FAIL() << "compacted a barrier under a thread-dependent condition";
  } catch (const PlaceError& e) {
    EXPECT_NE(std::string(e.what()).find("b.cu:5"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("barrier"), std::string::npos) << e.what();
  }
  // The same barrier is fine along x, where the condition is the same for all of a row.
  EXPECT_NO_THROW(compact_threads(parse_cuda(barrier, "b.cu"), "k", 'x', 2));
  const std::string early_return = R"(
extern "C" __global__ void k(float* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i] = 2.0f * p[i];
}
)";
  EXPECT_THROW(compact_threads(parse_cuda(early_return, "r.cu"), "k", 'x', 2), PlaceError);
  const std::string shuffle = R"(
extern "C" __global__ void k(int* p) { p[threadIdx.x] = __shfl_sync(0xffffffffu, p[threadIdx.x], 0); }
)";
  const std::string prelude = "__device__ int __shfl_sync(unsigned, int, int);\n";
  EXPECT_THROW(analyze_compaction(parse_cuda(prelude + shuffle, "s.cu"), "k", 'x'), PlaceError);
}

TEST(Compaction, ALoopWithAThreadDependentExitIsRepeatedWhole) {
  const std::string search = R"(
extern "C" __global__ void k(const int* keys, int* found, int n) {
  int at = -1;
  for (int i = 0; i < n; ++i) {
    if (keys[i] == (int)threadIdx.x) {
      at = i;
      break;
    }
  }
  found[threadIdx.x] = at;
}
)";
  const std::string out = compact_threads(parse_cuda(search, "l.cu"), "k", 'x', 2);
  // The loop's counter runs on under a thread-dependent condition: it is per thread too.
  EXPECT_EQ(count(out, "for (int i__0 = 0; i__0 < n; ++i__0)"), 1) << out;
  EXPECT_EQ(count(out, "for (int i__1 = 0; i__1 < n; ++i__1)"), 1) << out;
  EXPECT_EQ(count(out, "at__1 = i__1;"), 1) << out;
  EXPECT_EQ(count(out, "found[(threadIdx.x + 1 * blockDim.x)] = at__1;"), 1) << out;
}

TEST(Compaction, ChecksItsArguments) {
  const ParsedSource src = parse_cuda(kTiled, "mm.cu");
  EXPECT_THROW(compact_threads(src, "mm", 'z', 2), PlaceError);
  EXPECT_THROW(compact_threads(src, "mm", 'y', 1), PlaceError);
  EXPECT_THROW(compact_threads(src, "nope", 'y', 2), PlaceError);
}

}  // namespace
}  // namespace warpsim::place

namespace warpsim::place {
namespace {

TEST(Compaction, AVariableWrittenThroughItsAddressFollowsTheCall) {
  const std::string out_param = R"(
__device__ void split(int i, int* row, int* col) { *row = i / 8; *col = i % 8; }
extern "C" __global__ void k(float* p) {
  int row, col;
  split(threadIdx.x, &row, &col);
  p[row * 8 + col] = 1.0f;
}
)";
  const std::string out = compact_threads(parse_cuda(out_param, "o.cu"), "k", 'x', 2);
  EXPECT_NE(out.find("split((threadIdx.x + 1 * blockDim.x), &row__1, &col__1);"), std::string::npos)
      << out;
  EXPECT_NE(out.find("p[row__1 * 8 + col__1] = 1.0f;"), std::string::npos) << out;
}

}  // namespace
}  // namespace warpsim::place

namespace warpsim::place {
namespace {

TEST(Compaction, AtomicsRunOncePerThreadAndParametersGetCopies) {
  const std::string kernel = R"(
extern "C" __global__ void k(int* count, float* p, int n) {
  atomicAdd(count, 1);
  n += threadIdx.x;
  p[n] = 1.0f;
}
)";
  const std::string prelude = "__device__ int atomicAdd(int*, int);\n";
  const std::string out = compact_threads(parse_cuda(prelude + kernel, "a.cu"), "k", 'x', 2);
  // The atomic's arguments are the same for every thread, but each thread adds one.
  EXPECT_EQ(count(out, "atomicAdd(count, 1);"), 2) << out;
  // n changes per thread: each compacted thread starts from its own copy of the argument.
  EXPECT_EQ(count(out, "auto n__0 = n; auto n__1 = n;"), 1) << out;
  EXPECT_EQ(count(out, "n__1 += (threadIdx.x + 1 * blockDim.x);"), 1) << out;
  EXPECT_NO_THROW(parse_cuda(prelude + out, "a.cu"));
}

}  // namespace
}  // namespace warpsim::place
