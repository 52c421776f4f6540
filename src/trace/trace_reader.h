#pragma once

// Streams the thread blocks of an Accel-Sim kernel trace (`kernel-N.traceg`, or `.xz`) one at a
// time, so memory stays bounded by the largest block whatever the file's size. The body is
// (notes/anchor-accelsim.md §4.4):
//
//   #BEGIN_TB
//   thread block = x,y,z
//   [cluster id = x,y,z | cluster cta = x,y,z | cluster rank = r]   (Hopper traces)
//   warp = w
//   insts = n
//   <n instruction lines>            (trace/trace_inst.h)
//   warp = w+1 ...
//   #END_TB
//
// A `.tracez` file (trace/tracez_file.h) gives the same blocks from its index, each warp's lines
// decompressed in turn; its errors name the file, the block and the warp.
//
// Every block must lie in the grid and appear once; every warp of the block must appear once
// with at least one instruction and exactly its `insts` count; the trace must hold every block
// of the grid. Any violation throws TraceError("FILE:LINE: what was expected").

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "trace/line_source.h"
#include "trace/trace_header.h"
#include "trace/trace_inst.h"
#include "trace/tracez_file.h"

namespace warpsim::trace {

struct TraceWarp {
  std::vector<TraceInst> insts;
};

struct TraceBlock {
  Dim3 id{0, 0, 0};
  std::uint64_t line = 0;  // of its #BEGIN_TB
  bool in_cluster = false;
  Dim3 cluster_id{0, 0, 0};
  Dim3 cluster_cta{0, 0, 0};
  std::uint32_t cluster_rank = 0;
  std::vector<TraceWarp> warps;  // indexed by warp id within the block

  std::uint64_t inst_count() const;
};

// The newest tracer version whose line layout this reader knows (v6 adds fields, §4.6).
inline constexpr std::uint32_t kMaxTracerVersion = 6;

class TraceReader {
 public:
  // Opens `path` (`.xz` is decompressed while reading, `.tracez` read by its index) and reads
  // its header.
  explicit TraceReader(const std::string& path);
  // Reads from `in`, which must outlive the reader; `file_name` is used in messages.
  TraceReader(std::istream& in, std::string file_name);

  const KernelHeader& header() const { return header_; }
  const std::string& file_name() const { return src_.file_name(); }

  // The next thread block, reusing `out`'s storage; false after the last one.
  bool next_block(TraceBlock& out);
  std::uint64_t blocks_read() const { return blocks_read_; }

 private:
  void start();
  bool find_begin();
  void claim_block(const Dim3& id);
  // Parses one instruction line onto `insts`; a REPLAY marker is parsed and dropped.
  void add_inst(const LineSource& src, std::string_view text, std::vector<TraceInst>& insts);
  bool next_tracez_block(TraceBlock& out);
  void read_block_id(TraceBlock& out);
  bool read_cluster_line(std::string_view text, TraceBlock& out);
  void start_warp(std::string_view text, TraceBlock& out);
  void finish_warp(TraceBlock& out);
  void check_all_warps(const TraceBlock& out);
  bool next_nonblank(std::string& line);

  std::unique_ptr<TracezFile> tracez_;  // for a .tracez file
  TracezFile::Block tracez_block_;
  std::unique_ptr<std::istream> owned_;
  LineSource src_;
  KernelHeader header_;
  InstLineLayout layout_;
  std::vector<std::string_view> tokens_;
  std::vector<bool> blocks_seen_;
  std::uint64_t blocks_read_ = 0;
  std::string line_;
  // The warp being read: its id, its `insts` count and where that was given.
  static constexpr std::uint32_t kNoWarp = 0xffffffffU;
  std::uint32_t warp_ = kNoWarp;
  std::uint64_t warp_expected_ = 0;
  std::uint64_t warp_lines_ = 0;  // lines read, REPLAY markers included
  std::uint64_t warp_insts_line_ = 0;
  std::vector<bool> warps_seen_;
};

}  // namespace warpsim::trace
