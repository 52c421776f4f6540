#pragma once

// The device code nvcc embeds in a host binary. Each translation unit's host code registers a
// wrapper {magic, version, data, ...} whose data is a fatbin: a header and a sequence of entries,
// each PTX text or an ELF cubin for one architecture, optionally compressed (LZ4 in CUDA 11-12 and
// CUDA 13's `-compress-mode=speed`, zstd in CUDA 13's default mode). warpsim executes PTX only.
//
// Layout facts (all little-endian), as nvcc 11-13 write them:
//   wrapper: u32 magic 0x466243b1, u32 version, u64 fatbin address, u64 (unused here)
//   fatbin header: u32 magic 0xba55ed50, u16 version, u16 header bytes, u64 entry bytes
//   entry header: u16 kind (1 PTX, 2 ELF), u16, u32 header bytes, u64 payload bytes,
//     u32 compressed bytes, u32, u16 minor, u16 major (PTX ISA version), u32 sm arch,
//     u32 name offset, u32 name bytes, u64 flags (0x2000 LZ4, 0x8000 zstd), u64, u64 bytes
//     after decompression

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpsim::runtime {

class FatbinError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class FatbinCompression : std::uint8_t { kNone, kLz4, kZstd };

struct FatbinEntry {
  bool is_ptx = false;  // else an ELF cubin (or another kind warpsim does not read)
  int arch = 0;         // 75 for compute_75 / sm_75
  int ptx_major = 0;    // PTX ISA version of a PTX entry
  int ptx_minor = 0;
  FatbinCompression compression = FatbinCompression::kNone;
  std::span<const std::uint8_t> payload;  // as stored (compressed or not)
  std::uint64_t uncompressed_size = 0;    // 0 when not compressed
};

// The entries of the fatbin at `fatbin` (not the wrapper). `limit` bounds how far the parser may
// read (the fatbin's own size fields are trusted only up to it). Throws FatbinError.
std::vector<FatbinEntry> parse_fatbin(const std::uint8_t* fatbin, std::size_t limit);

// The fatbin a registration wrapper points to. Throws FatbinError for a wrong magic number.
const std::uint8_t* fatbin_of_wrapper(const void* wrapper);

// The PTX text of a PTX entry, decompressed; trailing NUL padding removed.
std::string ptx_text(const FatbinEntry& entry);

// The PTX entry to run on a GPU of compute capability `cc` (90 for 9.0): the newest whose arch is
// at most `cc`, as the driver's JIT would choose. When every PTX entry is newer than the GPU, the
// oldest of them (a simulator may run newer PTX; the caller warns). nullptr when there is no PTX.
const FatbinEntry* choose_ptx(const std::vector<FatbinEntry>& entries, int cc);

// "compute_75, sm_90 (ELF)" — what a binary carries, for messages.
std::string describe_entries(const std::vector<FatbinEntry>& entries);

}  // namespace warpsim::runtime
