// mars/ii: inverted index as a Mars MapReduce job (ii.cu; the pipeline in ../mars.cuh and
// ../mars_host.h): MapCount, the scans and Map over chunks of HTML-like documents, emitting
// (URL, document id) for every link, then a bitonic sort of the records by URL and grouping.
// Sizes: seed 001 (Table 3.1: 5.05x with 16x L1 and L2) gives none; the Mars release's run
// script indexes 28 MB (three sample pages, each repeated 1024 times). Ours: 1 KB chunks of lines
// (the release's) over 64 KB in 4 documents (tiny), 2 MB in 32 documents (small: 2048 map
// threads) and 28 MB in 3 documents (paper, the release's amount).
// Input: lines of lower-case words from a Zipf-like vocabulary (mars_host.h) with markup between
// them: about one link `<a href="URL">word</a>` every 1.4 KB, URLs drawn from a Zipf-like
// set of http://www.SITE.com/PAGE.html, and other tags (<p>, <b>, <td class="...">,
// <a name="..."> and <img src="..."> that the link matcher must pass over).

#include <cstdint>
#include <map>
#include <set>
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
  std::uint32_t documents;
  std::uint32_t urls;
};
constexpr Dims kDims[] = {{64 << 10, 4, 500}, {2 << 20, 32, 2000}, {28 << 20, 3, 20000}};
constexpr std::uint32_t kChunk = 1024;
constexpr std::string_view kLinkStart = "<a href=\"";

class InvertedIndex final : public Workload {
 public:
  std::string_view name() const override { return "mars/ii"; }
  std::string_view description() const override {
    return "Mars inverted index: map (URL, document) for every link in 1 KB chunks of HTML-like "
           "text, bitonic sort by URL, group (seed 001)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} KB of HTML-like text in {} documents, {}-byte chunks, {} URLs",
                       d.text_bytes >> 10, d.documents, kChunk, d.urls);
  }
  void run(Host& host, Size size) const override;
};

struct Corpus {
  std::string text;
  std::vector<std::size_t> document_start;  // documents + 1 entries
};

Corpus make_corpus(const Dims& d) {
  const mars::Vocabulary words(4000, 2, 10, 'a', 20261221);
  const mars::Vocabulary sites(64, 4, 9, 'a', 20261222);
  const mars::Vocabulary pages(d.urls, 3, 10, 'a', 20261223);
  std::vector<std::string> urls(d.urls);
  for (std::uint32_t u = 0; u < d.urls; ++u) {
    urls[u] = "http://www." + sites.word(u % sites.size()) + ".com/" + pages.word(u) + ".html";
  }
  Lcg lcg(20261224);
  Corpus corpus;
  const std::size_t per_document = d.text_bytes / d.documents;
  for (std::uint32_t doc = 0; doc < d.documents; ++doc) {
    corpus.document_start.push_back(corpus.text.size());
    const std::size_t end = corpus.text.size() + per_document;
    while (corpus.text.size() < end) {
      const std::size_t line_end = corpus.text.size() + 40 + lcg.below(60);
      while (corpus.text.size() < line_end) {
        const std::uint32_t kind = lcg.below(1000);
        if (kind < 6) {
          corpus.text += std::string(kLinkStart) + urls[pages.draw(lcg)] + "\">" +
                         words.word(words.draw(lcg)) + "</a> ";
        } else if (kind < 26) {
          corpus.text += "<td class=\"" + words.word(lcg.below(50)) + "\"> ";
        } else if (kind < 36) {
          corpus.text += "<a name=\"" + words.word(lcg.below(50)) + "\"></a> ";
        } else if (kind < 46) {
          corpus.text += "<img src=\"images/" + words.word(lcg.below(200)) + ".gif\"> ";
        } else if (kind < 66) {
          corpus.text += lcg.below(2) == 0 ? "<p> " : "<b>" + words.word(words.draw(lcg)) + "</b> ";
        } else {
          corpus.text += words.word(words.draw(lcg)) + " ";
        }
      }
      corpus.text += '\n';
    }
  }
  corpus.document_start.push_back(corpus.text.size());
  return corpus;
}

