#include "app/workload_run.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/app.h"
#include "cache/admission/block_profile.h"
#include "gpu/progress.h"
#include "runtime/stats_document.h"
#include "sim/peak_rss.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::app {

namespace {

struct Choice {
  const workload::Workload* workload = nullptr;
  workload::Size size = workload::Size::kSmall;
};

std::string known_workloads() {
  std::string names;
  for (const workload::Workload* w : workload::WorkloadRegistry::global().list()) {
    names += names.empty() ? "" : ", ";
    names += w->name();
  }
  return names;
}

// NAME[:SIZE]; the size defaults to small.
Choice choose(const std::string& spec) {
  const std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  Choice choice;
  choice.workload = workload::WorkloadRegistry::global().find(name);
  if (choice.workload == nullptr) {
    throw UsageError(fmt::format("unknown workload '{}' (known: {}; see warpsim list workloads)",
                                 name, known_workloads()));
  }
  if (colon != std::string::npos) {
    const std::string size = spec.substr(colon + 1);
    const std::optional<workload::Size> parsed = workload::parse_size(size);
    if (!parsed) {
      throw UsageError(
          fmt::format("unknown size '{}' for workload {} (sizes: tiny, small, paper)", size, name));
    }
    choice.size = *parsed;
  }
  return choice;
}

// Profiled-BYPASS without a profile file (sm.l1d.admission: {impl: profiled, mode: replay,
// profile: ""}): the workload runs once first with the policy recording, and the profile it
// records is handed to the measured run (its time is not counted, as in the thesis).
bool needs_profile_run(const ConfigNode& resolved) {
  const ConfigNode& admission = resolved.at("sm").at("l1d").at("admission");
  return admission.at("impl").as_string() == "profiled" &&
         admission.at("mode").as_string() == "replay" &&
         admission.at("profile").as_string().empty();
}

BlockProfile record_profile(const Choice& choice, const ConfigNode& resolved) {
  ConfigNode recording = resolved;
  recording.set_dotted("sm.l1d.admission.mode", "record",
                       Origin{"the profiling run of Profiled-BYPASS"});
  workload::Host host(recording, workload::Host::Mode::kTiming);
  try {
    choice.workload->run(host, choice.size);
  } catch (const workload::CheckFailed&) {  // the measured run checks, and reports it
  }
  return host.model()
      ->l1d_group()
      .state<RecordedProfile>(RecordedProfile::kKey,
                              [] { return std::make_unique<RecordedProfile>(""); })
      .profile;
}

}  // namespace

trace::TraceWriter::Registers write_trace_registers(const std::string& name) {
  const auto registers = trace::TraceWriter::registers_named(name);
  if (!registers) {
    throw UsageError("--write-trace-registers is '" + name + "'; expected warpsim or accelsim");
  }
  return *registers;
}

nlohmann::ordered_json run_workload(const WorkloadRunOptions& options, const ConfigNode& resolved) {
  const Choice choice = choose(options.spec);
  using Mode = workload::Host::Mode;
  std::optional<BlockProfile> profile;
  if (options.timing && needs_profile_run(resolved)) profile = record_profile(choice, resolved);
  workload::Host host(resolved, options.timing ? Mode::kTiming : Mode::kFunctional);
  if (profile) {
    host.model()->l1d_group().state<BlockProfile>(
        BlockProfile::kKey, [&] { return std::make_unique<BlockProfile>(std::move(*profile)); });
  }
  if (options.progress) host.set_progress(stderr_progress());
  std::unique_ptr<trace::TraceWriter> writer;
  if (!options.write_trace.empty()) {
    const trace::TraceWriter::Registers registers =
        write_trace_registers(options.write_trace_registers);
    try {
      writer = std::make_unique<trace::TraceWriter>(
          options.write_trace, static_cast<std::uint32_t>(host.gpu().compute_capability()),
          registers);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    host.set_trace_writer(writer.get());
  }
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::string> failure;
  try {
    choice.workload->run(host, choice.size);
  } catch (const workload::CheckFailed& e) {
    failure = e.what();
  }
  std::vector<nlohmann::ordered_json> records = host.records();
  if (std::optional<nlohmann::ordered_json> run = host.run_record()) records.push_back(*run);
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const runtime::RunSource source{"workload",
                                  {{"name", choice.workload->name()},
                                   {"size", workload::size_name(choice.size)},
                                   {"dimensions", choice.workload->dimensions(choice.size)},
                                   {"check", failure ? "failed" : "passed"}},
                                  wall_s,
                                  peak_rss_mb()};
  if (writer != nullptr) {
    host.set_trace_writer(nullptr);
    std::cerr << fmt::format("warpsim: wrote {} kernel trace(s) to {}", writer->kernels(),
                             options.write_trace);
    if (writer->unmatched_insts() != 0) {
      std::string ops;
      for (const std::string& op : writer->unmatched_ops()) ops += (ops.empty() ? "" : ", ") + op;
      std::cerr << fmt::format(" ({} instructions of PTX ops without a SASS counterpart: {})",
                               writer->unmatched_insts(), ops);
    }
    if (writer->cut_lines() != 0) {
      std::cerr << fmt::format(
          " ({} lines with register lists cut to Accel-Sim's 1 destination and 4 sources)",
          writer->cut_lines());
    }
    std::cerr << "\n";
  }
  nlohmann::ordered_json stats = runtime::stats_document(
      options.timing ? runtime::StatsMode::kTiming : runtime::StatsMode::kFunctional, resolved,
      source, records);
  if (failure) {
    throw WorkloadCheckFailed{
        fmt::format("{}:{}: the reference check failed: {}", choice.workload->name(),
                    workload::size_name(choice.size), *failure),
        std::move(stats)};
  }
  return stats;
}

}  // namespace warpsim::app
