#pragma once

// What NVIDIA's assembler says a kernel uses: registers per thread, stack frame (local memory),
// spills, barriers and static shared memory, from `ptxas -v`. The timing model's occupancy
// (issue F5) and cudaFuncGetAttributes prefer these numbers when the CUDA toolkit is installed,
// as GPGPU-Sim does; without it they fall back to an estimate from the PTX.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace warpsim::ptx {

struct PtxasResources {
  std::uint32_t registers = 0;  // per thread
  std::uint32_t barriers = 0;
  std::uint64_t stack_frame = 0;  // bytes of local memory per thread
  std::uint64_t spill_stores = 0;
  std::uint64_t spill_loads = 0;
  std::uint64_t shared = 0;  // static shared memory, bytes
};

// The entry functions of a `ptxas -v` report, by mangled name. Lines it does not know are
// skipped (ptxas adds fields over releases); a kernel without a "Used N registers" line is left
// out.
std::map<std::string, PtxasResources> parse_ptxas_report(std::string_view report);

// The ptxas to run: $WARPSIM_PTXAS if set ("none" disables ptxas), else ptxas on PATH, else
// /usr/local/cuda/bin/ptxas; nullopt when there is none.
std::optional<std::string> find_ptxas();

// Assembles `ptx` for sm_`arch` with `ptxas -v` and parses the report. Reports are cached by a
// hash of the ptxas path, the arch and the text under $XDG_CACHE_HOME/warpsim/ptxas (or
// ~/.cache/...), so a kernel is assembled once per machine. nullopt, with the reason in `why`,
// when there is no ptxas or it fails.
std::optional<std::map<std::string, PtxasResources>> ptxas_resources(std::string_view ptx, int arch,
                                                                     std::string* why);

}  // namespace warpsim::ptx
