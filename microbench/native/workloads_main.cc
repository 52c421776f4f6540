// warpsim-workloads-native: warpsim's built-in workloads (workloads/<suite>/<name>/driver.cc) on a
// real GPU: the same host drivers, inputs and CPU reference checks as `warpsim run --workload`,
// with the kernels nvcc compiles from the same .cu files (host/workload/host.h). For Nsight
// Compute runs beside the simulator's (microbench/native/collect.sh, step `workloads`).
//
//   warpsim-workloads-native --list
//   warpsim-workloads-native --device-info [--device N]
//   warpsim-workloads-native [--device N] [--kernels DIR | --ptx DIR] NAME[:SIZE]...
//
// Runs each workload (SIZE tiny, small or paper; default small) and prints "NAME: PASS" or
// "NAME: FAIL (why)"; exit 0 when all pass, 1 when one fails, 2 when there is no GPU to run on
// (no driver, or cuInit/cuDeviceGet failed: the message says which and why), 64 for bad usage.
// --kernels DIR: the fatbins the Makefile builds (DIR/<suite>/<name>.fatbin; default: the
// folder `workloads` beside the executable). --ptx DIR: the committed PTX instead
// (DIR/workloads__<suite>__<name>__<name>.ptx, e.g. ptx/sm_90), compiled by the driver.
// $WARPSIM_LIBCUDA: the driver library to load instead of libcuda.so.1.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "microbench/native/cuda_driver.h"
#include "workload/host.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace {

using warpsim::workload::Size;

constexpr const char* kUsage =
    "usage: warpsim-workloads-native --list\n"
    "       warpsim-workloads-native --device-info [--device N]\n"
    "       warpsim-workloads-native [--device N] [--kernels DIR | --ptx DIR] NAME[:SIZE]...\n";

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr, "warpsim-workloads-native: %s\n%s", message.c_str(), kUsage);
  std::exit(64);
}

struct Options {
  bool list = false;
  bool device_info = false;
  int device = 0;
  warpsim::workload::NativeKernels kernels;
  std::vector<std::string> workloads;
};

Options parse(int argc, char** argv) {
  Options options;
  std::error_code ignored;
  const std::filesystem::path self = std::filesystem::canonical("/proc/self/exe", ignored);
  options.kernels.kernels_dir =
      (self.empty() ? std::filesystem::path(argv[0]) : self).parent_path().string() + "/workloads";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage("missing value after " + arg);
      return argv[++i];
    };
    if (arg == "--list") {
      options.list = true;
    } else if (arg == "--device-info") {
      options.device_info = true;
    } else if (arg == "--device") {
      const std::string text = value();
      char* end = nullptr;
      options.device = static_cast<int>(std::strtol(text.c_str(), &end, 10));
      if (end == text.c_str() || *end != 0 || options.device < 0) {
        usage("--device takes a device number, not " + text);
      }
    } else if (arg == "--kernels") {
      options.kernels.kernels_dir = value();
    } else if (arg == "--ptx") {
      options.kernels.ptx_dir = value();
    } else if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (!arg.empty() && arg[0] == '-') {
      usage("unknown option " + arg);
    } else {
      options.workloads.push_back(arg);
    }
  }
  if (!options.list && !options.device_info && options.workloads.empty()) {
    usage("no workload given");
  }
  return options;
}

int list() {
  for (const warpsim::workload::Workload* w :
       warpsim::workload::WorkloadRegistry::global().list()) {
    std::printf("%-28s small: %s\n", std::string(w->name()).c_str(),
                w->dimensions(Size::kSmall).c_str());
  }
  return 0;
}

struct Job {
  const warpsim::workload::Workload* workload = nullptr;
  Size size = Size::kSmall;
};

Job find(const std::string& spec) {
  Job job;
  std::string name = spec;
  const std::size_t colon = spec.find(':');
  if (colon != std::string::npos) {
    name = spec.substr(0, colon);
    const auto size = warpsim::workload::parse_size(spec.substr(colon + 1));
    if (!size) usage("unknown size in " + spec + " (tiny, small or paper)");
    job.size = *size;
  }
  job.workload = warpsim::workload::WorkloadRegistry::global().find(name);
  if (job.workload == nullptr) {
    usage("no workload " + name + " in this build (--list names them)");
  }
  return job;
}

// Runs one workload; prints its verdict. True when it passed.
bool run(const Job& job, const Options& options) {
  const std::string name(job.workload->name());
  std::uint64_t launches = 0;
  const auto start = std::chrono::steady_clock::now();
  try {
    warpsim::workload::Host host(options.kernels);
    job.workload->run(host, job.size);
    host.synchronize();
    launches = host.launches();
  } catch (const warpsim::workload::CheckFailed& e) {
    std::printf("%s: FAIL (%s)\n", name.c_str(), e.what());
    return false;
  } catch (const std::exception& e) {
    std::printf("%s: FAIL (error: %s)\n", name.c_str(), e.what());
    return false;
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: PASS (%s, %llu kernel launches, %.1f ms)\n", name.c_str(),
              std::string(warpsim::workload::size_name(job.size)).c_str(),
              static_cast<unsigned long long>(launches), ms);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse(argc, argv);
  if (options.list) return list();
  std::vector<Job> jobs;
  for (const std::string& spec : options.workloads) jobs.push_back(find(spec));
  try {
    const warpsim::native::CudaContext context(options.device);
    if (options.device_info) {
      std::printf("device %d: %s\n", options.device, context.describe().c_str());
      if (jobs.empty()) return 0;
    }
    bool all_passed = true;
    for (const Job& job : jobs) {
      all_passed = run(job, options) && all_passed;
      std::fflush(stdout);
    }
    return all_passed ? 0 : 1;
  } catch (const warpsim::native::NoDevice& e) {
    std::fprintf(stderr, "warpsim-workloads-native: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warpsim-workloads-native: %s\n", e.what());
    return 2;
  }
}
