// `warpsim list gpus|policies|workloads`.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "app/paths.h"
#include "sim/config_load.h"
#include "sim/registry.h"
#include "workload/registry.h"

namespace warpsim::app {

namespace {

void list_gpus() {
  const auto presets = list_presets(config_root() / "gpus");
  if (presets.empty())
    throw UsageError("no GPU presets found in " + (config_root() / "gpus").string());
  std::size_t width = 0;
  for (const auto& p : presets) width = std::max(width, p.name.size());
  for (const auto& p : presets) {
    const char* mark = p.name == kDefaultGpu ? " (default)" : "";
    std::cout << fmt::format("{:<{}}  {}{}\n", p.name, width, p.description, mark);
  }
}

// Every policy, or those of one kind; with `names_only` just their names, one a line (what
// scripts and the test suite read).
void list_policies(const std::string& only_kind, bool names_only) {
  const PolicyRegistry& registry = PolicyRegistry::global();
  if (!only_kind.empty() && registry.names(only_kind).empty()) {
    throw UsageError("no policies of kind '" + only_kind + "'");
  }
  std::string kind;
  for (const PolicyInfo& info : registry.list()) {
    if (!only_kind.empty() && info.kind != only_kind) continue;
    if (names_only) {
      std::cout << info.name << '\n';
      continue;
    }
    if (info.kind != kind) {
      kind = info.kind;
      std::cout << fmt::format("{}:\n", kind);
    }
    std::cout << fmt::format("  {:<14} {}\n", info.name, info.description);
    for (const ParamSpec& param : info.params) {
      std::cout << fmt::format("  {:<14}   {}\n", "", describe_param(param));
    }
  }
}

// Name and description, then each size's dimensions.
void list_workloads() {
  const auto workloads = workload::WorkloadRegistry::global().list();
  std::size_t width = 0;
  for (const workload::Workload* w : workloads) width = std::max(width, w->name().size());
  for (const workload::Workload* w : workloads) {
    std::cout << fmt::format("{:<{}} {}\n", w->name(), width, w->description());
    std::string sizes;
    for (workload::Size size : workload::kAllSizes) {
      sizes += fmt::format("{}{}: {}", sizes.empty() ? "" : "; ", workload::size_name(size),
                           w->dimensions(size));
    }
    std::cout << fmt::format("{:<{}}   sizes {}\n", "", width, sizes);
  }
}

}  // namespace

void add_list_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("list", "list GPU presets, plug-in policies or workloads");
  cmd->require_subcommand(1);
  cmd->add_subcommand("gpus", "GPU presets in configs/gpus")->callback(list_gpus);
  CLI::App* policies =
      cmd->add_subcommand("policies", "every plug-in policy: kind, name, description, parameters");
  auto kind = std::make_shared<std::string>();
  auto names_only = std::make_shared<bool>(false);
  policies->add_option("--kind", *kind, "only this kind (warp_scheduler, replacement, ...)");
  policies->add_flag("--names", *names_only, "only the names, one a line");
  policies->callback([kind, names_only] { list_policies(*kind, *names_only); });
  cmd->add_subcommand("workloads",
                      "built-in workloads: name, description, sizes (docs/workloads.md)")
      ->callback(list_workloads);
}

}  // namespace warpsim::app
