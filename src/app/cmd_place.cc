// `warpsim place`: seed 000 ch. 3's data-placement compiler on a built-in workload's kernel.
// Every version (src/place/tuner.h) is written as CUDA source, compiled to PTX and simulated with
// the workload's own host driver and reference check (run_workload's kernel_ptx and
// block_divide); the kernel's cycles decide. The original is compiled by the same compiler, so
// versions differ only by the rewrite.
#include <filesystem>
#include <iostream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "app/workload_run.h"
#include "place/compaction.h"
#include "place/cuda_source.h"
#include "place/device_compiler.h"
#include "place/shared_arrays.h"
#include "place/tuner.h"
#include "workload/registry.h"

namespace warpsim::app {

namespace {

namespace fs = std::filesystem;

struct PlaceOptions {
  ConfigOptions config;
  std::string workload;  // NAME[:SIZE]
  std::string kernel;
  std::string source;  // default: the workload's .cu
  std::string out = "warpsim-place";
  std::string compiler = "auto";
  bool no_pass1 = false;
  bool no_pass2 = false;
  bool analyze = false;
};

// workloads/<suite>/<folder>/<folder>.cu of the workload's PTX.
fs::path workload_source(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find(':'));
  const auto& registry = workload::WorkloadRegistry::global();
  const workload::Workload* w = registry.find(name);
  if (w == nullptr) throw UsageError(fmt::format("unknown workload '{}'", name));
  const fs::path driver = registry.source_file(name);
  const fs::path root = driver.parent_path().parent_path().parent_path();
  const fs::path ptx_name(std::string(w->ptx_name()));
  const fs::path cu = root / ptx_name / (ptx_name.filename().string() + ".cu");
  if (!fs::exists(cu)) {
    throw UsageError(
        fmt::format("no source {} for workload {} (give --source FILE)", cu.string(), name));
  }
  return cu;
}

struct KernelRun {
  double cycles = 0;
  place::Shape block, grid;
  int launches = 0;
};

KernelRun kernel_cycles(const nlohmann::ordered_json& stats, const std::string& kernel) {
  KernelRun run;
  for (const auto& k : stats.at("kernels")) {
    if (k.at("name") != kernel) continue;
    if (run.launches++ == 0) {
      run.block = {k["block"][0].get<long long>(), k["block"][1].get<long long>(),
                   k["block"][2].get<long long>()};
      run.grid = {k["grid"][0].get<long long>(), k["grid"][1].get<long long>(),
                  k["grid"][2].get<long long>()};
    }
    if (k.contains("cycles") && k["cycles"].is_number()) run.cycles += k["cycles"].get<double>();
  }
  return run;
}

// Compiles and simulates one version; its cycles (all launches of the kernel).
class Evaluator {
 public:
  Evaluator(const PlaceOptions& opts, const ConfigNode& resolved, fs::path dir, fs::path source)
      : opts_(opts),
        resolved_(resolved),
        dir_(std::move(dir)),
        source_(std::move(source)),
        compiler_(place::resolve_compiler(place::parse_compiler(opts.compiler))) {}

  place::Compiler compiler() const { return compiler_; }

  nlohmann::ordered_json run(const place::Version& v, bool timing) {
    const fs::path cu = dir_ / (v.name + ".cu");
    const fs::path ptx = dir_ / (v.name + ".ptx");
    write_file(cu, v.source);
    place::compile_to_ptx(cu.string(), ptx.string(), compiler_,
                          fs::absolute(source_).parent_path().string());
    WorkloadRunOptions run;
    run.spec = opts_.workload;
    run.timing = timing;
    run.kernel_ptx = ptx.string();
    const place::Shape d = v.block_divisor;
    if (d.volume() > 1) {
      run.block_divide[opts_.kernel] =
          func::Dim3{static_cast<std::uint32_t>(d.x), static_cast<std::uint32_t>(d.y),
                     static_cast<std::uint32_t>(d.z)};
    }
    try {
      nlohmann::ordered_json stats = run_workload(run, resolved_);
      write_file(dir_ / (v.name + ".stats.json"), stats.dump(1) + "\n");
      return stats;
    } catch (const WorkloadCheckFailed& e) {
      throw std::runtime_error("the workload's reference check failed: " + e.message);
    }
  }

 private:
  const PlaceOptions& opts_;
  const ConfigNode& resolved_;
  fs::path dir_;
  fs::path source_;
  place::Compiler compiler_;
};

std::string report_table(const place::TuneResult& result) {
  std::string out = "| version | pass | change | kernel cycles | speedup | kept |\n";
  out += "| --- | --- | --- | ---: | ---: | --- |\n";
  const double base = result.versions[0].cycles;
  for (std::size_t i = 0; i < result.versions.size(); ++i) {
    const place::Version& v = result.versions[i];
    const std::string cycles = v.error.empty() ? fmt::format("{:.0f}", v.cycles) : "failed";
    const std::string speedup = v.error.empty() ? fmt::format("{:.3f}", base / v.cycles) : "-";
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", v.name, v.pass, v.description, cycles,
                       speedup, i == result.best ? "best" : (v.kept ? "yes" : ""));
  }
  for (const place::Version& v : result.versions) {
    if (!v.error.empty()) out += fmt::format("\n{} failed: {}\n", v.name, v.error);
  }
  for (const std::string& note : result.notes) out += "\n- " + note;
  return out + "\n";
}

