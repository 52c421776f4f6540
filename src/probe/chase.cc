// Running the fine-grained pointer chase (chase.h) on a Device: the array is laid out from the
// visiting order, the path's kernel (microbench/kernels/chase.cu) records as many loads as one
// block's shared memory holds per launch, and the cost of the timing code is subtracted.

#include "probe/chase.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "probe/device.h"

namespace warpsim::probe {
namespace {

constexpr std::uint32_t kRecordBytes = 6;  // a 32-bit index and a 16-bit latency
constexpr std::uint32_t kCalibrationRecords = 256;
constexpr std::uint32_t kCalibrationWarmup = 16;

const char* path_suffix(LoadPath path) {
  switch (path) {
    case LoadPath::kGlobalCa:
      return "ca";
    case LoadPath::kGlobalCg:
      return "cg";
    case LoadPath::kReadOnly:
      return "nc";
    case LoadPath::kTexture:
      return "tex";
  }
  return "ca";
}

// Device memory freed when the scope ends, whatever happens in it.
class Buffer {
 public:
  Buffer(Device& device, std::uint64_t bytes) : device_(device), address_(device.alloc(bytes)) {}
  ~Buffer() {
    try {
      device_.free(address_);
    } catch (const std::exception&) {  // a failing free must not end the program mid-unwind
    }
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  std::uint64_t address() const { return address_; }

 private:
  Device& device_;
  std::uint64_t address_;
};

std::vector<std::uint32_t> read_words(Device& device, std::uint64_t address, std::uint64_t n) {
  std::vector<std::uint32_t> words(n);
  device.read(words.data(), address, n * 4);
  return words;
}

// Every chase launch (record mode, count mode, calibration) asks for the same dynamic shared
// memory: where L1 and shared memory share one array (Volta on), the L1 a kernel gets depends on
// it, and all chases of a probe must see one L1. 48 KB is the most a CUDA kernel gets without
// opting in, and 8192 records of 6 bytes.
constexpr std::uint32_t kChaseSharedBytes = 48 * 1024;

std::uint32_t chase_shared_bytes(Device& device) {
  return std::min(kChaseSharedBytes, device.info().shared_per_block) / 4 * 4;
}

// Records one launch keeps in shared memory (indices and latencies).
std::uint32_t records_per_launch(Device& device) {
  const std::uint32_t records = chase_shared_bytes(device) / kRecordBytes;
  if (records == 0) throw std::runtime_error("the device has no shared memory for chase records");
  return records;
}

double median(std::vector<std::uint32_t> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

void check_spec(const ChaseSpec& spec) {
  const std::uint64_t words = spec.array_bytes / 4;
  if (spec.order.empty()) throw std::invalid_argument("a chase needs a non-empty order");
  if (spec.count_windows == 0 || spec.records % spec.count_windows != 0) {
    throw std::invalid_argument("a chase's records must split into its count windows");
  }
  if (words > (1ull << 32)) throw std::invalid_argument("chase arrays hold at most 2^32 words");
  for (std::uint64_t index : spec.order) {
    if (index >= words) {
      throw std::invalid_argument("chase order index " + std::to_string(index) +
                                  " is outside the array of " + std::to_string(words) + " words");
    }
  }
}

// Writes the chased array: A[order[i]] = order[i + 1], the last pointing back to order[0].
// A chase reads only the words of its order, so a sparse order (the TLB chases touch one word
// per page of arrays up to 1 GB) writes only its own words instead of a host copy of the whole
// array (what an earlier chase left in the others is never read).
void write_chase_array(Device& device, std::uint64_t address, const ChaseSpec& spec) {
  const std::uint64_t words = spec.array_bytes / 4;
  auto next = [&](std::size_t i) {
    return static_cast<std::uint32_t>(spec.order[(i + 1) % spec.order.size()]);
  };
  constexpr std::uint64_t kSparse = 64;  // fewer visited words than 1 in 64: word by word
  if (spec.order.size() * kSparse < words) {
    for (std::size_t i = 0; i < spec.order.size(); ++i) {
      const std::uint32_t value = next(i);
      device.write(address + spec.order[i] * 4, &value, sizeof value);
    }
    return;
  }
  std::vector<std::uint32_t> array(words, 0);
  for (std::size_t i = 0; i < spec.order.size(); ++i) array[spec.order[i]] = next(i);
  device.write(address, array.data(), words * 4);
}

std::uint32_t subtract(std::uint32_t raw, double overhead) {
  const double value = std::round(static_cast<double>(raw) - overhead);
  return value > 0 ? static_cast<std::uint32_t>(value) : 0;
}

void record_windows(Device& device, const ChaseSpec& spec, std::uint64_t operand, double overhead,
                    ChaseTrace& trace) {
  const std::uint32_t per_launch =
      std::min<std::uint64_t>(records_per_launch(device), spec.records);
  Buffer latencies(device, std::uint64_t{per_launch} * 4);
  Buffer indices(device, std::uint64_t{per_launch} * 4);
  const std::string kernel = std::string("chase_") + path_suffix(spec.path);
  for (std::uint64_t done = 0; done < spec.records; done += per_launch) {
    const std::uint64_t n = std::min<std::uint64_t>(per_launch, spec.records - done);
    device.launch(Launch{.kernel = kernel,
                         .dynamic_shared = chase_shared_bytes(device),
                         .args = {operand, spec.order.front(), spec.warmup + done, n,
                                  latencies.address(), indices.address()}});
    const std::vector<std::uint32_t> raw = read_words(device, latencies.address(), n);
    const std::vector<std::uint32_t> index = read_words(device, indices.address(), n);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint32_t latency = subtract(raw[i], overhead);
      trace.latency.push_back(latency);
      trace.index.push_back(index[i]);
      trace.latency_sum += latency;
    }
  }
}

void count_slow(Device& device, const ChaseSpec& spec, std::uint64_t operand, double overhead,
                ChaseTrace& trace) {
  Buffer summary(device, 16);
  const auto threshold = static_cast<std::uint64_t>(spec.count_above + std::llround(overhead));
  const std::uint64_t per_window = spec.records / spec.count_windows;
  const std::size_t n = spec.order.size();
  std::uint64_t position = 0;  // loads run so far: the next window starts at order[position % n]
  for (std::uint32_t w = 0; w < spec.count_windows; ++w) {
    const std::uint64_t skip = w == 0 ? spec.warmup : spec.window_warmup;
    device.launch(Launch{.kernel = std::string("chase_count_") + path_suffix(spec.path),
                         .dynamic_shared = chase_shared_bytes(device),
                         .args = {operand, spec.order[position % n], skip, per_window, threshold,
                                  summary.address()}});
    position += skip + per_window;
    std::uint64_t result[2];
    device.read(result, summary.address(), sizeof result);
    trace.slow_windows.push_back(result[0]);
    trace.slow += result[0];
    trace.latency_sum +=
        static_cast<double>(result[1]) - overhead * static_cast<double>(per_window);
  }
}

}  // namespace

std::vector<std::uint64_t> uniform_order(std::uint64_t array_bytes, std::uint64_t stride_bytes) {
  if (stride_bytes == 0 || stride_bytes % 4 != 0) {
    throw std::invalid_argument("a chase stride is a positive multiple of 4 bytes");
  }
  std::vector<std::uint64_t> order;
  for (std::uint64_t offset = 0; offset < array_bytes; offset += stride_bytes) {
    order.push_back(offset / 4);
  }
  return order;
}

ChaseOverhead calibrate_chase(Device& device) {
  ChaseOverhead overhead;
  const std::uint32_t records = std::min(kCalibrationRecords, records_per_launch(device));
  Buffer latencies(device, std::uint64_t{records} * 4);
  Buffer indices(device, std::uint64_t{records} * 4);
  device.launch(
      Launch{.kernel = "chase_calibrate",
             .dynamic_shared = chase_shared_bytes(device),
             .args = {0, 0, kCalibrationWarmup, records, latencies.address(), indices.address()}});
  overhead.record = median(read_words(device, latencies.address(), records));
  device.launch(Launch{.kernel = "chase_count_calibrate",
                       .dynamic_shared = chase_shared_bytes(device),
                       .args = {0, 0, kCalibrationWarmup, records, 0, latencies.address()}});
  std::uint64_t summary[2];
  device.read(summary, latencies.address(), sizeof summary);
  overhead.count = static_cast<double>(summary[1]) / records;
  return overhead;
}

namespace {

// The chased array of a Chaser, kept from one chase to the next, so that every chase reads the
// same addresses: where the L2 slice or DRAM channel is the address modulo a count that is not
// a power of two (Kepler's 12 channels), a contiguous array maps onto the sets differently at
// each base, and a size search whose steps each got a fresh allocation saw a different cache at
// each step. Only a chase bigger than every one before allocates anew.
class ChaseArena {
 public:
  explicit ChaseArena(Device& device) : device_(device) {}
  std::uint64_t array(std::uint64_t bytes) {
    if (!buffer_ || bytes > bytes_) {
      buffer_.reset();  // free first: the device may not hold both
      buffer_ = std::make_unique<Buffer>(device_, bytes);
      bytes_ = bytes;
    }
    return buffer_->address();
  }

