#pragma once

// An Accel-Sim `kernelslist.g`: the commands of a traced program in order, one per line.
// `kernel-N.traceg[.xz]` launches the kernel traced in that file (named relative to the list's
// folder); `MemcpyHtoD,0x<dst>,<bytes>` is a host-to-device copy (the simulator uses it to warm
// the L2). Blank lines are skipped; anything else is an error (notes/anchor-accelsim.md §4.2).

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace warpsim::trace {

struct KernelsListEntry {
  enum class Kind { kKernel, kMemcpyHtoD };
  Kind kind = Kind::kKernel;
  std::uint64_t line = 0;  // in the list file
  // kKernel: the file name as written, and the path to open (joined with the list's folder).
  std::string file_name;
  std::string path;
  // kMemcpyHtoD
  std::uint64_t dst = 0;
  std::uint64_t bytes = 0;
};

struct KernelsList {
  std::string file_name;
  std::vector<KernelsListEntry> entries;

  std::size_t kernel_count() const;
};

// Parses a list read from `in`; `folder` ("" for the current one) is where kernel files are.
// Throws TraceError("FILE:LINE: ...") on a malformed line.
KernelsList parse_kernels_list(std::istream& in, const std::string& file_name,
                               const std::string& folder);

// Opens and parses the file at `path`; kernel paths are relative to its folder.
KernelsList read_kernels_list(const std::string& path);

}  // namespace warpsim::trace
