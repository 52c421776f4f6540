#include "probe/shared_latency.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "probe/chase.h"

namespace warpsim::probe {
namespace {

constexpr std::uint32_t kWarp = 32;
constexpr double kConflictAccesses = 64;  // per timed run of bank_conflict (shared.cu)
constexpr std::uint32_t kLargestStride = 128;
constexpr std::uint64_t kChaseWords = 256;
constexpr std::uint64_t kChaseWarmup = 256;
constexpr std::uint64_t kChaseRecords = 512;

// Two latencies are the same when within half a cycle or 2 % (averages over 64 accesses on
// hardware jitter a little; the simulator adds as little as one cycle per conflicting row).
bool same(double a, double b) { return std::abs(a - b) <= std::max(0.5, 0.02 * std::max(a, b)); }

std::uint32_t read_u32(Device& device, std::uint64_t address) {
  std::uint32_t value = 0;
  device.read(&value, address, 4);
  return value;
}

double at_stride(const BankSweep& sweep, std::uint32_t stride) {
  for (std::size_t i = 0; i < sweep.strides.size(); ++i) {
    if (sweep.strides[i] == stride) return sweep.latency[i];
  }
  throw std::logic_error("stride not in the sweep");
}

// Lanes 0..n-1 in bank 0, rows 0..n-1; lane t >= n in bank t, row 0 (words_per_bank words a
// bank word, row_words words a row of all banks).
std::vector<std::uint32_t> degree_offsets(std::uint32_t n, std::uint32_t words_per_bank,
                                          std::uint32_t row_words) {
  std::vector<std::uint32_t> offsets(kWarp);
  for (std::uint32_t t = 0; t < kWarp; ++t) offsets[t] = t < n ? t * row_words : t * words_per_bank;
  return offsets;
}

}  // namespace

double warp_access_latency(Device& device, const std::vector<std::uint32_t>& offsets) {
  if (offsets.size() != kWarp) throw std::invalid_argument("one shared offset per lane of a warp");
  const std::uint64_t words = *std::max_element(offsets.begin(), offsets.end()) + 1;
  const std::uint64_t table = device.alloc(kWarp * 4);
  const std::uint64_t out = device.alloc(4);
  device.write(table, offsets.data(), kWarp * 4);
  double cycles[2] = {0, 0};
  const char* kernels[2] = {"bank_conflict", "bank_conflict_calibrate"};
  for (int k = 0; k < 2; ++k) {
    device.launch(Launch{.kernel = kernels[k],
                         .block = {kWarp, 1, 1},
                         .dynamic_shared = static_cast<std::uint32_t>((words + kWarp) * 4),
                         .args = {table, words, out}});
    cycles[k] = read_u32(device, out);
  }
  device.free(table);
  device.free(out);
  return (cycles[0] - cycles[1]) / kConflictAccesses;
}

BankSweep sweep_bank_strides(Device& device) {
  BankSweep sweep;
  for (std::uint32_t stride = 1; stride <= kLargestStride; stride *= 2) {
    std::vector<std::uint32_t> offsets(kWarp);
    for (std::uint32_t t = 0; t < kWarp; ++t) offsets[t] = t * stride;
    sweep.strides.push_back(stride);
    sweep.latency.push_back(warp_access_latency(device, offsets));
  }
  return sweep;
}

double shared_latency(Device& device) {
  const ChaseOverhead overhead = calibrate_chase(device);
  const std::uint64_t summary = device.alloc(32);
  device.launch(Launch{.kernel = "shared_chase",
                       .dynamic_shared = static_cast<std::uint32_t>(kChaseWords * 4),
                       .args = {kChaseWords, 1, kChaseWarmup, kChaseRecords, summary}});
  std::uint64_t values[4];
  device.read(values, summary, sizeof values);
  device.free(summary);
  return static_cast<double>(values[1]) / kChaseRecords - overhead.count;
}

SharedMemory measure_shared(Device& device) {
  SharedMemory shared;
  shared.latency = shared_latency(device);
  const BankSweep sweep = sweep_bank_strides(device);
  const double fastest = at_stride(sweep, 1);
  const double slowest = at_stride(sweep, kLargestStride);
  if (same(fastest, slowest)) return shared;  // no conflicts seen: no bank structure to infer
  std::uint32_t words_per_bank = 1;
  while (words_per_bank * 2 <= kLargestStride &&
         same(at_stride(sweep, words_per_bank * 2), fastest)) {
    words_per_bank *= 2;
  }
  std::uint32_t row_words = kLargestStride;
  while (row_words > 1 && same(at_stride(sweep, row_words / 2), slowest)) row_words /= 2;
  shared.bank_bytes = 4 * words_per_bank;
  shared.banks = row_words / words_per_bank;
  if (shared.banks != kWarp) return shared;  // the degree patterns assume a bank per lane
  for (std::uint32_t n = 1; n <= kWarp; ++n) {
    shared.conflict_latency.push_back(
        warp_access_latency(device, degree_offsets(n, words_per_bank, row_words)));
  }
  return shared;
}

}  // namespace warpsim::probe
