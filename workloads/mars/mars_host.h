#pragma once

// Host side of the Mars-style pipeline the mars/ workloads share (header only: the build
// compiles the drivers in workloads/<suite>/<name>/ only) (device side: mars.cuh, which
// says what follows Mars and where ours departs): the map stage (MapCount, three exclusive prefix
// sums, Map), the group stage (bitonic sort of the intermediate directory, group ranges), and the
// text helpers the three text workloads use to build their inputs.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::mars {

// Mars's DEFAULT_DIMBLOCK (one record per thread: DEFAULT_NUMTASK = 1).
inline constexpr std::uint32_t kBlock = 256;
// Elements a scan block covers (mars.cuh MARS_SCAN_ELEMS).
inline constexpr std::uint32_t kScanElems = 2 * kBlock;

// Grid of kBlock-thread blocks (fewer threads when n is smaller) covering n threads.
struct Launch {
  std::uint32_t grid;
  std::uint32_t block;
};
inline Launch launch_for(std::uint32_t n) {
  return n < kBlock ? Launch{1, std::max<std::uint32_t>(n, 1)}
                    : Launch{blocks_for(n, kBlock), kBlock};
}

// Exclusive prefix sum of the n ints at `in` into `out` (which may be `in`); returns the total.
// Mars's prefexSum: per-block scans, the block totals scanned the same way, then added back.
inline std::int32_t scan(Host& host, Addr in, Addr out, std::uint32_t n) {
  if (n == 0) return 0;
  const std::uint32_t blocks = blocks_for(n, kScanElems);
  const Addr sums = host.alloc(std::size_t{blocks} * sizeof(std::int32_t));
  host.launch("mars_scan_block", {blocks}, {kBlock}, 0, out, sums, in,
              static_cast<std::int32_t>(n));
  if (blocks == 1) return host.read<std::int32_t>(sums, 1)[0];
  const std::int32_t total = scan(host, sums, sums, blocks);
  host.launch("mars_scan_add", {blocks}, {kBlock}, 0, out, sums, static_cast<std::int32_t>(n));
  return total;
}

// The map stage's output: Mars's intermediate directory (one int4 {key offset, key size, value
// offset, value size} per record) and its key and value buffers.
struct Intermediate {
  Addr dir = 0;
  Addr keys = 0;
  Addr vals = 0;
  std::int32_t records = 0;
  std::int32_t key_bytes = 0;
  std::int32_t val_bytes = 0;
};

// Per-thread counts MapCount fills and their scans Map reads.
struct TaskArrays {
  Addr counts;
  Addr key_bytes;
  Addr val_bytes;
};

// Runs the map stage over `tasks` map tasks: count(arrays) launches the application's MapCount
// (which fills arrays.counts, .key_bytes and .val_bytes, one int per task); the three arrays are
// scanned; map(bases, out) launches its Map, which writes task t's records from bases.counts[t],
// its keys from bases.key_bytes[t] and its values from bases.val_bytes[t].
template <typename CountFn, typename MapFn>
Intermediate map_stage(Host& host, std::uint32_t tasks, CountFn count, MapFn map) {
  const std::size_t bytes = std::size_t{tasks} * sizeof(std::int32_t);
  const TaskArrays per_task{host.alloc(bytes), host.alloc(bytes), host.alloc(bytes)};
  count(per_task);
  const TaskArrays bases{host.alloc(bytes), host.alloc(bytes), host.alloc(bytes)};
  Intermediate im;
  im.records = scan(host, per_task.counts, bases.counts, tasks);
  im.key_bytes = scan(host, per_task.key_bytes, bases.key_bytes, tasks);
  im.val_bytes = scan(host, per_task.val_bytes, bases.val_bytes, tasks);
  im.dir = host.alloc(std::max<std::size_t>(std::size_t(im.records) * 16, 16));
  im.keys = host.alloc(std::max<std::size_t>(std::size_t(im.key_bytes), 16));
  im.vals = host.alloc(std::max<std::size_t>(std::size_t(im.val_bytes), 16));
  map(bases, im);
  return im;
}

// The group stage's output: the directory sorted by key (im.dir afterwards) and one int2
// {first, one past the last record} per group of equal keys, in key order.
struct Groups {
  Addr ranges = 0;
  std::int32_t count = 0;
};

