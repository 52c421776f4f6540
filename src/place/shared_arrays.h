#pragma once

// Pass 1 of seed 000 ch. 3's data-placement compiler (the thesis's Fig. 3.6): the kernel's
// __shared__ arrays, each with its weighted reference count and whether threads share its
// elements, and the rewrite that moves one array out of shared memory:
//   P1  a private array with constant indices -> registers (a thread-local array or scalar);
//   P2  a private array indexed at run time    -> local memory (the same rewrite: nvcc places a
//       dynamically indexed local array in local memory);
//       an array threads share                 -> global memory (a per-block slice of a
//       __device__ array; the accesses are unchanged).
// "Private": every access names the element by the thread's own index in the same positions
// (`a[ty][tx]`, `m[tid][i]`, `v[t + 32 * k]` with 32 threads), and those positions cover every
// thread dimension of the block.

#include <cstdint>
#include <string>
#include <vector>

#include "place/cuda_source.h"

namespace warpsim::place {

struct Shape {
  long long x = 1, y = 1, z = 1;
  long long volume() const { return x * y * z; }
  long long extent(char dim) const { return dim == 'x' ? x : dim == 'y' ? y : z; }
};

enum class Placement { kRegisters, kLocal, kGlobal };
const char* placement_name(Placement placement);

struct SharedArray {
  std::string name;
  std::string where;         // FILE:LINE of its declaration
  std::string element_type;  // as Clang prints it
  std::vector<long long> dims;
  std::uint64_t bytes = 0;
  double references = 0;       // weighted (reference_weight) over all accesses
  bool overlap = false;        // threads share elements (or the array escapes as a pointer)
  bool dynamic_index = false;  // a private array indexed by a run-time value
  std::string why_shared;      // overlap: the first access that shares, with its line
  std::vector<long long> private_dims;  // private: the per-thread array's dims (empty: scalar)

  Placement placement() const {
    return overlap ? Placement::kGlobal
                   : (dynamic_index ? Placement::kLocal : Placement::kRegisters);
  }
};

// The kernel's statically sized __shared__ arrays in declaration order, for blocks of `block`.
std::vector<SharedArray> analyze_shared_arrays(const ParsedSource& source,
                                               const std::string& kernel, Shape block);

// The source with `array` moved to its placement (above); `grid` sizes the global copy. Throws
// PlaceError when the array is not in the kernel or its accesses cannot be rewritten.
std::string promote_shared_array(const ParsedSource& source, const std::string& kernel,
                                 const std::string& array, Shape block, Shape grid);

}  // namespace warpsim::place
