// warpsim-probe-native: seed 003's microbenchmark suite on a real GPU, the same kernels,
// experiments and inference as `warpsim probe` on the simulator (probe/), so the two
// outputs compare entry by entry (docs/validation.md). Build: microbench/native/Makefile.
//
//   warpsim-probe-native [--device N] [--only PARTS] [--json FILE] [--raw FILE] [--kernels DIR]
//                        [--carveout smallest|driver|PERCENT] [--tlb-mib N]
//
// --tlb-mib: the largest TLB chase array in MiB (default 1024, as on the simulator).
// --carveout: the shared-memory carve-out each kernel asks for (default smallest: the least
// that holds its shared memory, leaving the most to the L1, as the presets choose).
// --raw writes one JSON object per line for every chase: the load path, array size, order
// length, stride (uniform orders) or first indices, warm-up and record counts, and the recorded
// latencies (or the slow-load count), so the inference can be checked again without the GPU.
//
// PARTS: a comma-separated list of l1d, texture, readonly, l2, tlb, global, shared, bandwidth
// (default: all). DIR holds the kernels' fatbins (default: the executable's folder).

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "microbench/native/cuda_device.h"
#include "probe/chase.h"
#include "probe/probe_all.h"
#include "probe/report.h"

namespace {

struct Options {
  int device = 0;
  std::string only = "all";
  std::string json;
  std::string raw;
  std::string kernels;
  int carveout = warpsim::probe::CudaDevice::kSmallestCarveout;
  std::uint64_t tlb_mib = 0;
};

[[noreturn]] void usage(const char* message) {
  std::fprintf(stderr,
               "warpsim-probe-native: %s\nusage: warpsim-probe-native [--device N] "
               "[--only PARTS] [--json FILE] [--raw FILE] [--kernels DIR]\n"
               "       [--carveout smallest|driver|PERCENT] [--tlb-mib N]\n",
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
    } else if (arg == "--raw") {
      options.raw = value;
    } else if (arg == "--carveout") {
      if (value == "smallest") {
        options.carveout = warpsim::probe::CudaDevice::kSmallestCarveout;
      } else if (value == "driver") {
        options.carveout = warpsim::probe::CudaDevice::kDriverCarveout;
      } else {
        char* end = nullptr;
        const long percent = std::strtol(value.c_str(), &end, 10);
        if (end == value.c_str() || *end != 0 || percent < 0 || percent > 100) {
          usage(("--carveout takes smallest, driver or a percentage, not " + value).c_str());
        }
        options.carveout = static_cast<int>(percent);
      }
    } else if (arg == "--tlb-mib") {
      options.tlb_mib = std::strtoull(value.c_str(), nullptr, 10);
      if (options.tlb_mib == 0) usage(("--tlb-mib takes a positive number, not " + value).c_str());
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

const char* path_name(warpsim::probe::LoadPath path) {
  switch (path) {
    case warpsim::probe::LoadPath::kGlobalCa:
      return "global_ca";
    case warpsim::probe::LoadPath::kGlobalCg:
      return "global_cg";
    case warpsim::probe::LoadPath::kTexture:
      return "texture";
    case warpsim::probe::LoadPath::kReadOnly:
      return "readonly";
  }
  return "?";
}

// One line of --raw output.
nlohmann::ordered_json chase_record(const warpsim::probe::ChaseSpec& spec,
                                    const warpsim::probe::ChaseTrace& trace) {
  nlohmann::ordered_json line;
  line["path"] = path_name(spec.path);
  line["array_bytes"] = spec.array_bytes;
  line["order_words"] = spec.order.size();
  bool uniform = spec.order.size() > 1;
  for (std::size_t i = 1; uniform && i < spec.order.size(); ++i) {
    uniform = spec.order[i] - spec.order[i - 1] == spec.order[1] - spec.order[0];
  }
  if (uniform) {
    line["stride_bytes"] = (spec.order[1] - spec.order[0]) * 4;
  } else {
    const std::size_t head = std::min<std::size_t>(spec.order.size(), 16);
    line["order_head"] = std::vector<std::uint64_t>(spec.order.begin(), spec.order.begin() + head);
  }
  line["warmup"] = spec.warmup;
  line["records"] = spec.records;
  line["count_above"] = spec.count_above;
  if (spec.count_above != 0) {
    line["slow"] = trace.slow;
    if (spec.count_windows > 1) {
      line["window_warmup"] = spec.window_warmup;
      line["slow_windows"] = trace.slow_windows;
    }
  }
  line["latency_sum"] = trace.latency_sum;
  if (spec.count_above == 0) line["latency"] = trace.latency;
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse(argc, argv);
  try {
    warpsim::probe::CudaDevice device(options.device, fatbins(options.kernels), options.carveout);
    warpsim::probe::ProbeOptions probe_options;
    probe_options.only = warpsim::probe::parse_parts(options.only);
    probe_options.tlb_search_bytes = options.tlb_mib << 20;
    // A real GPU's L2 hit latency spreads with the address; a TLB step must show in a quarter
    // of a run's loads to count (infer_tlb.h; a share of 2 % misread an H100's spread).
    probe_options.tlb_min_slow_share = 0.25;
    probe_options.on_part = [](const std::string& part, double seconds) {
      std::fprintf(stderr, "warpsim-probe-native: %s took %.1f s\n", part.c_str(), seconds);
    };
    std::ofstream raw;
    if (!options.raw.empty()) {
      raw.open(options.raw);
      if (!raw) throw std::runtime_error("cannot write " + options.raw);
      probe_options.on_chase = [&raw](const warpsim::probe::ChaseSpec& spec,
                                      const warpsim::probe::ChaseTrace& trace) {
        raw << chase_record(spec, trace).dump() << "\n";
      };
    }
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
