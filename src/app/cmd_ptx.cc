// `warpsim ptx check FILE...`, `warpsim ptx print FILE`, `warpsim ptx transform --pass SPEC
// FILE` and `warpsim ptx keys FILE...`: the PTX front end and the passes on their own.
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "app/commands.h"
#include "passes/pass_runner.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"
#include "sm/issue_cost.h"

namespace warpsim::app {

namespace {

// Parses and verifies every file, reporting each; any failure makes the whole command fail
// after all files were tried, so one run lists every broken file.
void check_files(const std::vector<std::string>& files) {
  std::size_t failed = 0;
  for (const std::string& file : files) {
    try {
      const ptx::Module module = ptx::parse_ptx_file(file);
      ptx::verify(module);
      std::cout << fmt::format("{}: ok: {} entries, {} functions\n", file, module.kernel_count(),
                               module.functions.size());
    } catch (const ptx::ParseError& e) {
      std::cerr << e.what() << '\n';
      ++failed;
    }
  }
  if (failed > 0) {
    throw UsageError(
        fmt::format("{} of {} PTX files failed to parse or verify", failed, files.size()));
  }
}

void print_file(const std::string& file) {
  try {
    const ptx::Module module = ptx::parse_ptx_file(file);
    ptx::verify(module);
    std::cout << ptx::print_ptx(module);
  } catch (const ptx::ParseError& e) {
    throw UsageError(e.what());
  }
}

// Per file and function (kernels and .func), how many instructions of each issue-cost key
// (sm/issue_cost.h) its code holds, as JSON: what validation/sass fits ptxas's SASS counts on.
void print_keys(const std::vector<std::string>& files) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const std::string& file : files) {
    ptx::Module module;
    try {
      module = ptx::parse_ptx_file(file);
      ptx::verify(module);
    } catch (const ptx::ParseError& e) {
      throw UsageError(e.what());
    }
    nlohmann::ordered_json functions = nlohmann::ordered_json::object();
    for (const ptx::Function& f : module.functions) {
      if (!f.has_body) continue;
      std::map<std::string, std::uint64_t> counts;
      for (const ptx::Instruction& inst : f.insts) ++counts[issue_key(inst)];
      functions[f.name] = {{"entry", f.is_entry}, {"keys", counts}};
    }
    out[file] = std::move(functions);
  }
  std::cout << out.dump(1) << '\n';
}

struct TransformOptions {
  std::string file;
  std::vector<std::string> passes;
  double t = 0.1;
  std::string out;
  bool ptxas_form = false;
};

// Runs the passes in order and prints the result, with what each kernel got on stderr.
void transform_file(const TransformOptions& opts) {
  std::vector<ConfigNode> slots;
  for (const std::string& spec : opts.passes) slots.push_back(passes::parse_pass_spec(spec));
  passes::PassReport report;
  std::string text;
  try {
    ptx::Module module = ptx::parse_ptx_file(opts.file);
    ptx::verify(module);
    report = passes::run_passes(module, slots, passes::Pass::Context{opts.t});
    text = ptx::print_ptx(
        module, opts.ptxas_form ? ptx::ExtensionForm::kPtxasCompatible : ptx::ExtensionForm::kAsIs);
  } catch (const ptx::ParseError& e) {
    throw UsageError(e.what());
  }
  for (const auto& [kernel, counts] : report.counts) {
    std::string line = kernel + ":";
    for (const auto& [name, n] : counts) line += fmt::format(" {} {}", name, n);
    std::cerr << line << '\n';
  }
  for (const auto& [kernel, note] : report.notes) std::cerr << kernel << ": " << note << '\n';
  if (opts.out.empty()) {
    std::cout << text;
    return;
  }
  std::ofstream out(opts.out, std::ios::binary);
  out << text;
  if (!out) throw UsageError(fmt::format("cannot write {}", opts.out));
}

}  // namespace

void add_ptx_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("ptx", "parse, check and print PTX");
  cmd->require_subcommand(1);
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* check = cmd->add_subcommand("check", "parse and verify PTX files");
  check->add_option("files", *files, "PTX files")->required()->check(CLI::ExistingFile);
  check->callback([files] { check_files(*files); });
  auto file = std::make_shared<std::string>();
  CLI::App* print = cmd->add_subcommand("print", "print a PTX file in canonical form");
  print->add_option("file", *file, "PTX file")->required()->check(CLI::ExistingFile);
  print->callback([file] { print_file(*file); });
  CLI::App* keys = cmd->add_subcommand(
      "keys", "count each function's instructions by issue-cost key (sm.issue_costs), as JSON");
  keys->add_option("files", *files, "PTX files")->required()->check(CLI::ExistingFile);
  keys->callback([files] { print_keys(*files); });
  auto topts = std::make_shared<TransformOptions>();
  CLI::App* transform =
      cmd->add_subcommand("transform", "run PTX passes on a file and print the result");
  transform->add_option("file", topts->file, "PTX file")->required()->check(CLI::ExistingFile);
  transform
      ->add_option("--pass", topts->passes,
                   "a pass by name (relssp) or as a YAML map ({impl: relssp, placement: "
                   "postdom}); repeat to run several in order (`warpsim list policies`)")
      ->required();
  transform
      ->add_option("--t", topts->t,
                   "the private fraction t of a shared CTA's scratchpad "
                   "(sm.scratchpad_sharing.t)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  transform->add_option("-o,--out", topts->out, "write the PTX here instead of stdout");
  transform->add_flag("--ptxas", topts->ptxas_form,
                      "print warpsim's extension instructions (relssp) as comments, for ptxas");
  transform->callback([topts] { transform_file(*topts); });
}

}  // namespace warpsim::app
