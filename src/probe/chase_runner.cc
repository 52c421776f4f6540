#include "probe/chase_runner.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace warpsim::probe {
namespace {

std::uint32_t narrow(std::uint64_t value, const char* what) {
  if (value > std::numeric_limits<std::uint32_t>::max()) {
    throw std::invalid_argument(std::string("a chase's ") + what + " count " +
                                std::to_string(value) + " does not fit 32 bits");
  }
  return static_cast<std::uint32_t>(value);
}

}  // namespace

ChaseSpec ChaseRunner::spec(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                            std::uint64_t records) const {
  if (order.empty()) throw std::invalid_argument("a chase needs a non-empty order");
  ChaseSpec spec;
  spec.path = path_;
  const std::uint64_t last = *std::max_element(order.begin(), order.end());
  spec.array_bytes = std::max(kMinArrayBytes, (last + 1) * 4);
  spec.order = order;
  spec.warmup = narrow(warmup, "warm-up");
  spec.records = narrow(records, "record");
  return spec;
}

ChaseTrace ChaseRunner::trace(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                              std::uint64_t records) {
  ChaseTrace trace = chase_(spec(order, warmup, records));
  ++chases_;
  loads_ += warmup + records;
  last_array_ = trace.array;
  if (trace.latency.size() != records || trace.index.size() != records) {
    throw std::runtime_error("the chaser returned " + std::to_string(trace.latency.size()) +
                             " latencies for " + std::to_string(records) + " recorded loads");
  }
  for (std::uint64_t r = 0; r < records; ++r) {
    if (trace.index[r] != recorded_word(order, warmup, r + 1)) {
      throw std::runtime_error("chase load " + std::to_string(r) + " returned index " +
                               std::to_string(trace.index[r]) + ", not the next in its order");
    }
  }
  return trace;
}

std::uint64_t ChaseRunner::count_slow(const std::vector<std::uint64_t>& order, std::uint64_t warmup,
                                      std::uint64_t records, std::uint32_t above) {
  return count_slow_windows(order, warmup, records, 1, 0, above).front();
}

std::vector<std::uint64_t> ChaseRunner::count_slow_windows(
    const std::vector<std::uint64_t>& order, std::uint64_t warmup, std::uint64_t records,
    std::uint32_t windows, std::uint64_t window_warmup, std::uint32_t above) {
  ChaseSpec counted = spec(order, warmup, records * windows);
  counted.count_above = std::max<std::uint32_t>(above, 1);
  counted.count_windows = windows;
  counted.window_warmup = narrow(window_warmup, "warm-up");
  ChaseTrace trace = chase_(counted);
  ++chases_;
  loads_ += warmup + records * windows + (windows - 1) * window_warmup;
  last_array_ = trace.array;
  if (trace.slow_windows.size() != windows) {
    throw std::runtime_error("the chaser returned " + std::to_string(trace.slow_windows.size()) +
                             " counts for " + std::to_string(windows) + " windows");
  }
  return std::move(trace.slow_windows);
}

std::vector<std::uint64_t> stride_words(std::uint64_t bytes, std::uint64_t stride) {
  if (stride == 0 || stride % 4 != 0) {
    throw std::invalid_argument("a chase stride is a positive multiple of 4 bytes");
  }
  std::vector<std::uint64_t> words;
  words.reserve(bytes / stride + 1);
  for (std::uint64_t offset = 0; offset < bytes; offset += stride) words.push_back(offset / 4);
  return words;
}

std::vector<bool> slow_flags(const ChaseTrace& trace, std::uint32_t above) {
  std::vector<bool> slow(trace.latency.size());
  for (std::size_t i = 0; i < slow.size(); ++i) slow[i] = trace.latency[i] > above;
  return slow;
}

}  // namespace warpsim::probe
