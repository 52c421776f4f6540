#include "cache/block_stats.h"

namespace warpsim {

BlockStats::BlockStats(StatGroup& cache_stats)
    : reads_at_least_(cache_stats.child("blocks").histogram(
          "reads_at_least", "blocks",
          "bucket m: blocks read at least m times (m < 33; the last: 33 or more)",
          HistogramSpec{.bucket_width = 1, .buckets = kCountBuckets})),
      stack_distance_(cache_stats.child("blocks").histogram(
          "stack_distance", "reads",
          "reads by the distinct blocks read since the block's previous read (log2 buckets)",
          HistogramSpec{.scale = HistogramSpec::Scale::kLog2, .buckets = 16})),
      first_reads_(cache_stats.child("blocks").counter("first_reads", "reads",
                                                       "reads of a block never read before")) {
  tree_.assign(1024 + 1, 0);
  marks_.assign(1024, 0);
}

void BlockStats::mark(std::uint64_t time, int delta) {
  marks_[time] = static_cast<std::uint8_t>(marks_[time] + delta);
  for (std::size_t i = time + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] += delta;
}

std::uint64_t BlockStats::marked_before(std::uint64_t time) const {
  std::int64_t sum = 0;
  for (std::size_t i = time; i > 0; i -= i & (~i + 1)) sum += tree_[i];
  return static_cast<std::uint64_t>(sum);
}

void BlockStats::grow() {
  marks_.resize(marks_.size() * 2, 0);
  tree_.assign(marks_.size() + 1, 0);
  for (std::size_t i = 1; i < tree_.size(); ++i) {
    tree_[i] += marks_[i - 1];
    const std::size_t parent = i + (i & (~i + 1));
    if (parent < tree_.size()) tree_[parent] += tree_[i];
  }
}

void BlockStats::read(Addr line) {
  if (now_ == marks_.size()) grow();
  Block& b = blocks_[line];
  if (b.reads == 0) {
    first_reads_.inc();
  } else {
    // Blocks whose latest read lies strictly between this block's previous read and now.
    stack_distance_.sample(marked_before(now_) - marked_before(b.last + 1));
    mark(b.last, -1);
  }
  mark(now_, +1);
  b.last = now_++;
  if (b.reads < kCountBuckets - 1) reads_at_least_.sample(++b.reads);
}

}  // namespace warpsim
