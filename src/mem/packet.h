#pragma once

// What travels between the SMs and the memory hierarchy (L1 → crossbar → L2 slice → DRAM and
// back). One request covers one aligned block of `size` bytes (an L1 line or sector, an
// I-cache line, an L2 sector); `sectors` says which 32-byte sectors of it are wanted. Every
// request is answered by exactly one reply with the same `tag`, except write-backs of evicted
// lines (`writeback`), which are not answered. Values never travel: the functional model
// executed the access when the instruction issued, so the hierarchy models time only.

#include <bit>
#include <cstdint>

#include "sim/time.h"

namespace warpsim {

enum class MemKind : std::uint8_t { kRead, kWrite, kAtomic, kInstFetch };

// Sectors are 32 bytes on every NVIDIA GPU since Kepler (Fermi's 128-byte L1 lines are one
// unit: its caches treat any sector of a line as the whole line). Bit i = bytes
// [32i, 32i + 32) of the block.
inline constexpr std::uint32_t kSectorBytes = 32;
using SectorMask = std::uint32_t;

// The sectors of a block starting at `block` that bytes [addr, addr + bytes) touch.
constexpr SectorMask sectors_of(Addr block, Addr addr, std::uint32_t bytes) {
  if (bytes == 0) return 0;
  const auto first = static_cast<std::uint32_t>((addr - block) / kSectorBytes);
  const auto last = static_cast<std::uint32_t>((addr + bytes - 1 - block) / kSectorBytes);
  const SectorMask upto_last = last >= 31 ? ~SectorMask{0} : (SectorMask{1} << (last + 1)) - 1;
  return upto_last & ~((SectorMask{1} << first) - 1);
}
constexpr std::uint32_t sector_count(SectorMask mask) {
  return static_cast<std::uint32_t>(std::popcount(mask));
}

struct MemRequest {
  Addr addr = 0;           // first byte of the block, aligned to `size`
  std::uint32_t size = 0;  // bytes of the block
  SectorMask sectors = 0;  // sectors of the block wanted (reads) or written (writes)
  MemKind kind = MemKind::kRead;
  bool writeback = false;  // a dirty line evicted by a cache: no reply
  bool local = false;      // local memory (a cache's local_write_policy applies to its writes)
  std::uint32_t sm = 0;    // the SM it came from; replies are routed back by it
  std::uint64_t tag = 0;   // the sender's handle, echoed in the reply
  // Who asked, for PC-, warp- or CTA-aware policies and per-warp statistics.
  std::uint64_t pc = 0;
  std::uint32_t warp = 0;      // the SM's warp slot
  std::uint32_t cta = 0;       // the SM's CTA slot
  std::uint32_t cta_warp = 0;  // the warp's index within its CTA
  std::uint64_t epoch = 0;     // barriers its CTA had passed when the instruction issued
  std::uint64_t warp_age = 0;  // the warp's launch order on its SM (unique per warp there)
  std::uint32_t age_rank = 0;  // live warps on its scheduler launched before it (0: oldest)
  // PCAL (seed 001): the warp holds a cache token. A cache whose tokens.honor is set lets a
  // token-less read hit but never place or evict a line (cache/cache.h).
  bool token = true;
  // When the sender made it, in the sender's clock: the core cycle for the SM's requests, the
  // cycle of the miss for a cache's fetch. Latency statistics only.
  std::uint64_t born = 0;
  // Atomics: the operations an L2 atomic unit (l2.atomic_serial_cycles) executes one after
  // another for this request: the most lanes naming one address (sm/coalescer.h).
  std::uint32_t ops = 0;
};

// Bytes of data the request carries (writes, atomics' operands).
constexpr std::uint32_t data_bytes(const MemRequest& r) {
  return r.kind == MemKind::kWrite || r.kind == MemKind::kAtomic
             ? sector_count(r.sectors) * kSectorBytes
             : 0;
}

struct MemReply {
  Addr addr = 0;
  std::uint32_t size = 0;
  SectorMask sectors = 0;  // sectors of the block now delivered
  MemKind kind = MemKind::kRead;
  std::uint32_t sm = 0;
  std::uint64_t tag = 0;
  std::uint64_t born = 0;  // copied from the request
  bool from_dram = false;  // the L2 answered it with data it fetched from DRAM for it
};

// Answer to `r`, carrying what it asked for.
constexpr MemReply reply_to(const MemRequest& r) {
  return MemReply{r.addr, r.size, r.sectors, r.kind, r.sm, r.tag, r.born};
}

// Bytes of data the reply carries (reads, atomics' results; a write's ack carries none).
constexpr std::uint32_t data_bytes(const MemReply& r) {
  return r.kind == MemKind::kWrite ? 0 : sector_count(r.sectors) * kSectorBytes;
}

}  // namespace warpsim
