#pragma once

// stats.json's `bottleneck` group: the memory-system statistics with which seed 001 (Dong Li's
// thesis, §4.1) explains where a kernel's memory throughput goes and which its bottleneck
// classifier reads, derived from one window's other groups (docs/stats.md).

#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

namespace warpsim {

// `window` holds the window's stalls, sm and memory groups (window_stats); `cycles` is its
// length in core cycles. Entries whose groups the GPU lacks (the fixed-latency memory has no
// L2, DRAM or crossbar) are left out.
nlohmann::ordered_json bottleneck_stats(const nlohmann::ordered_json& window, std::uint64_t cycles,
                                        std::size_t sms);

}  // namespace warpsim
