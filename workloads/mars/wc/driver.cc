// mars/wc: word count as a Mars MapReduce job (wc.cu; the pipeline in ../mars.cuh and
// ../mars_host.h): MapCount, the scans and Map over text chunks, a bitonic sort of the (word, 1)
// records by word, grouping, and a Reduce that sums each group.
// Sizes: none are published for WC in seed 001 (its Table 3.1 screens WC at 2.73x with 16x
// L1 and L2) or the Mars PACT 2008 paper; the Mars release's run script counts four copies of a
// sample file whose size we do not know. Every word is a record to sort, so the bitonic sort
// dominates: tiny and small cut 16 KB and 128 KB of text into 256-byte chunks (64 and 512 map
// threads; about 2,300 and 17,000 words), paper 1 MB into the release's 2 KB chunks (512 map
// threads, about 137,000 words).
// Input: lines of words drawn from a Zipf-like vocabulary (mars_host.h) of upper-case words (the
// Mars release upper-cases its input and splits words at non-letters).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../mars_host.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t text_bytes;
  std::uint32_t chunk;
  std::uint32_t vocabulary;
};
constexpr Dims kDims[] = {{16 << 10, 256, 1000}, {128 << 10, 256, 4000}, {1 << 20, 2048, 16000}};

bool letter(char c) { return c >= 'A' && c <= 'Z'; }

class WordCount final : public Workload {
 public:
  std::string_view name() const override { return "mars/wc"; }
  std::string_view description() const override {
    return "Mars word count: map (word, 1) over chunks of text, bitonic sort by word, group, "
           "reduce (seed 001)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} KB of text in {}-byte chunks, {}-word Zipf vocabulary",
                       d.text_bytes >> 10, d.chunk, d.vocabulary);
  }
  void run(Host& host, Size size) const override;
};

// Lines of 6 to 13 words separated by spaces, some ending in a comma or a full stop.
std::string make_text(const Dims& d) {
  const mars::Vocabulary vocabulary(d.vocabulary, 2, 10, 'A', 20261201);
  Lcg lcg(20261202);
  std::string text;
  text.reserve(d.text_bytes + 128);
  while (text.size() < d.text_bytes) {
    const std::uint32_t words = 6 + lcg.below(8);
    for (std::uint32_t w = 0; w < words; ++w) {
      if (w > 0) text += lcg.below(8) == 0 ? ", " : " ";
      text += vocabulary.word(vocabulary.draw(lcg));
    }
    text += lcg.below(2) == 0 ? ".\n" : "\n";
  }
  return text;
}

void WordCount::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::string text = make_text(d);
  std::vector<std::int32_t> records;
  mars::chunk_text(
      text, 0, text.size(), d.chunk, 0, [](char c) { return !letter(c); }, records);
  const auto tasks = static_cast<std::uint32_t>(records.size() / 4);

  host.load_workload_ptx(name());
  const Addr text_dev = host.alloc_copy(std::vector<char>(text.begin(), text.end()));
  const Addr records_dev = host.alloc_copy(records);
  const mars::Launch map_launch = mars::launch_for(tasks);
  const auto task_count = static_cast<std::int32_t>(tasks);
  mars::Intermediate im = mars::map_stage(
      host, tasks,
      [&](const mars::TaskArrays& per_task) {
        host.launch("wc_map_count", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    task_count, per_task.counts, per_task.key_bytes, per_task.val_bytes);
      },
      [&](const mars::TaskArrays& bases, const mars::Intermediate& out) {
        host.launch("wc_map", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    task_count, bases.counts, bases.key_bytes, bases.val_bytes, out.dir, out.keys,
                    out.vals);
      });
  const mars::Groups groups = mars::sort_and_group(host, im, text_dev);
  const Addr counts_dev = host.alloc(std::size_t(groups.count) * sizeof(std::int32_t) + 4);
  const mars::Launch reduce_launch = mars::launch_for(static_cast<std::uint32_t>(groups.count));
  host.launch("wc_reduce", {reduce_launch.grid}, {reduce_launch.block}, 0, counts_dev,
              groups.ranges, groups.count, im.dir, im.vals);

  // CPU reference: every maximal run of letters is a word.
  std::map<std::string, std::int32_t> want;
  std::size_t total_words = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    while (pos < text.size() && !letter(text[pos])) ++pos;
    const std::size_t start = pos;
    while (pos < text.size() && letter(text[pos])) ++pos;
    if (pos > start) {
      ++want[text.substr(start, pos - start)];
      ++total_words;
    }
  }

  const mars::HostIntermediate got = mars::read_intermediate(host, im);
  mars::expect(
      std::size_t(im.records) == total_words,
      fmt::format("map emitted {} records, the text has {} words", im.records, total_words));
  mars::expect(std::size_t(groups.count) == want.size(),
               fmt::format("{} groups, the text has {} distinct words", groups.count, want.size()));
  const std::vector<std::int32_t> ranges =
      host.read<std::int32_t>(groups.ranges, std::size_t(groups.count) * 2);
  const std::vector<std::int32_t> counts =
      host.read<std::int32_t>(counts_dev, std::size_t(groups.count));
  std::int32_t next = 0;
  std::size_t g = 0;
  for (const auto& [word, count] : want) {
    const std::int32_t first = ranges[2 * g];
    const std::int32_t end = ranges[2 * g + 1];
    mars::expect(first == next && end > first,
                 fmt::format("group {} covers records [{}, {}), expected to start at {}", g, first,
                             end, next));
    for (std::int32_t r = first; r < end; ++r) {
      const auto rec = static_cast<std::size_t>(r);
      mars::expect(got.key_bytes(rec) == word && got.val_size(rec) == 4 &&
                       got.val_as<std::int32_t>(rec) == 1,
                   fmt::format("sorted record {} (group {}) holds \"{}\" = {}, expected \"{}\" "
                               "= 1",
                               r, g, got.key_bytes(rec), got.val_as<std::int32_t>(rec), word));
    }
    mars::expect(counts[g] == count, fmt::format("count of \"{}\" (group {}) = {}, expected {}",
                                                 word, g, counts[g], count));
    next = end;
    ++g;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(WordCount);

}  // namespace warpsim::workload
