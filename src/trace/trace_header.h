#pragma once

// The header of an Accel-Sim kernel trace (`kernel-N.traceg`): `-key = value` lines up to the
// first line that starts with '#' (notes/anchor-accelsim.md §4.3). Known keys are parsed into
// fields; any other `-key = value` line is kept in `extra`, in order.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "func/dim3.h"
#include "trace/line_source.h"

namespace warpsim::trace {

// Grid and block shapes are the functional model's.
using Dim3 = func::Dim3;

struct KernelHeader {
  std::string kernel_name;
  std::uint32_t kernel_id = 0;
  Dim3 grid;
  Dim3 block;
  std::uint32_t shmem = 0;           // static + dynamic shared memory, bytes
  std::uint32_t nregs = 0;           // registers per thread
  std::uint32_t binary_version = 0;  // SM version of the traced code: 70, 75, 80, 86, 90 ...
  std::uint64_t cuda_stream_id = 0;
  std::uint64_t shmem_base_addr = 0;  // generic-address window of shared memory
  std::uint64_t local_mem_base_addr = 0;
  std::string nvbit_version;
  // "-accelsim tracer version"; "1.2" reads as 1, as Accel-Sim reads it (%d).
  std::uint32_t tracer_version = 0;
  bool enable_lineinfo = false;  // each instruction line starts with a source line number
  // "-warpsim code end" (traces warpsim writes): one past the last pc index of the kernel's
  // code, executed or not, so that fetch runs on as far as it did in the PTX run; 0: not given.
  std::uint32_t code_end = 0;
  std::vector<std::pair<std::string, std::string>> extra;
  std::uint64_t first_body_line = 0;  // the '#' line that ended the header

  std::uint32_t warps_per_block() const {
    return static_cast<std::uint32_t>((block.volume() + 31) / 32);
  }
};

// Reads header lines from `src` up to (not including) the first line starting with '#', which
// stays to be read next. Requires `-kernel name`, `-grid dim`, `-block dim` and
// `-accelsim tracer version`; throws TraceError("FILE:LINE: ...") otherwise.
KernelHeader read_kernel_header(LineSource& src);

}  // namespace warpsim::trace