// Sorts im's directory by key with the bitonic network (mars_sort_step, one launch per step,
// over the directory padded to a power of two) and groups equal keys; `aux` is passed to the
// application's mars_compare. im.dir then points to the sorted directory.
inline Groups sort_and_group(Host& host, Intermediate& im, Addr aux) {
  Groups groups;
  if (im.records == 0) return groups;
  const auto n = static_cast<std::uint32_t>(im.records);
  std::uint32_t padded = 1;
  while (padded < n) padded *= 2;
  const Addr sorted = host.alloc(std::size_t{padded} * 16);
  const Launch all = launch_for(padded);
  host.launch("mars_sort_pad", {all.grid}, {all.block}, 0, sorted, im.dir, im.records,
              static_cast<std::int32_t>(padded));
  for (std::uint32_t k = 2; k <= padded; k *= 2) {
    for (std::uint32_t j = k / 2; j > 0; j /= 2) {
      host.launch("mars_sort_step", {all.grid}, {all.block}, 0, sorted,
                  static_cast<std::int32_t>(k), static_cast<std::int32_t>(j), im.keys, aux);
    }
  }
  im.dir = sorted;
  const Launch each = launch_for(n);
  const Addr flags = host.alloc(std::size_t{n} * sizeof(std::int32_t));
  host.launch("mars_group_flags", {each.grid}, {each.block}, 0, flags, im.dir, im.records, im.keys,
              aux);
  const Addr scanned = host.alloc(std::size_t{n} * sizeof(std::int32_t));
  groups.count = scan(host, flags, scanned, n);
  groups.ranges = host.alloc(std::size_t(groups.count) * 8);
  host.launch("mars_group_ranges", {each.grid}, {each.block}, 0, groups.ranges, flags, scanned,
              im.records);
  return groups;
}

// Host copies of the intermediate data, for the checks.
struct HostIntermediate {
  std::vector<std::int32_t> dir;  // 4 ints per record
  std::vector<char> keys;
  std::vector<char> vals;
  std::int32_t key_off(std::size_t r) const { return dir[4 * r]; }
  std::int32_t key_size(std::size_t r) const { return dir[4 * r + 1]; }
  std::int32_t val_off(std::size_t r) const { return dir[4 * r + 2]; }
  std::int32_t val_size(std::size_t r) const { return dir[4 * r + 3]; }
  template <typename T>
  T key_as(std::size_t r) const {
    T value;
    std::memcpy(&value, keys.data() + key_off(r), sizeof(T));
    return value;
  }
  template <typename T>
  T val_as(std::size_t r) const {
    T value;
    std::memcpy(&value, vals.data() + val_off(r), sizeof(T));
    return value;
  }
  std::string_view key_bytes(std::size_t r) const {
    return {keys.data() + key_off(r), static_cast<std::size_t>(key_size(r))};
  }
};
inline HostIntermediate read_intermediate(Host& host, const Intermediate& im) {
  HostIntermediate out;
  out.dir = host.read<std::int32_t>(im.dir, std::size_t(im.records) * 4);
  out.keys = host.read<char>(im.keys, std::size_t(im.key_bytes));
  out.vals = host.read<char>(im.vals, std::size_t(im.val_bytes));
  return out;
}

// ---- inputs ----

// A Zipf-like vocabulary: `count` distinct words of `min_length` to `max_length` letters from
// `alphabet_first` on (26 letters), and a sampler drawing word ranks with probability
// proportional to 1 / (rank + 1).
class Vocabulary {
 public:
  Vocabulary(std::uint32_t count, std::uint32_t min_length, std::uint32_t max_length,
             char alphabet_first, std::uint64_t seed) {
    Lcg lcg(seed);
    std::set<std::string> seen;
    double total = 0.0;
    while (words_.size() < count) {
      std::string word(min_length + lcg.below(max_length - min_length + 1), ' ');
      for (char& c : word) c = static_cast<char>(alphabet_first + lcg.below(26));
      if (!seen.insert(word).second) continue;
      words_.push_back(word);
      total += 1.0 / static_cast<double>(words_.size());
      cumulative_.push_back(total);
    }
    for (double& c : cumulative_) c /= total;
  }
  const std::string& word(std::uint32_t rank) const { return words_[rank]; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(words_.size()); }
  std::uint32_t draw(Lcg& lcg) const {
    const double u = lcg.unit();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    return static_cast<std::uint32_t>(
        std::min<std::ptrdiff_t>(it - cumulative_.begin(), std::ptrdiff_t(words_.size()) - 1));
  }

 private:
  std::vector<std::string> words_;
  std::vector<double> cumulative_;
};

// Map records over text[begin, end): chunks of at least `target` bytes, each extended to end
// just after the next byte for which boundary(byte) holds (or at `end`), as the Mars release
// cuts its input into map records. Appends {offset, size, id, 0} per chunk to `records`.
template <typename Boundary>
void chunk_text(std::string_view text, std::size_t begin, std::size_t end, std::size_t target,
                std::int32_t id, Boundary boundary, std::vector<std::int32_t>& records) {
  std::size_t start = begin;
  while (start < end) {
    std::size_t stop = std::min(start + target, end);
    while (stop < end && !boundary(text[stop - 1])) ++stop;
    records.insert(records.end(), {static_cast<std::int32_t>(start),
                                   static_cast<std::int32_t>(stop - start), id, 0});
    start = stop;
  }
}

// Throws CheckFailed with `message` when `ok` is false.
inline void expect(bool ok, const std::string& message) {
  if (!ok) throw CheckFailed(message);
}

}  // namespace warpsim::workload::mars
