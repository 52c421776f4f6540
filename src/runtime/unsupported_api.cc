// The end of a call to a CUDA runtime API function warpsim does not implement (see
// runtime/abi/unsupported.h). Status 3 sets it apart from a simulation failure (status 2).

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "runtime/abi/unsupported.h"

namespace warpsim::runtime {

void unsupported_api(const char* name) {
  // The program's output so far must not be lost or end up after the message.
  std::cout.flush();
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: %s is not supported by warpsim (see docs/runtime.md)\n", name);
  std::fflush(stderr);
  std::exit(3);
}

}  // namespace warpsim::runtime
