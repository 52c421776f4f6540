#pragma once

// GPGPU-Sim's cache description strings (-gpgpu_cache:dl1, :dl2, :il1, -gpgpu_tex_cache:l1,
// -gpgpu_const_cache:l1):
//   [N|S:]<sets>:<line>:<ways>,<repl>:<write>:<alloc>:<write alloc>[:<set index>],
//   <mshr type>:<mshr entries>:<merge>,<miss queue>[:<fill fifo>][,<data port width>]
// The sector letter and the set-index letter came with GPGPU-Sim 4.0; without them a cache is
// unsectored and linearly indexed, as in the 3.x releases.

#include <cstdint>

#include "import/gpgpusim_options.h"

namespace warpsim::import {

struct CacheString {
  bool sectored = false;  // 'S': four 32-byte sectors per 128-byte line
  std::uint32_t sets = 0;
  std::uint32_t line = 0;
  std::uint32_t ways = 0;
  char replacement = 'L';  // L(RU), F(IFO)
  char write = 'R';        // R(ead-only), B(ack), T(hrough), E(vict), L(ocal back, global through)
  char allocate = 'm';     // m(iss), f(ill), s(treaming)
  char write_allocate = 'N';  // N(one), W (naive), F(etch on write), L(azy fetch on read)
  char set_index = 'L';       // L(inear), X(OR), P (IPOLY), H (Fermi hash), C(ustom)
  bool set_index_given = false;
  char mshr_type = 'A';  // A(ssoc), S(ector assoc), F(IFO, texture), T (sector FIFO)
  std::uint32_t mshr_entries = 0;
  std::uint32_t mshr_merge = 0;
  std::uint32_t miss_queue = 0;
  std::uint32_t fill_fifo = 0;
  std::uint32_t data_port_width = 0;

  std::uint64_t size_bytes() const { return std::uint64_t{sets} * line * ways; }
};

// Parses the option's value; fails with FILE:LINE naming the field that is wrong.
CacheString parse_cache_string(const OptionValue& option);

}  // namespace warpsim::import
