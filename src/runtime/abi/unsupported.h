#pragma once

// The one way an unimplemented CUDA runtime API call ends: the libcudart replacements export every
// name NVIDIA's library exports (so no program fails to load), and the names warpsim does not
// implement are stubs that call this. Defined in src/runtime/unsupported_api.cc, so it is part of
// warpsim_core like the rest of the runtime.

namespace warpsim::runtime {

// Prints "warpsim: NAME is not supported by warpsim (see docs/runtime.md)" to stderr, after
// flushing the program's own stdout, and exits with status 3.
[[noreturn]] void unsupported_api(const char* name);

}  // namespace warpsim::runtime
