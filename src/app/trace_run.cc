#include "app/trace_run.h"

#include <chrono>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "app/app.h"
#include "gpu/gpu_model.h"
#include "gpu/progress.h"
#include "runtime/launch_records.h"
#include "runtime/stats_document.h"
#include "sim/peak_rss.h"
#include "trace/kernels_list.h"
#include "trace/line_source.h"
#include "trace/trace_kernel.h"

namespace warpsim::app {

namespace {

struct TraceRun {
  GpuModel model;
  std::vector<nlohmann::ordered_json> records;
  nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
  std::set<std::string> unknown;            // "sm_NN OPCODE", reported once
  std::vector<func::LaunchConfig> configs;  // by launch id
  std::uint64_t copies = 0;
  std::uint64_t copied_bytes = 0;

  explicit TraceRun(const ConfigNode& resolved) : model(resolved) {}

  void run_kernel(const trace::KernelsListEntry& entry) {
    const std::uint64_t launch_id = kernels.size();
    auto kernel = std::make_unique<trace::TraceKernel>(
        entry.path, launch_id, [this, &entry](const std::string& opcode) {
          if (unknown.insert(opcode).second) {
            std::cerr << fmt::format(
                "warpsim: warning: {}: SASS opcode {} is not in warpsim's table for this SM; "
                "timed as an integer instruction\n",
                entry.path, opcode);
          }
        });
    const trace::KernelHeader& h = kernel->header();
    kernels.push_back({{"file", entry.file_name},
                       {"kernel_id", h.kernel_id},
                       {"stream", h.cuda_stream_id},
                       {"binary_version", h.binary_version},
                       {"tracer_version", h.tracer_version}});
    configs.push_back({h.grid, h.block, 0});
    const KernelResourceInfo resources{h.nregs, 0, "trace"};
    model.launch(std::move(kernel), h.cuda_stream_id, resources);
  }

  // Runs the queued kernels to completion and records them.
  void synchronize() {
    for (const KernelResult& r : model.synchronize()) {
      records.push_back(runtime::kernel_result_record(r.name, configs.at(r.launch_id), r));
    }
  }
};

}  // namespace

nlohmann::ordered_json run_trace(const TraceRunOptions& options, const ConfigNode& resolved) {
  const auto start = std::chrono::steady_clock::now();
  TraceRun run(resolved);
  if (options.progress) run.model.set_progress(stderr_progress());
  try {
    const trace::KernelsList list = trace::read_kernels_list(options.kernels_list);
    for (const trace::KernelsListEntry& entry : list.entries) {
      if (entry.kind == trace::KernelsListEntry::Kind::kMemcpyHtoD) {
        run.synchronize();               // the host copies once the kernels before have finished
        if (entry.bytes == 0) continue;  // a host sync point (trace_writer.h), not a copy
        ++run.copies;
        run.copied_bytes += entry.bytes;
      } else {
        run.run_kernel(entry);
      }
    }
    run.synchronize();
  } catch (const trace::TraceError& e) {
    throw UsageError(e.what());
  }
  run.records.push_back(runtime::run_record(run.model.run_stats()));
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const runtime::RunSource source{"trace",
                                  {{"kernelslist", options.kernels_list},
                                   {"kernels", run.kernels},
                                   {"memcpy_h2d", run.copies},
                                   {"memcpy_h2d_bytes", run.copied_bytes},
                                   {"unknown_opcodes", run.unknown}},
                                  wall_s,
                                  peak_rss_mb()};
  return runtime::stats_document(runtime::StatsMode::kTiming, resolved, source, run.records);
}

}  // namespace warpsim::app