void print_analysis(const place::ParsedSource& src, const std::string& kernel, place::Shape block) {
  std::cout << fmt::format("kernel {} (block {}x{}x{}):\n", kernel, block.x, block.y, block.z);
  for (const place::SharedArray& a : place::analyze_shared_arrays(src, kernel, block)) {
    std::cout << fmt::format("  __shared__ {} ({}, {} B): {:g} references -> {}{}\n", a.name,
                             a.where, a.bytes, a.references, place::placement_name(a.placement()),
                             a.overlap ? "; shared: " + a.why_shared : "");
  }
  for (char dim : {'x', 'y'}) {
    if (block.extent(dim) == 1) continue;
    try {
      const place::CompactionInfo c = place::analyze_compaction(src, kernel, dim);
      std::cout << fmt::format(
          "  compaction along {}: {:g} redundant loads; {} variant variables\n", dim,
          c.redundant_loads, c.variant.size());
    } catch (const place::PlaceError& e) {
      std::cout << fmt::format("  compaction along {}: {}\n", dim, e.what());
    }
  }
}

void place_command(const PlaceOptions& opts) {
  const ConfigNode resolved = opts.config.resolve();
  const fs::path source =
      opts.source.empty() ? workload_source(opts.workload) : fs::path(opts.source);
  const std::string text = read_file(source);
  const fs::path dir = fs::path(opts.out);
  fs::create_directories(dir);
  try {
    const place::ParsedSource parsed = place::parse_cuda(text, source.string());
    parsed.kernel(opts.kernel);  // a wrong name fails before anything runs
    Evaluator eval(opts, resolved, dir, source);
    place::Version original{"v0", "original", "as written", text, {}, 0, "", true};
    KernelRun base;
    try {
      base = kernel_cycles(eval.run(original, !opts.analyze), opts.kernel);
    } catch (const UsageError&) {
      throw;
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("the original {} ({}) does not run: {}", opts.kernel,
                                   source.string(), e.what()));
    }
    if (base.launches == 0) {
      throw UsageError(
          fmt::format("workload {} never launched kernel {}", opts.workload, opts.kernel));
    }
    if (opts.analyze) {
      print_analysis(parsed, opts.kernel, base.block);
      return;
    }
    place::TuneOptions tune;
    tune.kernel = opts.kernel;
    tune.block = base.block;
    tune.grid = base.grid;
    tune.pass1 = !opts.no_pass1;
    tune.pass2 = !opts.no_pass2;
    const place::TuneResult result =
        place::tune(text, source.string(), tune, [&](const place::Version& v) {
          if (v.pass == "original") return base.cycles;  // run above, for its launch shape
          const KernelRun r = kernel_cycles(eval.run(v, true), opts.kernel);
          if (r.launches == 0) throw std::runtime_error("the kernel did not launch");
          return r.cycles;
        });
    nlohmann::ordered_json doc;
    doc["workload"] = opts.workload;
    doc["kernel"] = opts.kernel;
    doc["source"] = source.string();
    doc["gpu"] = opts.config.gpu;
    doc["compiler"] = place::compiler_name(eval.compiler());
    doc["block"] = {base.block.x, base.block.y, base.block.z};
    doc["grid"] = {base.grid.x, base.grid.y, base.grid.z};
    doc["best"] = result.versions[result.best].name;
    doc["speedup"] = result.versions[0].cycles / result.versions[result.best].cycles;
    doc["search_space"] = {{"full", result.full_space}, {"evaluated", result.versions.size()}};
    for (const place::Version& v : result.versions) {
      nlohmann::ordered_json j = {
          {"name", v.name},
          {"pass", v.pass},
          {"change", v.description},
          {"block_divisor", {v.block_divisor.x, v.block_divisor.y, v.block_divisor.z}},
          {"kept", v.kept}};
      if (v.error.empty()) {
        j["cycles"] = v.cycles;
      } else {
        j["error"] = v.error;
      }
      doc["versions"].push_back(j);
    }
    doc["notes"] = result.notes;
    write_file(dir / "place.json", doc.dump(1) + "\n");
    const std::string table = report_table(result);
    write_file(dir / "place.md", table);
    std::cout << fmt::format("{} {} on {} ({}): best {} ({:.3f}x)\n", opts.workload, opts.kernel,
                             opts.config.gpu, place::compiler_name(eval.compiler()),
                             result.versions[result.best].name, doc["speedup"].get<double>())
              << table;
  } catch (const place::PlaceError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

void add_place_command(CLI::App& app) {
  auto opts = std::make_shared<PlaceOptions>();
  CLI::App* cmd = app.add_subcommand(
      "place",
      "seed 000 ch. 3: move a kernel's data between shared memory, registers, local and "
      "global memory and compact threads; each version simulated, the fastest kept");
  cmd->add_option("--workload", opts->workload, "built-in workload NAME[:SIZE]")->required();
  cmd->add_option("--kernel", opts->kernel, "the kernel to transform")->required();
  cmd->add_option("--source", opts->source, "the kernel's CUDA file (default: the workload's)");
  cmd->add_option("--out", opts->out, "folder for the versions (vN.cu, vN.ptx) and place.json")
      ->capture_default_str();
  cmd->add_option("--compiler", opts->compiler, "auto (nvcc when installed), nvcc or clang")
      ->capture_default_str();
  cmd->add_flag("--no-pass1", opts->no_pass1, "skip P1/P2 (shared arrays)");
  cmd->add_flag("--no-pass2", opts->no_pass2, "skip P3 (thread compaction)");
  cmd->add_flag("--analyze", opts->analyze,
                "print the analysis (arrays, placements, redundant loads) without tuning");
  opts->config.add_to(*cmd);
  cmd->callback([opts] { place_command(*opts); });
}

}  // namespace warpsim::app
