#pragma once

// Accel-Sim 2.0's compressed kernel trace, `kernel-N.tracez` (notes/anchor-accelsim.md §4.6),
// read thread block by thread block in bounded memory. Integers are little-endian:
//
//   the kernel header's text, then a NUL byte
//   u32 dict_size, u32 subchunk_insts, dict_size bytes of zstd dictionary (none when 0)
//   per warp, at the offset the index gives: u32 inst_count, u32 subchunks, then per sub-chunk
//     u32 size and one zstd frame (with the dictionary) holding instruction lines, joined by '\n'
//   the index: u32 blocks, then per block 11 u32 (block x,y,z, cluster x,y,z, cluster cta x,y,z,
//     cluster rank, warps) and per warp u32 inst_count, u32 subchunks, u64 offset and one u32
//     instruction count per sub-chunk
//   u64: the index's offset
//
// Malformed files throw TraceError("FILE: what"), naming the block and warp where it applies.

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "trace/trace_header.h"

namespace warpsim::trace {

class TracezFile {
 public:
  struct Warp {
    std::uint32_t insts = 0;
    std::uint32_t subchunks = 0;
    std::uint64_t offset = 0;
  };
  struct Block {
    Dim3 id{0, 0, 0};
    Dim3 cluster_id{0, 0, 0};
    Dim3 cluster_cta{0, 0, 0};
    std::uint32_t cluster_rank = 0;
    std::vector<Warp> warps;
  };

  explicit TracezFile(std::string path);
  ~TracezFile();
  TracezFile(const TracezFile&) = delete;
  TracezFile& operator=(const TracezFile&) = delete;

  const std::string& path() const { return path_; }
  // The kernel header, as text lines.
  const std::string& header_text() const { return header_; }
  std::uint32_t block_count() const { return blocks_; }

  // The next block's index entry, in index order; false after the last.
  bool next_block(Block& out);
  // One warp's instruction lines, decompressed (sub-chunks joined by '\n').
  std::string warp_text(const Block& block, std::uint32_t warp);

 private:
  [[noreturn]] void fail(const std::string& what) const;
  void read_at(std::uint64_t offset, void* data, std::uint64_t bytes, const char* what);
  std::uint32_t u32_at(std::uint64_t offset, const char* what);
  std::uint64_t u64_at(std::uint64_t offset, const char* what);

  struct Zstd;  // the decompression context and dictionary
  std::string path_;
  std::ifstream in_;
  std::uint64_t size_ = 0;
  std::string header_;
  std::unique_ptr<Zstd> zstd_;
  std::uint32_t blocks_ = 0;
  std::uint32_t blocks_read_ = 0;
  std::uint64_t index_next_ = 0;  // where the next block's index entry starts
  std::uint64_t index_end_ = 0;
};

}  // namespace warpsim::trace
