#include "trace/trace_kernel.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/lanes.h"
#include "trace/line_source.h"

namespace warpsim::trace {

namespace {

bool is_memory_class(func::OpClass c) {
  using func::OpClass;
  return c == OpClass::kLoad || c == OpClass::kStore || c == OpClass::kAtomic ||
         c == OpClass::kTexture || c == OpClass::kSurface;
}

// The x-major number of block `id` in `grid` (Dim3::unflatten's inverse).
std::uint64_t linear_id(const Dim3& grid, const Dim3& id) {
  return id.x + std::uint64_t{grid.x} * (id.y + std::uint64_t{grid.y} * id.z);
}

}  // namespace

TraceKernel::Window TraceKernel::window(Addr base, Addr other) {
  if (base == 0) return {};
  Addr end = base + func::kWindowSize;
  if (other > base) end = std::min(end, other);
  return {base, end};
}

TraceKernel::TraceKernel(const std::string& path, std::uint64_t launch_id,
                         SassOpMap::Reporter report)
    : path_(path),
      header_(TraceReader(path).header()),
      code_(header_.binary_version, std::move(report)) {
  const KernelHeader& h = header_;
  shape_.name = h.kernel_name;
  shape_.launch_id = launch_id;
  shape_.grid = h.grid;
  shape_.block = h.block;
  shape_.shared_bytes = h.shmem;
  shared_ = window(h.shmem_base_addr, h.local_mem_base_addr);
  local_ = window(h.local_mem_base_addr, h.shmem_base_addr);
}

TraceKernel::~TraceKernel() = default;

void TraceKernel::check_warp(const TraceBlock& block, std::uint32_t w, func::LaneMask lanes) const {
  const std::vector<TraceInst>& insts = block.warps[w].insts;
  func::LaneMask live = lanes;
  for (const TraceInst& inst : insts) {
    if (live == 0) {
      throw TraceError(
          fmt::format("{}:{}: warp {} of thread block {} has an instruction after "
                      "all of its threads exited",
                      path_, inst.line, w, block.id.str()));
    }
    if (code_.inst(code_.index_of(inst.pc)).op_class == func::OpClass::kExit) live &= ~inst.mask;
  }
  if (live != 0) {
    throw TraceError(fmt::format(
        "{}:{}: warp {} of thread block {} ends without threads 0x{:08x} exiting (a warp's "
        "trace must end in EXIT, with every thread it has exited)",
        path_, insts.back().line, w, block.id.str(), live));
  }
}

TraceReader& TraceKernel::reader() {
  if (reader_ == nullptr) reader_ = std::make_unique<TraceReader>(path_);
  return *reader_;
}

func::LaneMask TraceKernel::warp_lanes(std::uint32_t w) const {
  const std::uint64_t threads = shape_.block.volume();
  const std::uint64_t first = std::uint64_t{w} * func::kWarpSize;
  return static_cast<func::LaneMask>(
      func::width_mask(static_cast<unsigned>(std::min<std::uint64_t>(32, threads - first))));
}

TraceKernel::Block TraceKernel::compact(const TraceBlock& read) {
  Block block;
  block.warps.resize(read.warps.size());
  for (std::uint32_t w = 0; w < read.warps.size(); ++w) {
    const std::vector<TraceInst>& insts = read.warps[w].insts;
    for (const TraceInst& inst : insts) code_.add(inst, path_);
    check_warp(read, w, warp_lanes(w));
    Warp& warp = block.warps[w];
    warp.lines.reserve(insts.size());
    for (const TraceInst& inst : insts) {
      Line line{code_.index_of(inst.pc), inst.mask, inst.mem_width,
                static_cast<std::uint32_t>(warp.addrs.size())};
      if (inst.is_memory()) {
        for (std::uint32_t m = inst.mask; m != 0; m &= m - 1) {
          warp.addrs.push_back(inst.addrs[std::countr_zero(m)]);
        }
      }
      warp.lines.push_back(line);
    }
  }
  return block;
}

TraceKernel::Block TraceKernel::take_block(std::uint64_t linear_cta) {
  if (auto it = ahead_.find(linear_cta); it != ahead_.end()) {
    Block block = std::move(it->second);
    ahead_.erase(it);
    return block;
  }
  while (true) {
    if (!reader().next_block(read_)) {
      throw TraceError(fmt::format("{}: no thread block {} in the trace", path_,
                                   shape_.grid.unflatten(linear_cta).str()));
    }
    const std::uint64_t linear = linear_id(shape_.grid, read_.id);
    if (linear == linear_cta) return compact(read_);
    ahead_.emplace(linear, compact(read_));
  }
}

std::unique_ptr<func::CtaState> TraceKernel::start_cta(std::uint64_t linear_cta) {
  auto c = std::make_unique<Cta>();
  c->block = take_block(linear_cta);
  if (++started_ == shape_.grid.volume()) {
    // The last block: the reader's end-of-file checks (nothing but blank lines may follow).
    TraceBlock rest;
    if (reader().next_block(rest)) {
      throw TraceError(fmt::format("{}:{}: more thread blocks than the grid {} has", path_,
                                   rest.line, shape_.grid.str()));
    }
    reader_.reset();  // every block is read: close the file
  }
  const Block& block = c->block;
  const std::uint64_t threads = shape_.block.volume();
  auto cta = std::make_unique<func::CtaState>();
  cta->ctaid = shape_.grid.unflatten(linear_cta);
  cta->linear_id = linear_cta;
  cta->live_threads = static_cast<std::uint32_t>(threads);
  cta->warps.resize(block.warps.size());
  c->next.assign(block.warps.size(), 0);
  c->unfinished = static_cast<std::uint32_t>(block.warps.size());
  for (std::uint32_t w = 0; w < block.warps.size(); ++w) {
    func::WarpState& warp = cta->warps[w];
    warp.warp_id = w;
    warp.live = warp_lanes(w);
    const Line& head = block.warps[w].lines.front();
    warp.calls.push_back({&code_.code(), 0, 0, 0, nullptr});
    warp.simt.push_back({head.index, func::kNoPc, head.mask});
  }
  const func::CtaState* key = cta.get();
  ctas_.emplace(key, std::move(c));
  return cta;
}

void TraceKernel::fill_memory(const Line& line, const Addr* addrs, SassSpace space,
                              func::WarpInst& record) const {
  if (space == SassSpace::kGeneric) {
    const Addr a = addrs[0];
    space = shared_.holds(a) ? SassSpace::kShared
                             : (local_.holds(a) ? SassSpace::kLocal : SassSpace::kGlobal);
  }
  Addr offset = 0;
  switch (space) {
    case SassSpace::kShared:
      record.space = ptx::StateSpace::kShared;
      if (shared_.holds(addrs[0])) offset = shared_.base;
      break;
    case SassSpace::kLocal:
      record.space = ptx::StateSpace::kLocal;
      if (local_.holds(addrs[0])) offset = local_.base;
      break;
    case SassSpace::kConstant:
      record.space = ptx::StateSpace::kConst;
      break;
    case SassSpace::kTexture:
      record.space = ptx::StateSpace::kTex;
      break;
    default:
      record.space = ptx::StateSpace::kGlobal;
      break;
  }
  record.size = line.mem_width;
  for (std::uint32_t m = line.mask; m != 0; m &= m - 1) {
    record.addr[std::countr_zero(m)] = *addrs++ - offset;
  }
}

func::StepResult TraceKernel::step(func::CtaState& cta, func::WarpState& warp,
                                   func::WarpInst& record, std::uint64_t /*now*/,
                                   std::uint32_t /*smid*/) {
  Cta& c = *ctas_.at(&cta);
  const Warp& lines = c.block.warps[warp.warp_id];
  const std::vector<Line>& insts = lines.lines;
  std::uint32_t& next = c.next[warp.warp_id];
  const Line& inst = insts[next++];
  const std::uint32_t index = inst.index;
  const func::DecodedInst& d = code_.inst(index);
  record.function = &code_.code();
  record.inst = &d;
  record.pc = index;
  record.active = record.exec = inst.mask;
  record.clear_memory();
  record.barrier = 0;
  record.blocked = false;
  if (inst.mem_width > 0 && inst.mask != 0 && is_memory_class(d.op_class)) {
    record.is_load = d.op_class == func::OpClass::kLoad || d.op_class == func::OpClass::kTexture;
    record.is_store = d.op_class == func::OpClass::kStore;
    record.is_atomic = d.op_class == func::OpClass::kAtomic;
    fill_memory(inst, &lines.addrs[inst.addrs], code_.space(index), record);
  }
  ++warp.executed;
  if (d.op_class == func::OpClass::kExit) {
    cta.live_threads -= static_cast<std::uint32_t>(std::popcount(warp.live & inst.mask));
    warp.live &= ~inst.mask;
  }
  if (next == insts.size()) {
    warp.wait = func::WarpWait::kDone;
    --c.unfinished;
    maybe_release(c, cta);
    return func::StepResult::kFinished;
  }
  const Line& following = insts[next];
  warp.simt.back().pc = following.index;
  warp.simt.back().mask = following.mask;
  if (d.op_class == func::OpClass::kBarrier && !code_.arrive_only(index)) {
    warp.wait = func::WarpWait::kBarrier;
    warp.barrier = 0;
    ++c.waiting;
    const std::uint64_t before = cta.barrier_releases;
    maybe_release(c, cta);
    if (cta.barrier_releases == before) {
      record.blocked = true;
      return func::StepResult::kBlocked;
    }
  }
  return func::StepResult::kExecuted;
}

void TraceKernel::maybe_release(Cta& c, func::CtaState& cta) {
  if (c.waiting == 0 || c.waiting != c.unfinished) return;
  for (func::WarpState& w : cta.warps) {
    if (w.wait == func::WarpWait::kBarrier) w.wait = func::WarpWait::kNone;
  }
  c.waiting = 0;
  ++cta.barrier_releases;
}

std::string TraceKernel::barrier_deadlock(const func::CtaState& /*cta*/) const {
  // The last unfinished warp to arrive, or to finish, releases the barrier.
  return {};
}

void TraceKernel::end_cta(const func::CtaState& cta) {
  auto it = ctas_.find(&cta);
  if (it == ctas_.end()) return;
  ctas_.erase(it);
}

}  // namespace warpsim::trace