void InvertedIndex::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const Corpus corpus = make_corpus(d);
  const std::string& text = corpus.text;
  std::vector<std::int32_t> records;
  for (std::uint32_t doc = 0; doc < d.documents; ++doc) {
    mars::chunk_text(
        text, corpus.document_start[doc], corpus.document_start[doc + 1], kChunk,
        static_cast<std::int32_t>(doc), [](char c) { return c == '\n'; }, records);
  }
  const auto tasks = static_cast<std::uint32_t>(records.size() / 4);

  host.load_workload_ptx(name());
  const Addr text_dev = host.alloc_copy(std::vector<char>(text.begin(), text.end()));
  const Addr records_dev = host.alloc_copy(records);
  const mars::Launch map_launch = mars::launch_for(tasks);
  const auto task_count = static_cast<std::int32_t>(tasks);
  mars::Intermediate im = mars::map_stage(
      host, tasks,
      [&](const mars::TaskArrays& per_task) {
        host.launch("ii_map_count", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    task_count, per_task.counts, per_task.key_bytes, per_task.val_bytes);
      },
      [&](const mars::TaskArrays& bases, const mars::Intermediate& out) {
        host.launch("ii_map", {map_launch.grid}, {map_launch.block}, 0, records_dev, text_dev,
                    task_count, bases.counts, bases.key_bytes, bases.val_bytes, out.dir, out.keys,
                    out.vals);
      });
  const mars::Groups groups = mars::sort_and_group(host, im, text_dev);

  // CPU reference: every `<a href="` in a document starts a URL that ends at the next quote.
  std::map<std::string, std::multiset<std::int32_t>> want;
  std::size_t links = 0;
  for (std::uint32_t doc = 0; doc < d.documents; ++doc) {
    const std::size_t end = corpus.document_start[doc + 1];
    for (std::size_t at = text.find(kLinkStart, corpus.document_start[doc]);
         at != std::string::npos && at < end; at = text.find(kLinkStart, at + 1)) {
      const std::size_t url = at + kLinkStart.size();
      want[text.substr(url, text.find('"', url) - url)].insert(static_cast<std::int32_t>(doc));
      ++links;
    }
  }

  const mars::HostIntermediate got = mars::read_intermediate(host, im);
  mars::expect(std::size_t(im.records) == links,
               fmt::format("map emitted {} links, the documents hold {}", im.records, links));
  mars::expect(
      std::size_t(groups.count) == want.size(),
      fmt::format("{} groups, the documents link to {} distinct URLs", groups.count, want.size()));
  const std::vector<std::int32_t> ranges =
      host.read<std::int32_t>(groups.ranges, std::size_t(groups.count) * 2);
  const auto url_of = [&](std::size_t r) {
    const auto start = static_cast<std::size_t>(got.key_as<std::int32_t>(r));
    return text.substr(start, text.find('"', start) - start);
  };
  std::int32_t next = 0;
  std::size_t g = 0;
  for (const auto& [url, documents] : want) {
    const std::int32_t first = ranges[2 * g];
    const std::int32_t end = ranges[2 * g + 1];
    mars::expect(first == next && end > first,
                 fmt::format("group {} covers records [{}, {}), expected to start at {}", g, first,
                             end, next));
    std::multiset<std::int32_t> linked_from;
    for (std::int32_t r = first; r < end; ++r) {
      const auto rec = static_cast<std::size_t>(r);
      mars::expect(url_of(rec) == url, fmt::format("sorted record {} (group {}) links to {}, "
                                                   "expected {}",
                                                   r, g, url_of(rec), url));
      linked_from.insert(got.val_as<std::int32_t>(rec));
    }
    mars::expect(linked_from == documents,
                 fmt::format("group {} ({}): {} links from the wrong documents", g, url,
                             linked_from.size()));
    next = end;
    ++g;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(InvertedIndex);

}  // namespace warpsim::workload
