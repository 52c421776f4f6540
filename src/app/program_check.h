#pragma once

// What a CUDA program's ELF file says about how it reaches the CUDA runtime, checked before
// `warpsim run` starts it: only a program that loads libcudart.so dynamically can be given
// warpsim's library instead of NVIDIA's.

#include <filesystem>
#include <string>
#include <vector>

namespace warpsim::app {

struct ProgramLinkage {
  bool is_elf = false;              // false: a script or another format; run it as it is
  bool has_device_code = false;     // an .nv_fatbin section: nvcc-compiled CUDA code inside
  std::vector<std::string> needed;  // DT_NEEDED libraries
  bool needs_cudart() const;        // libcudart.so.* among them
  bool needs_driver_api() const;    // libcuda.so.* among them
};

// Reads the ELF headers of `path`. Throws UsageError for a file that cannot be read and for a
// truncated or inconsistent ELF file.
ProgramLinkage inspect_program(const std::filesystem::path& path);

// Throws UsageError with the fix when the program cannot run under warpsim: CUDA code with the
// runtime linked statically (nvcc's default), or the driver API without the runtime.
void check_program_linkage(const std::filesystem::path& path, const ProgramLinkage& linkage);

}  // namespace warpsim::app
