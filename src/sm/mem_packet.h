#pragma once

// What an SM sends to the memory system and what comes back. One request covers one aligned
// block of ldst.coalesce_bytes (or one I-cache line); `tag` lets the sender match the reply.

#include <cstdint>

#include "sim/time.h"

namespace warpsim {

enum class MemKind : std::uint8_t { kRead, kWrite, kAtomic, kInstFetch };

struct MemRequest {
  Addr addr = 0;
  std::uint32_t size = 0;  // bytes
  MemKind kind = MemKind::kRead;
  std::uint32_t sm = 0;
  std::uint64_t tag = 0;
};

struct MemReply {
  Addr addr = 0;
  MemKind kind = MemKind::kRead;
  std::uint64_t tag = 0;
};

}  // namespace warpsim
