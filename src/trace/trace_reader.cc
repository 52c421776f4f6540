#include "trace/trace_reader.h"

#include <sstream>

#include "trace/trace_file.h"

namespace warpsim::trace {
namespace {

bool starts_with_word(std::string_view text, std::string_view word) {
  return text.substr(0, word.size()) == word &&
         (text.size() == word.size() || text[word.size()] == ' ' || text[word.size()] == '=');
}

// "KEY = VALUE" → VALUE, or fails naming the expected form.
std::string_view value_of(const LineSource& src, std::string_view text, std::string_view key,
                          std::string_view form) {
  const std::size_t eq = text.find('=');
  if (text.substr(0, key.size()) != key || eq == std::string_view::npos ||
      !trim(text.substr(key.size(), eq - key.size())).empty()) {
    src.fail("expected '" + std::string(key) + " = " + std::string(form) + "', got '" +
             std::string(text) + "'");
  }
  return trim(text.substr(eq + 1));
}

std::uint64_t number_value(const LineSource& src, std::string_view text, std::string_view key) {
  const std::string_view value = value_of(src, text, key, "N");
  std::uint64_t v = 0;
  if (!parse_dec(value, v)) {
    src.fail("expected '" + std::string(key) + " = N', got '" + std::string(text) + "'");
  }
  return v;
}

// "KEY = x,y,z"
Dim3 triple_value(const LineSource& src, std::string_view text, std::string_view key) {
  std::uint32_t parts[3] = {};
  if (!parse_triple(value_of(src, text, key, "x,y,z"), parts)) {
    src.fail("expected '" + std::string(key) + " = x,y,z', got '" + std::string(text) + "'");
  }
  return {parts[0], parts[1], parts[2]};
}

}  // namespace

std::uint64_t TraceBlock::inst_count() const {
  std::uint64_t n = 0;
  for (const TraceWarp& w : warps) n += w.insts.size();
  return n;
}

TraceReader::TraceReader(const std::string& path)
    : tracez_(path.ends_with(".tracez") ? std::make_unique<TracezFile>(path) : nullptr),
      owned_(tracez_ != nullptr
                 ? std::unique_ptr<std::istream>(new std::istringstream(tracez_->header_text()))
                 : open_trace_file(path)),
      src_(*owned_, path) {
  start();
}

TraceReader::TraceReader(std::istream& in, std::string file_name) : src_(in, std::move(file_name)) {
  start();
}

void TraceReader::start() {
  header_ = read_kernel_header(src_);
  if (header_.tracer_version > kMaxTracerVersion) {
    src_.fail_at(header_.first_body_line, "accelsim tracer version " +
                                              std::to_string(header_.tracer_version) +
                                              " is not supported (versions up to " +
                                              std::to_string(kMaxTracerVersion) + " are)");
  }
  // CUDA allows at most 1024 threads per block; this also bounds the warp table.
  if (header_.block.volume() > 1024) {
    src_.fail_at(header_.first_body_line, "-block dim " + header_.block.str() + " has " +
                                              std::to_string(header_.block.volume()) +
                                              " threads; CUDA allows at most 1024");
  }
  layout_.leading_ids = header_.tracer_version < 3;
  layout_.source_line = header_.enable_lineinfo;
  layout_.v6 = header_.tracer_version == 6;
  // Tracks which blocks were seen, for grids of up to 64 Mi blocks (8 MiB of bits).
  if (header_.grid.volume() <= (std::uint64_t{1} << 26))
    blocks_seen_.assign(header_.grid.volume(), false);
}

bool TraceReader::next_nonblank(std::string& line) {
  while (src_.next(line)) {
    if (!trim(line).empty()) return true;
  }
  return false;
}

// Skips blank lines and comments ('#' lines such as "#traces format = ...") up to #BEGIN_TB.
bool TraceReader::find_begin() {
  while (next_nonblank(line_)) {
    const std::string_view text = trim(line_);
    if (text == "#BEGIN_TB") return true;
    if (text == "#END_TB" || text.front() != '#') {
      src_.fail("expected #BEGIN_TB, got '" + std::string(text) + "'");
    }
  }
  if (blocks_read_ != header_.grid.volume()) {
    src_.fail("the trace ends after " + std::to_string(blocks_read_) + " thread blocks; the grid " +
              header_.grid.str() + " has " + std::to_string(header_.grid.volume()));
  }
  return false;
}

void TraceReader::read_block_id(TraceBlock& out) {
  if (!next_nonblank(line_)) src_.fail("expected 'thread block = x,y,z', got end of file");
  out.id = triple_value(src_, trim(line_), "thread block");
  claim_block(out.id);
}

void TraceReader::claim_block(const Dim3& id) {
  auto fail = [&](const std::string& what) {
    if (tracez_ != nullptr) throw TraceError(file_name() + ": " + what);
    src_.fail(what);
  };
  const Dim3& g = header_.grid;
  if (id.x >= g.x || id.y >= g.y || id.z >= g.z) {
    fail("thread block " + id.str() + " lies outside the grid " + g.str());
  }
  if (!blocks_seen_.empty()) {
    const std::uint64_t index = (std::uint64_t{id.z} * g.y + id.y) * g.x + id.x;
    if (blocks_seen_[index]) fail("thread block " + id.str() + " appears twice");
    blocks_seen_[index] = true;
  }
}

void TraceReader::add_inst(const LineSource& src, std::string_view text,
                           std::vector<TraceInst>& insts) {
  parse_inst_line(src, text, layout_, tokens_, insts.emplace_back());
  if (insts.back().is_marker()) insts.pop_back();  // counted by the caller, not an instruction
}

bool TraceReader::next_tracez_block(TraceBlock& out) {
  if (!tracez_->next_block(tracez_block_)) {
    if (blocks_read_ != header_.grid.volume()) {
      throw TraceError(file_name() + ": the index lists " + std::to_string(blocks_read_) +
                       " thread blocks; the grid " + header_.grid.str() + " has " +
                       std::to_string(header_.grid.volume()));
    }
    return false;
  }
  const TracezFile::Block& b = tracez_block_;
  out.id = b.id;
  out.line = 0;
  out.cluster_id = b.cluster_id;
  out.cluster_cta = b.cluster_cta;
  out.cluster_rank = b.cluster_rank;
  // The index always has the cluster fields; a launch without clusters leaves them zero.
  const auto nonzero = [](const Dim3& d) { return d.x != 0 || d.y != 0 || d.z != 0; };
  out.in_cluster = nonzero(b.cluster_id) || nonzero(b.cluster_cta) || b.cluster_rank != 0;
  claim_block(out.id);
  if (b.warps.size() != header_.warps_per_block()) {
    throw TraceError(file_name() + ": thread block " + out.id.str() + " has " +
                     std::to_string(b.warps.size()) + " warps; a block of " + header_.block.str() +
                     " threads has " + std::to_string(header_.warps_per_block()));
  }
  out.warps.resize(b.warps.size());
  std::string line;
  for (std::uint32_t w = 0; w < b.warps.size(); ++w) {
    std::istringstream text(tracez_->warp_text(b, w));
    LineSource lines(text, file_name() + " (block " + out.id.str() + " warp " + std::to_string(w) +
                               ", line in the warp)");
    std::vector<TraceInst>& insts = out.warps[w].insts;
    insts.clear();
    std::uint64_t read = 0;
    while (lines.next(line)) {
      const std::string_view t = trim(line);
      if (t.empty()) continue;
      add_inst(lines, t, insts);
      ++read;
    }
    if (read != b.warps[w].insts || insts.empty()) {
      throw TraceError(file_name() + ": thread block " + out.id.str() + " warp " +
                       std::to_string(w) + " holds " + std::to_string(read) +
                       " lines, its index entry says " + std::to_string(b.warps[w].insts) +
                       (insts.empty() ? " (and a warp needs instructions)" : ""));
    }
  }
  ++blocks_read_;
  return true;
}

bool TraceReader::read_cluster_line(std::string_view text, TraceBlock& out) {
  if (starts_with_word(text, "cluster id")) {
    out.cluster_id = triple_value(src_, text, "cluster id");
  } else if (starts_with_word(text, "cluster cta")) {
    out.cluster_cta = triple_value(src_, text, "cluster cta");
  } else if (starts_with_word(text, "cluster rank")) {
    out.cluster_rank = static_cast<std::uint32_t>(number_value(src_, text, "cluster rank"));
  } else {
    return false;
  }
  if (warp_ != kNoWarp) src_.fail("'" + std::string(text) + "' after the first warp");
  out.in_cluster = true;
  return true;
}

void TraceReader::start_warp(std::string_view text, TraceBlock& out) {
  finish_warp(out);
  const std::uint64_t w = number_value(src_, text, "warp");
  const std::uint32_t warps = header_.warps_per_block();
  if (w >= warps) {
    src_.fail("warp " + std::to_string(w) + " does not exist: a block of " + header_.block.str() +
              " threads has " + std::to_string(warps) + " warps");
  }
  if (warps_seen_[w]) src_.fail("warp " + std::to_string(w) + " appears twice in the block");
  warps_seen_[w] = true;
  warp_ = static_cast<std::uint32_t>(w);
  if (!next_nonblank(line_) || !starts_with_word(trim(line_), "insts")) {
    src_.fail("expected 'insts = N' after 'warp = " + std::to_string(w) + "'");
  }
  warp_expected_ = number_value(src_, trim(line_), "insts");
  warp_lines_ = 0;
  warp_insts_line_ = src_.line_number();
  if (warp_expected_ == 0) {
    src_.fail("warp " + std::to_string(w) + " has 'insts = 0'; every warp ends with an EXIT");
  }
  out.warps[w].insts.reserve(warp_expected_);
}

void TraceReader::finish_warp(TraceBlock& out) {
  if (warp_ == kNoWarp) return;
  const std::uint64_t got = warp_lines_;
  if (got != warp_expected_) {
    src_.fail("warp " + std::to_string(warp_) + " has " + std::to_string(got) +
              " instruction lines, but its 'insts = " + std::to_string(warp_expected_) +
              "' (line " + std::to_string(warp_insts_line_) + ") says " +
              std::to_string(warp_expected_));
  }
  if (out.warps[warp_].insts.empty()) {
    src_.fail("warp " + std::to_string(warp_) + " has only REPLAY markers; it needs instructions");
  }
}

void TraceReader::check_all_warps(const TraceBlock& out) {
  for (std::size_t w = 0; w < warps_seen_.size(); ++w) {
    if (!warps_seen_[w]) {
      src_.fail("thread block " + out.id.str() + " ends without warp " + std::to_string(w) +
                " (a block of " + header_.block.str() + " threads has " +
                std::to_string(warps_seen_.size()) + " warps)");
    }
  }
}

bool TraceReader::next_block(TraceBlock& out) {
  if (tracez_ != nullptr) return next_tracez_block(out);
  if (!find_begin()) return false;
  out.line = src_.line_number();
  out.in_cluster = false;
  out.cluster_id = out.cluster_cta = Dim3{0, 0, 0};
  out.cluster_rank = 0;
  out.warps.resize(header_.warps_per_block());
  for (TraceWarp& w : out.warps) w.insts.clear();
  warps_seen_.assign(out.warps.size(), false);
  warp_ = kNoWarp;
  read_block_id(out);
  while (true) {
    if (!next_nonblank(line_)) {
      src_.fail("end of file inside the thread block that begins at line " +
                std::to_string(out.line) + " (expected #END_TB)");
    }
    const std::string_view text = trim(line_);
    if (text == "#END_TB") break;
    if (text.front() == '#') {
      src_.fail("expected an instruction line, 'warp = N' or #END_TB, got '" + std::string(text) +
                "' (the block that begins at line " + std::to_string(out.line) +
                " has no #END_TB)");
    }
    if (starts_with_word(text, "warp")) {
      start_warp(text, out);
    } else if (read_cluster_line(text, out)) {
      continue;
    } else if (warp_ == kNoWarp) {
      src_.fail("expected 'warp = N', got '" + std::string(text) + "'");
    } else {
      std::vector<TraceInst>& insts = out.warps[warp_].insts;
      if (warp_lines_ == warp_expected_) {
        src_.fail(
            "warp " + std::to_string(warp_) + " has more instruction lines than its 'insts = " +
            std::to_string(warp_expected_) + "' (line " + std::to_string(warp_insts_line_) + ")");
      }
      add_inst(src_, text, insts);
      ++warp_lines_;
    }
  }
  finish_warp(out);
  check_all_warps(out);
  ++blocks_read_;
  return true;
}

}  // namespace warpsim::trace
