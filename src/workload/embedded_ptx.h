#pragma once

// The workloads' kernels, compiled into the binary: the committed PTX of every
// workloads/<suite>/<name>/<name>.cu (ptx/sm_75/workloads__<suite>__<name>__<name>.ptx,
// written by scripts/gen-ptx) is embedded at build time by cmake/embed_files.cmake. Embedding keeps
// the `warpsim` binary self-contained: it runs its workloads from any working directory, from an
// installation without the source tree, and never against PTX older or newer than its drivers.

#include <optional>
#include <span>
#include <string_view>

#include "sim/embedded_file.h"

namespace warpsim::workload {

// Every embedded PTX file, sorted by key: the file name without "workloads__" and ".ptx"
// (generated: BUILD/generated/workload_ptx.cc).
std::span<const EmbeddedFile> embedded_ptx();

// The PTX of workload "suite/name": the key "suite__name__name". nullopt when there is none.
std::optional<std::string_view> find_workload_ptx(std::string_view workload_name);

}  // namespace warpsim::workload