 private:
  Device& device_;
  std::unique_ptr<Buffer> buffer_;
  std::uint64_t bytes_ = 0;
};

// Runs `spec` on the array `arena` holds for it.
ChaseTrace chase_in(Device& device, const ChaseSpec& spec, const ChaseOverhead& overhead,
                    ChaseArena& arena) {
  check_spec(spec);
  ChaseTrace trace;
  if (spec.records == 0) return trace;
  const std::uint64_t array = arena.array(spec.array_bytes);
  trace.array = array;
  write_chase_array(device, array, spec);
  const std::uint64_t operand =
      spec.path == LoadPath::kTexture ? device.linear_texture(array, spec.array_bytes) : array;
  if (spec.count_above == 0) {
    trace.latency.reserve(spec.records);
    trace.index.reserve(spec.records);
    record_windows(device, spec, operand, overhead.record, trace);
  } else {
    count_slow(device, spec, operand, overhead.count, trace);
  }
  return trace;
}

}  // namespace

ChaseTrace run_chase(Device& device, const ChaseSpec& spec, const ChaseOverhead& overhead) {
  ChaseArena arena(device);  // this chase's alone: freed on return
  return chase_in(device, spec, overhead, arena);
}

ChaseTrace run_chase(Device& device, const ChaseSpec& spec) {
  check_spec(spec);
  return run_chase(device, spec, calibrate_chase(device));
}

Chaser device_chaser(Device& device) {
  const ChaseOverhead overhead = calibrate_chase(device);
  auto arena = std::make_shared<ChaseArena>(device);
  return [&device, overhead, arena](const ChaseSpec& spec) {
    return chase_in(device, spec, overhead, *arena);
  };
}

}  // namespace warpsim::probe
