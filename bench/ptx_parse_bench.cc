// PTX front-end throughput over the committed corpus (ptx/**.ptx): parse alone, and
// parse + verify + CFG for every function, in bytes of PTX text per second.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptx/cfg.h"
#include "ptx/parser.h"
#include "ptx/verifier.h"

namespace {

struct Corpus {
  std::vector<std::pair<std::string, std::string>> files;  // name, text
  std::size_t bytes = 0;
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    const std::filesystem::path root = std::filesystem::path(WARPSIM_SOURCE_DIR) / "ptx";
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.path().extension() == ".ptx") paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& path : paths) {
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      out.bytes += text.str().size();
      out.files.emplace_back(path.filename().string(), text.str());
    }
    return out;
  }();
  return c;
}

void BM_ParseCorpus(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const auto& [name, text] : c.files) {
      benchmark::DoNotOptimize(warpsim::ptx::parse_ptx(text, name));
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.bytes));
}

void BM_ParseVerifyCfgCorpus(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const auto& [name, text] : c.files) {
      const auto module = warpsim::ptx::parse_ptx(text, name);
      warpsim::ptx::verify(module);
      for (const auto& function : module.functions) {
        if (function.has_body) benchmark::DoNotOptimize(warpsim::ptx::build_cfg(function));
      }
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.bytes));
}

BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseVerifyCfgCorpus)->Unit(benchmark::kMillisecond);

}  // namespace
