// warpsim-probe-native: seed 003's microbenchmark suite on a real GPU, the same kernels,
// experiments and inference as `warpsim probe` on the simulator (microbench/probe/), so the two
// outputs compare entry by entry (docs/validation.md). Build: microbench/native/Makefile.
//
//   warpsim-probe-native [--device N] [--only PARTS] [--json FILE] [--kernels DIR]
//
// PARTS: a comma-separated list of l1d, texture, readonly, l2, tlb, global, shared, bandwidth
// (default: all). DIR holds the kernels' fatbins (default: the executable's folder).

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "microbench/native/cuda_device.h"
#include "microbench/probe/probe_all.h"
#include "microbench/probe/report.h"

namespace {

struct Options {
  int device = 0;
  std::string only = "all";
  std::string json;
  std::string kernels;
};

[[noreturn]] void usage(const char* message) {
  std::fprintf(stderr,
               "warpsim-probe-native: %s\nusage: warpsim-probe-native [--device N] "
               "[--only PARTS] [--json FILE] [--kernels DIR]\n",
               message);
  std::exit(64);
}

Options parse(int argc, char** argv) {
  Options options;
  options.kernels = std::filesystem::path(argv[0]).parent_path().string();
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
    const std::string value = argv[++i];
    if (arg == "--device") {
      options.device = std::atoi(value.c_str());
    } else if (arg == "--only") {
      options.only = value;
    } else if (arg == "--json") {
      options.json = value;
    } else if (arg == "--kernels") {
      options.kernels = value;
    } else {
      usage(("unknown option " + arg).c_str());
    }
  }
  return options;
}

std::vector<std::string> fatbins(const std::string& folder) {
  std::vector<std::string> paths;
  const std::filesystem::path dir = folder.empty() ? "." : folder;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".fatbin") paths.push_back(entry.path().string());
  }
  if (paths.empty()) usage(("no kernel fatbins in " + dir.string()).c_str());
  return paths;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse(argc, argv);
  try {
    warpsim::probe::CudaDevice device(options.device, fatbins(options.kernels));
    warpsim::probe::ProbeOptions probe_options;
    probe_options.only = warpsim::probe::parse_parts(options.only);
    probe_options.on_part = [](const std::string& part, double seconds) {
      std::fprintf(stderr, "warpsim-probe-native: %s took %.1f s\n", part.c_str(), seconds);
    };
    const warpsim::probe::Hierarchy hierarchy = warpsim::probe::probe(device, probe_options);
    std::cout << warpsim::probe::to_table(hierarchy);
    if (!options.json.empty()) {
      std::ofstream out(options.json);
      out << warpsim::probe::to_json(hierarchy).dump(2) << "\n";
      if (!out) throw std::runtime_error("cannot write " + options.json);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warpsim-probe-native: %s\n", e.what());
    return 1;
  }
  return 0;
}
