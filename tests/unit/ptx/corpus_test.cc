// Every committed PTX file (ptx/**.ptx, from scripts/gen-ptx) parses, verifies, round-trips
// through the printer, and yields a well-formed CFG for every function. WARPSIM_PTX_CORPUS may
// name extra directories (':'-separated) to check the same way.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptx/cfg.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

namespace warpsim::ptx {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> ptx_files(const fs::path& root) {
  std::vector<fs::path> files;
  if (!fs::is_directory(root)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && entry.path().extension() == ".ptx")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Parses, verifies, round-trips and builds CFGs; returns the number of kernels.
std::size_t check_file(const fs::path& path) {
  SCOPED_TRACE(path.string());
  const std::string text = read(path);
  Module m;
  try {
    m = parse_ptx(text, path.string());
    verify(m);
  } catch (const ParseError& e) {
    ADD_FAILURE() << e.what();
    return 0;
  }
  const std::string printed = print_ptx(m);
  Module again = parse_ptx(printed, path.string() + " (printed)");
  EXPECT_TRUE(again == m) << "printing changed the module";
  EXPECT_EQ(print_ptx(again), printed);
  for (const Function& f : m.functions) {
    if (!f.has_body) continue;
    Cfg cfg = build_cfg(f);
    EXPECT_TRUE(cfg.graph.preds(cfg.entry).empty()) << f.name;
    split_critical_edges(cfg);
    for (NodeId from = 0; from < cfg.graph.size(); ++from) {
      for (NodeId to : cfg.graph.succs(from)) {
        EXPECT_FALSE(cfg.graph.succs(from).size() > 1 && cfg.graph.preds(to).size() > 1)
            << f.name << ": critical edge " << from << "->" << to;
      }
    }
  }
  return m.kernel_count();
}

TEST(PtxCorpus, CommittedPtxParsesVerifiesAndRoundTrips) {
  const fs::path root = fs::path(WARPSIM_SOURCE_DIR) / "ptx";
  std::vector<fs::path> files = ptx_files(root);
  ASSERT_FALSE(files.empty()) << "no PTX under " << root << " (run scripts/gen-ptx)";
  std::size_t kernels = 0;
  for (const fs::path& file : files) kernels += check_file(file);
  EXPECT_GE(kernels, 30u) << "kernels across " << files.size() << " files";
}

TEST(PtxCorpus, ExtraDirectoriesFromTheEnvironment) {
  const char* dirs = std::getenv("WARPSIM_PTX_CORPUS");
  if (dirs == nullptr || *dirs == '\0') GTEST_SKIP() << "WARPSIM_PTX_CORPUS not set";
  std::stringstream list(dirs);
  std::size_t files = 0;
  for (std::string dir; std::getline(list, dir, ':');) {
    for (const fs::path& file : ptx_files(dir)) {
      check_file(file);
      ++files;
    }
  }
  EXPECT_GT(files, 0u);
}

}  // namespace
}  // namespace warpsim::ptx
