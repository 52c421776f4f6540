#pragma once

#include <CLI/CLI.hpp>

namespace warpsim::app {

// Each adds one subcommand (and its own subcommands) with its callback.
void add_run_command(CLI::App& app);
void add_list_command(CLI::App& app);
void add_config_command(CLI::App& app);
void add_ptx_command(CLI::App& app);
void add_probe_command(CLI::App& app);
void add_sweep_command(CLI::App& app);
void add_place_command(CLI::App& app);

}  // namespace warpsim::app
