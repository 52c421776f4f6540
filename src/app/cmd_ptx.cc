// `warpsim ptx check FILE...` and `warpsim ptx print FILE`: the PTX front end on its own.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

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
}

}  // namespace warpsim::app
