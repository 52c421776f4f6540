#pragma once

// Small hand-written traces for the trace reader's tests.

#include <stdexcept>
#include <string>

namespace warpsim::trace::test {

// A kernel header with the given grid, block and tracer version; `extra` lines go at its end.
inline std::string header(const std::string& grid = "(1,1,1)",
                          const std::string& block = "(32,1,1)", int version = 4,
                          const std::string& extra = "") {
  return "-kernel name = _Z6vecAddPfS_S_i\n"
         "-kernel id = 1\n"
         "-grid dim = " +
         grid + "\n" + "-block dim = " + block + "\n" +
         "-shmem = 0\n"
         "-nregs = 16\n"
         "-binary version = 70\n"
         "-cuda stream id = 0\n"
         "-shmem base_addr = 0x00007f4a10000000\n"
         "-local mem base_addr = 0x00007f4a0e000000\n"
         "-nvbit version = 1.7\n"
         "-accelsim tracer version = " +
         std::to_string(version) + "\n" + extra +
         "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
         "mem_width [adrrescompress?] [mem_addresses] immediate\n\n";
}

// Runs `f` and returns the message of the std::runtime_error it throws.
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace warpsim::trace::test
