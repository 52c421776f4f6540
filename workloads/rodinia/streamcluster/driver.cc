// rodinia/streamcluster: Rodinia 3.x StreamCluster's GPU kernel, kernel_compute_cost
// (streamcluster.cu), driven by the host side of the original's pgain (streamcluster_cuda.cu)
// for a bounded, deterministic sequence of candidate facilities on one chunk of points.
// Per pgain call, as the original: number the open centers (center_table), copy it and the
// points (weight, assign, cost) to the device, clear switch_membership and work_mem
// (stride = K + 1 floats per point, plus one row), launch ceil(num / 512) blocks of 512 threads,
// copy work_mem and switch_membership back, and on the CPU sum each center's row of work_mem
// (plus the facility cost z) to decide which centers to close and whether opening x saves
// cost; if it does, reassign the switching points and those of closed centers to x.
// What departs from Rodinia's run (`sc_gpu 10 20 256 65536 65536 1000`: k1 = 10, k2 = 20,
// dim = 256, n = chunk = 65536, clustersize 1000):
// - the original's local search (pspeedy's random initial solution, pFL's shuffled rounds of
//   pgain until the cost settles, the binary search on z over k1..k2 centers) calls pgain
//   hundreds of times with random candidates; we start from k1 = 10 centers at evenly spaced
//   points, each point assigned to its nearest one, use a fixed facility cost z, and call pgain
//   a fixed number of times with candidates from a fixed integer hash;
// - the points are not uniform random (the original's SimStream) but drawn around 16 hidden
//   cluster centres, so that some candidates open a center (one in an uncovered cluster) and
//   close duplicates, and others do not;
// - work_mem is allocated once (for the largest K) and cleared with a copy instead of
//   cudaMalloc / cudaMemset / cudaFree per call.
// Sizes: paper n = 65536 points of dim 256 (Rodinia's run script), 16 pgain calls; small
// n = 8192, dim 128, 8 calls; tiny n = 2048, dim 16, 6 calls.
// Check, per pgain call: switch_membership exactly (a flag whose reference cost is within the
// float error bound of the point's current cost may go either way; the work_mem slot is then
// checked for the GPU's choice), and every work_mem entry with Bounded (bounded.h) against the
// kernel's expression evaluated on the CPU, the untouched entries exactly zero.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t num;    // points (one chunk)
  std::int32_t dim;    // coordinates per point
  std::int32_t calls;  // pgain calls
};
constexpr Dims kDims[] = {{2048, 16, 6}, {8192, 128, 8}, {65536, 256, 16}};
constexpr std::int32_t kInitialCenters = 10;  // k1
constexpr std::int32_t kHiddenClusters = 16;
constexpr std::uint32_t kBlock = 512;        // THREADS_PER_BLOCK
constexpr std::uint32_t kMaxBlocks = 65536;  // MAXBLOCKS

// The original's Point as the device reads it (a 64-bit host's layout, 32 bytes).
struct DevicePoint {
  float weight;
  std::uint32_t pad0;
  std::uint64_t coord;  // a host pointer in the original; unused by the kernel
  std::int64_t assign;
  float cost;
  std::uint32_t pad1;
};
static_assert(sizeof(DevicePoint) == 32);

std::uint32_t mix(std::uint32_t v) {
  v = v * 0x9e3779b1u + 0x632be5abu;
  v ^= v >> 16;
  v *= 0x85ebca6bu;
  v ^= v >> 13;
  v *= 0xc2b2ae35u;
  v ^= v >> 16;
  return v;
}
float unit(std::uint32_t v) { return static_cast<float>(mix(v) >> 8) * 0x1p-24f; }  // [0, 1)

class StreamCluster final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/streamcluster"; }
  std::string_view description() const override {
    return "Rodinia StreamCluster: pgain's per-point cost kernel (dimension-major coordinates, "
           "array-of-structures points) under a bounded local search";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("n={}, dim={}, k1={}, pgain calls={}", d.num, d.dim, kInitialCenters,
                       d.calls);
  }
  void run(Host& host, Size size) const override;
};

struct Points {
  std::int32_t num = 0;
  std::int32_t dim = 0;
  std::vector<float> coord;  // point-major, as the original's host Point::coord
  std::vector<float> weight;
  std::vector<std::int64_t> assign;
  std::vector<float> cost;

  const float* at(std::int64_t i) const { return &coord[static_cast<std::size_t>(i) * dim]; }
  // The original's host dist(): the squared distance, summed in float in dimension order.
  float dist(std::int64_t a, std::int64_t b) const {
    float sum = 0;
    for (std::int32_t i = 0; i < dim; ++i) {
      const float diff = at(a)[i] - at(b)[i];
      sum += diff * diff;
    }
    return sum;
  }
};

