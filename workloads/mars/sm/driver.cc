// mars/sm: string match as a Mars MapReduce job, map only (sm.cu; the pipeline in ../mars.cuh
// and ../mars_host.h): MapCount, the scans and Map over chunks of lines, emitting the offset
// and length of every occurrence of the key word.
// Sizes: seed 001 (Table 3.1: 1.63x with 16x L1 and L2) gives none; paper is the Mars release's
// run script's 1 MB (1024 copies of a 1 KB sample, key "org": 1024 map threads, 4 blocks), which
// is less than small's 2 MB (2048 map threads, 8 blocks); tiny is 64 KB. All use the release's
// 1 KB chunks.
// Input: lines of 4 to 15 lower-case words from a Zipf-like vocabulary (mars_host.h); the key is
// the vocabulary's 20th most frequent word.

#include <cstdint>
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
};
constexpr Dims kDims[] = {{64 << 10, 1024}, {2 << 20, 1024}, {1 << 20, 1024}};
constexpr std::uint32_t kVocabulary = 4000;
constexpr std::uint32_t kKeyRank = 19;

bool delimiter(char c) { return c == ' ' || c == '\n' || c == '\t'; }

class StringMatch final : public Workload {
 public:
  std::string_view name() const override { return "mars/sm"; }
  std::string_view description() const override {
    return "Mars string match: map only, each thread scans a 1 KB chunk of lines for a key word "
           "(seed 001)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} KB of text in {}-byte chunks, {}-word Zipf vocabulary",
                       d.text_bytes >> 10, d.chunk, kVocabulary);
  }
  void run(Host& host, Size size) const override;
};

void StringMatch::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const mars::Vocabulary vocabulary(kVocabulary, 2, 10, 'a', 20261211);
  const std::string& keyword = vocabulary.word(kKeyRank);
  Lcg lcg(20261212);
  std::string text;
  text.reserve(d.text_bytes + 128);
  while (text.size() < d.text_bytes) {
    const std::uint32_t words = 4 + lcg.below(12);
    for (std::uint32_t w = 0; w < words; ++w) {
      if (w > 0) text += ' ';
      text += vocabulary.word(vocabulary.draw(lcg));
    }
    text += '\n';
  }
  std::vector<std::int32_t> records;
  mars::chunk_text(
      text, 0, text.size(), d.chunk, 0, [](char c) { return c == '\n'; }, records);
  const auto tasks = static_cast<std::uint32_t>(records.size() / 4);

  host.load_workload_ptx(name());
  const Addr text_dev = host.alloc_copy(std::vector<char>(text.begin(), text.end()));
  const Addr keyword_dev = host.alloc_copy(std::vector<char>(keyword.begin(), keyword.end()));
  const auto keyword_length = static_cast<std::int32_t>(keyword.size());
  const Addr records_dev = host.alloc_copy(records);
  const mars::Launch map_launch = mars::launch_for(tasks);
  const auto task_count = static_cast<std::int32_t>(tasks);
  const mars::Intermediate im = mars::map_stage(
      host, tasks,
      [&](const mars::TaskArrays& per_task) {
        host.launch("sm_map_count", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    keyword_dev, keyword_length, task_count, per_task.counts, per_task.key_bytes,
                    per_task.val_bytes);
      },
      [&](const mars::TaskArrays& bases, const mars::Intermediate& out) {
        host.launch("sm_map", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    keyword_dev, keyword_length, task_count, bases.counts, bases.key_bytes,
                    bases.val_bytes, out.dir, out.keys, out.vals);
      });

  // CPU reference: the offsets of the key word's occurrences, in text order (which is the
  // order of the map tasks and, within a task, of the scan).
  std::vector<std::int32_t> want;
  for (std::size_t pos = 0; pos < text.size();) {
    while (pos < text.size() && delimiter(text[pos])) ++pos;
    const std::size_t start = pos;
    while (pos < text.size() && !delimiter(text[pos])) ++pos;
    if (pos > start && text.compare(start, pos - start, keyword) == 0) {
      want.push_back(static_cast<std::int32_t>(start));
    }
  }
  mars::expect(!want.empty(), "the text holds no occurrence of the key (generator)");
  const mars::HostIntermediate got = mars::read_intermediate(host, im);
  mars::expect(std::size_t(im.records) == want.size(),
               fmt::format("map emitted {} matches of \"{}\", the text holds {}", im.records,
                           keyword, want.size()));
  std::vector<std::int32_t> offsets(want.size());
  for (std::size_t r = 0; r < want.size(); ++r) {
    mars::expect(
        got.key_size(r) == 4 && got.val_size(r) == 4 &&
            got.val_as<std::int32_t>(r) == keyword_length,
        fmt::format("record {}: key size {}, value size {}, length {}, expected 4, 4, {}", r,
                    got.key_size(r), got.val_size(r), got.val_as<std::int32_t>(r), keyword_length));
    offsets[r] = got.key_as<std::int32_t>(r);
  }
  check_equal("match offsets", offsets, want);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(StringMatch);

}  // namespace warpsim::workload
