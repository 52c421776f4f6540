#include "app/workload_run.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "app/app.h"
#include "cache/admission/block_profile.h"
#include "func/exec_error.h"
#include "gpu/progress.h"
#include "ptx/error.h"
#include "runtime/stats_document.h"
#include "sim/peak_rss.h"
#include "sweep/run_identity.h"
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

// What --kernel-ptx and --block-divide change in the run, the PTX file read once.
struct Overrides {
  std::string ptx_path;  // empty: the embedded PTX
  std::string ptx_text;
  std::map<std::string, func::Dim3> block_divide;

  bool any() const { return !ptx_path.empty() || !block_divide.empty(); }
};

Overrides read_overrides(const WorkloadRunOptions& options) {
  Overrides overrides;
  overrides.block_divide = options.block_divide;
  if (options.kernel_ptx.empty()) return overrides;
  overrides.ptx_path = options.kernel_ptx;
  try {
    overrides.ptx_text = read_file(options.kernel_ptx);
  } catch (const UsageError& e) {
    throw UsageError(std::string("--kernel-ptx: ") + e.what());
  }
  return overrides;
}

void apply(const Overrides& overrides, workload::Host& host) {
  if (!overrides.ptx_path.empty()) {
    host.set_workload_ptx(workload::Host::kAllWorkloads, overrides.ptx_text, overrides.ptx_path);
  }
  for (const auto& [kernel, divisor] : overrides.block_divide) {
    try {
      host.set_block_divisor(kernel, divisor);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--block-divide: {}", e.what()));
    }
  }
}

// Runs the driver. With an override, what it causes is the user's input, not warpsim's fault:
// PTX that does not parse or verify (its own "file:line:col: error: ..."), a kernel or parameter
// list the driver does not find in it, a block that does not divide or a launch it makes
// impossible are UsageErrors. Without one these stay internal errors: the embedded PTX and the
// drivers are built together. A failed reference check passes through.
void run_driver(const Choice& choice, workload::Host& host, const Overrides& overrides) {
  if (!overrides.any()) return choice.workload->run(host, choice.size);
  try {
    choice.workload->run(host, choice.size);
  } catch (const ptx::ParseError& e) {
    throw UsageError(e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("workload {}: {}", choice.workload->name(), e.what()));
  } catch (const func::LaunchError& e) {
    throw UsageError(fmt::format("workload {}: {}", choice.workload->name(), e.what()));
  }
}

// After the run: a --block-divide kernel that never launched is a typo, or a kernel of another
// workload; the run's results would silently be those of the unmodified blocks.
void check_divisors_used(const workload::Host& host) {
  const std::vector<std::string> unused = host.unlaunched_block_divisors();
  if (unused.empty()) return;
  std::string names;
  for (const std::string& kernel : unused) names += (names.empty() ? "" : ", ") + kernel;
  std::set<std::string> seen;
  std::string launched;
  for (const nlohmann::ordered_json& record : host.records()) {
    const std::string name = record.value("name", "");
    if (!name.empty() && seen.insert(name).second) {
      launched += (launched.empty() ? "" : ", ") + name;
    }
  }
  throw UsageError(fmt::format("--block-divide: kernel(s) {} never launched (launched: {})", names,
                               launched.empty() ? "none" : launched));
}

// stats.json's record of the overrides: the PTX's path and a hash of its text, and each divisor.
void describe(const Overrides& overrides, nlohmann::ordered_json& description) {
  if (!overrides.ptx_path.empty()) {
    description["kernel_ptx"] = {{"path", overrides.ptx_path},
                                 {"xxh3_128", sweep::hash_hex(overrides.ptx_text)}};
  }
  if (!overrides.block_divide.empty()) {
    nlohmann::ordered_json divide = nlohmann::ordered_json::object();
    for (const auto& [kernel, d] : overrides.block_divide) divide[kernel] = {d.x, d.y, d.z};
    description["block_divide"] = divide;
  }
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

BlockProfile record_profile(const Choice& choice, const ConfigNode& resolved,
                            const Overrides& overrides) {
  ConfigNode recording = resolved;
  recording.set_dotted("sm.l1d.admission.mode", "record",
                       Origin{"the profiling run of Profiled-BYPASS"});
  workload::Host host(recording, workload::Host::Mode::kTiming);
  // The profile is of the kernels the measured run runs: the same PTX and blocks.
  apply(overrides, host);
  try {
    run_driver(choice, host, overrides);
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

std::pair<std::string, func::Dim3> parse_block_divide(const std::string& value) {
  const auto bad = [&](const std::string& why) {
    return UsageError(fmt::format(
        "--block-divide '{}': {} (expected KERNEL=X[,Y[,Z]], positive integers)", value, why));
  };
  const std::size_t eq = value.find('=');
  if (eq == std::string::npos) throw bad("no '='");
  if (eq == 0) throw bad("no kernel name");
  std::vector<std::uint32_t> dims;
  const std::string numbers = value.substr(eq + 1);
  std::size_t begin = 0;
  while (true) {
    const std::size_t comma = numbers.find(',', begin);
    const std::string part = numbers.substr(begin, comma - begin);
    const bool digits = !part.empty() && part.size() <= 10 &&
                        part.find_first_not_of("0123456789") == std::string::npos;
    const std::uint64_t n = digits ? std::stoull(part) : 0;
    if (n == 0 || n > UINT32_MAX) throw bad(fmt::format("'{}' is not a positive integer", part));
    dims.push_back(static_cast<std::uint32_t>(n));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  if (dims.size() > 3) throw bad("more than 3 dimensions");
  dims.resize(3, 1);
  return {value.substr(0, eq), func::Dim3{dims[0], dims[1], dims[2]}};
}

nlohmann::ordered_json run_workload(const WorkloadRunOptions& options, const ConfigNode& resolved) {
  const Choice choice = choose(options.spec);
  const Overrides overrides = read_overrides(options);
  using Mode = workload::Host::Mode;
  std::optional<BlockProfile> profile;
  if (options.timing && needs_profile_run(resolved)) {
    profile = record_profile(choice, resolved, overrides);
  }
  // Both Hosts, the profiling run's and this one, run the overridden kernels; only this one's
  // divisors are checked for use, as the profiling run launches the same kernels.
  workload::Host host(resolved, options.timing ? Mode::kTiming : Mode::kFunctional);
  apply(overrides, host);
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
    run_driver(choice, host, overrides);
  } catch (const workload::CheckFailed& e) {
    failure = e.what();
  }
  check_divisors_used(host);
  std::vector<nlohmann::ordered_json> records = host.records();
  if (std::optional<nlohmann::ordered_json> run = host.run_record()) records.push_back(*run);
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  runtime::RunSource source{"workload",
                            {{"name", choice.workload->name()},
                             {"size", workload::size_name(choice.size)},
                             {"dimensions", choice.workload->dimensions(choice.size)},
                             {"check", failure ? "failed" : "passed"}},
                            wall_s,
                            peak_rss_mb()};
  describe(overrides, source.description);
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