Points make_points(const Dims& d) {
  Points pts;
  pts.num = d.num;
  pts.dim = d.dim;
  const auto n = static_cast<std::size_t>(d.num);
  const auto dim = static_cast<std::size_t>(d.dim);
  std::vector<float> centres(kHiddenClusters * dim);
  for (std::size_t k = 0; k < centres.size(); ++k) {
    centres[k] = unit(static_cast<std::uint32_t>(k) ^ 0x5bd1e995u);
  }
  pts.coord.resize(n * dim);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t cluster = mix(static_cast<std::uint32_t>(i) + 0x1000u) % kHiddenClusters;
    for (std::size_t k = 0; k < dim; ++k) {
      const float noise = 0.2f * unit(static_cast<std::uint32_t>(i * dim + k) + 0x40000000u) - 0.1f;
      pts.coord[i * dim + k] = centres[cluster * dim + k] + noise;
    }
  }
  pts.weight.assign(n, 1.0f);  // the original's weights are 1
  pts.assign.assign(n, 0);
  pts.cost.assign(n, 0.0f);
  return pts;
}

// The expected work_mem row entry and switch flag of one point, and whether the flag is
// decided (the reference cost is not within its error bound of the point's current cost).
struct Expected {
  Bounded x_cost;
  bool decided = true;
  bool switches = false;
};

Expected expected_cost(const Points& pts, std::int32_t point, std::int64_t x) {
  Bounded sum;
  for (std::int32_t i = 0; i < pts.dim; ++i) {
    const Bounded diff = Bounded::exact(pts.at(point)[i]) - Bounded::exact(pts.at(x)[i]);
    sum += diff * diff;
  }
  Expected e;
  e.x_cost = sum * Bounded::exact(pts.weight[static_cast<std::size_t>(point)]);
  const double current = pts.cost[static_cast<std::size_t>(point)];
  e.switches = e.x_cost.value < current;
  e.decided = std::fabs(e.x_cost.value - current) > 2 * e.x_cost.error + 1e-30;
  return e;
}

void check_call(std::int32_t call, const Points& pts, std::int64_t x, std::int32_t k,
                std::int32_t stride, const std::vector<std::int32_t>& center_table,
                const std::vector<float>& work_mem, const std::vector<std::uint8_t>& switched) {
  const auto ustride = static_cast<std::size_t>(stride);
  std::vector<Bounded> want(work_mem.size());  // zero, exact
  for (std::int32_t i = 0; i < pts.num; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const Expected e = expected_cost(pts, i, x);
    if (switched[ui] > 1 || (e.decided && (switched[ui] != 0) != e.switches)) {
      throw CheckFailed(fmt::format("pgain call {}: switch_membership[{}] = {}, expected {}", call,
                                    i, switched[ui], e.switches ? 1 : 0));
    }
    const Bounded current = Bounded::exact(pts.cost[ui]);
    if (switched[ui] != 0) {
      want[ui * ustride + static_cast<std::size_t>(k)] = e.x_cost - current;
    } else {
      const auto slot =
          static_cast<std::size_t>(center_table[static_cast<std::size_t>(pts.assign[ui])]);
      want[ui * ustride + slot] = current - e.x_cost;
    }
  }
  check_close(fmt::format("work_mem (pgain call {})", call), work_mem, want, ustride);
}

