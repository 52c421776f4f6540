#pragma once

// CUDA source to PTX for the placement compiler's versions: with nvcc (what the committed PTX
// of the workloads is made with) when it is installed, else with Clang's NVPTX back end and
// warpsim's prelude (no CUDA toolkit needed; kernels that call libdevice functions such as expf
// do not link that way).

#include <string>

namespace warpsim::place {

enum class Compiler { kAuto, kNvcc, kClang };

// "auto", "nvcc", "clang"; PlaceError for anything else.
Compiler parse_compiler(const std::string& name);
// kAuto resolved: nvcc when /usr/local/cuda/bin/nvcc or nvcc on PATH exists, else Clang.
Compiler resolve_compiler(Compiler compiler);
const char* compiler_name(Compiler compiler);

// Compiles `cu_path` for sm_75 into `ptx_path`, with `include_dir` (the original source's
// folder, for its own headers) on the include path. PlaceError with the compiler's first lines.
void compile_to_ptx(const std::string& cu_path, const std::string& ptx_path, Compiler compiler,
                    const std::string& include_dir = "");

}  // namespace warpsim::place
