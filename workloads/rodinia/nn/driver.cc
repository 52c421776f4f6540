// rodinia/nn: Rodinia 3.x's Nearest Neighbor (nn_cuda.cu): the distance from every hurricane
// record's (latitude, longitude) to a target location on the GPU (kernel `euclid`, nn.cu, one
// thread per record, 256 threads per block), then the k nearest records picked on the host.
//
// Sizes: paper and small are Rodinia's default input, the four files of filelist_4 with 42,764
// records in all, which gives ceil(42764 / 256) = 168 blocks, seed 000 Table 6.2's NN grid; the
// target and k are Rodinia's run script's (`nn filelist_4 -r 5 -lat 30 -lng 90`). small equals
// paper: the whole kernel is about 39 K warp instructions, and seed 000 ch. 6 studies it at
// that launch shape. tiny is a quarter of it (10,691 records, 42 blocks).
// Input: the original reads text records (date, name, latitude, longitude, ...) from the
// files; ours are positions from a fixed hash, latitude 0.0..89.9 and longitude 0.0..179.9 in
// tenths of a degree, as the database's one-decimal fields.
// Reference: every distance repeated exactly (the kernel's order of rounded operations:
// subtract, multiply, fused multiply-add, correctly rounded square root) and compared for
// equality; the k nearest records chosen by the original's selection (findLowest: for i < k,
// the first smallest of the remaining records is swapped to position i) from the GPU's
// distances must be the reference's, index for index.

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/rounded.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kRecords[] = {10691, 42764, 42764};
constexpr std::uint32_t kBlock = 256;  // DEFAULT_THREADS_PER_BLOCK
constexpr float kTargetLat = 30.0f;
constexpr float kTargetLng = 90.0f;
constexpr std::size_t kNearest = 5;  // -r 5

// The original's `LatLong`.
struct LatLong {
  float lat;
  float lng;
};

// Indices of the k records with the smallest distances, in the order the original's findLowest
// leaves them: for i < k, the first smallest distance among positions i.. is swapped to i.
std::vector<std::int32_t> find_lowest(std::vector<float> distances, std::size_t k) {
  std::vector<std::int32_t> index(distances.size());
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = static_cast<std::int32_t>(i);
  for (std::size_t i = 0; i < k && i < distances.size(); ++i) {
    std::size_t lowest = i;
    for (std::size_t j = i + 1; j < distances.size(); ++j) {
      if (distances[j] < distances[lowest]) lowest = j;
    }
    std::swap(distances[i], distances[lowest]);
    std::swap(index[i], index[lowest]);
  }
  index.resize(std::min(k, index.size()));
  return index;
}

class NearestNeighbor final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/nn"; }
  std::string_view description() const override {
    return "Rodinia NN: Euclidean distance of each hurricane record to a target, one thread per "
           "record (256-thread blocks), k nearest picked on the host";
  }
  std::string dimensions(Size size) const override {
    const std::int32_t n = for_size(kRecords, size);
    return fmt::format("{} records, {} blocks, k={}", n, blocks_for(n, kBlock), kNearest);
  }
  void run(Host& host, Size size) const override;
};

void NearestNeighbor::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kRecords, size);
  const auto count = static_cast<std::size_t>(n);
  std::vector<LatLong> records(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t h = fmix32(static_cast<std::uint32_t>(i) * 0x9E3779B1u + 0x2545F491u);
    // Tenths of a degree, as the records' text fields; the float nearest to each.
    records[i].lat = static_cast<float>(h % 900u) / 10.0f;
    records[i].lng = static_cast<float>((h / 900u) % 1800u) / 10.0f;
  }

  host.load_workload_ptx(name());
  const Addr records_dev = host.alloc_copy(records);
  const Addr distances_dev = host.alloc(count * sizeof(float));
  // The original's grid: ceil(n / 256) blocks, folded into y past 65535 (never at these sizes).
  const std::uint32_t blocks = blocks_for(count, kBlock);
  const std::uint32_t grid_y = (blocks + 65534) / 65535;
  const std::uint32_t grid_x = (blocks + grid_y - 1) / grid_y;
  host.launch("euclid", {grid_x, grid_y}, {kBlock}, 0, records_dev, distances_dev, n, kTargetLat,
              kTargetLng);
  const std::vector<float> got = host.read<float>(distances_dev, count);

  std::vector<float> want(count);
  for (std::size_t i = 0; i < count; ++i) {
    const float dlat = rounded_sub(kTargetLat, records[i].lat);
    const float dlng = rounded_sub(kTargetLng, records[i].lng);
    want[i] = std::sqrt(std::fmaf(dlat, dlat, rounded_mul(dlng, dlng)));
  }
  // exact(): error bound 0, so check_close demands equality.
  check_close("distance", got, exact(want));
  check_equal("nearest records", find_lowest(got, kNearest), find_lowest(want, kNearest));
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NearestNeighbor);

}  // namespace warpsim::workload