void StreamCluster::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  Points pts = make_points(d);
  const auto n = static_cast<std::size_t>(d.num);
  const auto dim = static_cast<std::size_t>(d.dim);

  // Initial solution: k1 centers at evenly spaced points, every point at its nearest one.
  std::vector<std::uint8_t> is_center(n, 0);
  std::vector<std::int64_t> initial;
  for (std::int32_t c = 0; c < kInitialCenters; ++c) {
    initial.push_back(static_cast<std::int64_t>(c) * (d.num / kInitialCenters));
    is_center[static_cast<std::size_t>(initial.back())] = 1;
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t c = 0; c < initial.size(); ++c) {
      const float cost = pts.dist(static_cast<std::int64_t>(i), initial[c]) * pts.weight[i];
      if (c == 0 || cost < pts.cost[i]) {
        pts.cost[i] = cost;
        pts.assign[i] = initial[c];
      }
    }
  }
  // Facility cost: about what moving one hidden cluster's points across a tenth of the unit
  // cube would cost, so that a candidate in a cluster without a center opens one.
  const float z = static_cast<float>(d.num) / kHiddenClusters * static_cast<float>(d.dim) * 0.01f;
  std::int32_t num_centers = kInitialCenters;

  host.load_workload_ptx(name());
  // Coordinates dimension-major (the original's coord_h), copied once: they never change.
  std::vector<float> coord_t(n * dim);
  for (std::size_t k = 0; k < dim; ++k) {
    for (std::size_t i = 0; i < n; ++i) coord_t[k * n + i] = pts.coord[i * dim + k];
  }
  const Addr coord_dev = host.alloc_copy(coord_t);
  const Addr center_table_dev = host.alloc(n * sizeof(std::int32_t));
  const Addr switch_dev = host.alloc(n);
  const Addr points_dev = host.alloc(n * sizeof(DevicePoint));
  const std::size_t max_stride = static_cast<std::size_t>(kInitialCenters + d.calls + 1);
  const Addr work_mem_dev = host.alloc(max_stride * (n + 1) * sizeof(float));
  const std::uint32_t blocks = blocks_for(n, kBlock);
  const std::uint32_t blocks_y = blocks_for(blocks, kMaxBlocks);
  const func::Dim3 grid{blocks_for(blocks, blocks_y), blocks_y, 1};

  std::vector<std::int32_t> center_table(n, 0);
  std::int32_t opened = 0;
  for (std::int32_t call = 0; call < d.calls; ++call) {
    const std::int64_t x = mix(static_cast<std::uint32_t>(call) + 0x77u) % n;
    const std::int32_t k = num_centers;
    const std::int32_t stride = k + 1;
    const std::size_t words = static_cast<std::size_t>(stride) * (n + 1);
    std::int32_t count = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (is_center[i] != 0) center_table[i] = count++;
    }
    std::vector<DevicePoint> dev_points(n);
    for (std::size_t i = 0; i < n; ++i) {
      dev_points[i] = DevicePoint{pts.weight[i], 0, 0, pts.assign[i], pts.cost[i], 0};
    }
    host.copy_in(center_table_dev, center_table.data(), n * sizeof(std::int32_t));
    host.copy_in(points_dev, dev_points.data(), n * sizeof(DevicePoint));
    const std::vector<std::uint8_t> no_switch(n, 0);
    host.copy_in(switch_dev, no_switch.data(), n);
    const std::vector<float> zeros(words, 0.0f);
    host.copy_in(work_mem_dev, zeros.data(), words * sizeof(float));
    host.launch("kernel_compute_cost", grid, {kBlock}, 0, d.num, d.dim, x, points_dev, k, stride,
                coord_dev, work_mem_dev, center_table_dev, switch_dev);
    std::vector<float> work_mem = host.read<float>(work_mem_dev, words);
    const std::vector<std::uint8_t> switched = host.read<std::uint8_t>(switch_dev, n);
    check_call(call, pts, x, k, stride, center_table, work_mem, switched);

    // The rest of pgain, on the CPU as in the original.
    std::int32_t to_close = 0;
    float gain = z;  // cost of opening x
    float* gl_lower = &work_mem[static_cast<std::size_t>(stride) * n];
    for (std::size_t i = 0; i < n; ++i) {
      if (is_center[i] != 0) {
        const auto slot = static_cast<std::size_t>(center_table[i]);
        float low = z;
        for (std::size_t j = 0; j < n; ++j)
          low += work_mem[j * static_cast<std::size_t>(stride) + slot];
        gl_lower[slot] = low;
        if (low > 0) {
          ++to_close;
          work_mem[i * static_cast<std::size_t>(stride) + static_cast<std::size_t>(k)] -= low;
        }
      }
      gain += work_mem[i * static_cast<std::size_t>(stride) + static_cast<std::size_t>(k)];
    }
    if (gain < 0) {
      ++opened;
      for (std::size_t i = 0; i < n; ++i) {
        const bool close_center = gl_lower[static_cast<std::size_t>(
                                      center_table[static_cast<std::size_t>(pts.assign[i])])] > 0;
        if (switched[i] != 0 || close_center) {
          pts.cost[i] = pts.dist(static_cast<std::int64_t>(i), x) * pts.weight[i];
          pts.assign[i] = x;
        }
      }
      for (std::size_t i = 0; i < n; ++i) {
        if (is_center[i] != 0 && gl_lower[static_cast<std::size_t>(center_table[i])] > 0) {
          is_center[i] = 0;
        }
      }
      is_center[static_cast<std::size_t>(x)] = 1;
      num_centers = num_centers + 1 - to_close;
    }
  }
  // The local search must have moved: a run in which no candidate opened a center would not
  // exercise the state the later calls see.
  if (opened == 0) throw CheckFailed("no pgain call opened a center (driver inputs)");
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(StreamCluster);

}  // namespace warpsim::workload
