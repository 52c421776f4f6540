#include "gpu/gpu_model.h"

#include <deque>
#include <map>

#include <fmt/format.h>

#include "cache/l2_slice.h"
#include "func/exec_error.h"
#include "gpu/builder.h"
#include "gpu/cta_dispatch.h"
#include "gpu/kernel_stats.h"
#include "gpu/memory_builder.h"
#include "gpu/sharing_occupancy.h"
#include "gpu/timeline.h"
#include "sim/simulation.h"
#include "sm/functional_source.h"
#include "sm/kernel_run.h"
#include "sm/sm.h"
#include "sm/throttle.h"

namespace warpsim {

struct GpuModel::Impl {
  BuiltGpu gpu;
  std::deque<KernelRun> kernels;              // stable addresses; finished ones are dropped on sync
  std::vector<StatSnapshot> start_snapshots;  // by KernelRun::order - first_order
  std::uint64_t first_order = 0;
  std::uint64_t launched = 0;
  std::map<std::string, std::uint32_t> code_regions;  // kernel name -> code region
  std::uint64_t unfinished = 0;
  std::vector<KernelResult> results;
  ProgressFn progress;
  std::uint64_t progress_every = 0;
  std::uint64_t next_progress = 0;
  std::uint64_t warp_insts = 0;
  ThrottleTable throttle;

  Cycle core_cycle() const {
    return gpu.sim->engine().clock(gpu.clocks.core).cycle_at(gpu.sim->now());
  }
  WindowClocks clocks() const {
    const Engine& e = gpu.sim->engine();
    return WindowClocks{.l2 = e.clock(gpu.clocks.l2).period,
                        .dram = e.clock(gpu.clocks.dram).period};
  }
  StatSnapshot snapshot(Cycle now) {
    for (Sm* sm : gpu.sms) sm->account_until(now);
    return gpu.sim->stats().snapshot();
  }
  void on_start(KernelRun& k, Cycle now) { start_snapshots[k.order - first_order] = snapshot(now); }
  void on_end(KernelRun& k, Cycle now) {
    StatSnapshot& start = start_snapshots[k.order - first_order];
    const StatSnapshot window = snapshot(now) - start;
    // Released now, not at the next synchronize: a program may queue thousands of launches
    // between two, and each snapshot holds every stat of the GPU.
    start = StatSnapshot{};
    KernelResult r;
    r.launch_id = k.source->shape().launch_id;
    r.name = k.source->shape().name;
    r.stream = k.stream;
    r.start_cycle = k.start_cycle;
    r.end_cycle = k.end_cycle;
    r.warp_insts = k.warp_insts;
    r.thread_insts = k.thread_insts;
    r.ctas = k.ctas;
    r.stats = kernel_stats(k, window, gpu.sms.size(), gpu.sm_config->schedulers, clocks());
    warp_insts += k.warp_insts;
    results.push_back(std::move(r));
    --unfinished;
    if (gpu.memory) {
      for (L2Slice* slice : gpu.memory->slices) slice->clear_tokens();
    }
  }
};

GpuModel::GpuModel(const ConfigNode& resolved) : impl_(std::make_unique<Impl>()) {
  impl_->gpu = build_gpu(resolved);
  impl_->progress_every = resolved.at("gpu").at("progress_cycles").as_uint();
  impl_->throttle = ThrottleTable(resolved.at("sm"));
  Impl* impl = impl_.get();
  impl_->gpu.dispatcher->set_kernel_events(
      [impl](KernelRun& k, Cycle now) { impl->on_start(k, now); },
      [impl](KernelRun& k, Cycle now) { impl->on_end(k, now); },
      [impl](KernelRun& k, Cycle /*now*/) {
        if (!k.flush_caches) return;
        for (auto& shared : impl->gpu.gpc_icaches) shared->invalidate_all();
        if (impl->gpu.memory) {
          for (L2Slice* slice : impl->gpu.memory->slices) slice->invalidate_all();
        }
      });
}

GpuModel::~GpuModel() = default;

void GpuModel::host_write(Addr addr, std::uint64_t bytes) {
  const MemorySystem* memory = impl_->gpu.memory.get();
  // With host_writes: bypass (every slice has the same config) there is nothing to hand over.
  if (memory == nullptr || memory->slices.empty() || bytes == 0 ||
      !memory->slices.front()->keeps_host_writes()) {
    return;
  }
  const Addr line = memory->slices.front()->line_bytes();
  for (Addr a = addr / line * line; a < addr + bytes; a += line) {
    const DramCoord c = memory->mapping->decode(a);
    memory->slices[AddressMapping::global_slice(c, memory->mapping_context)]->host_write(a);
  }
}

void GpuModel::launch(func::LaunchState launch, std::uint64_t stream,
                      const KernelResourceInfo& resources) {
  this->launch(std::make_unique<FunctionalSource>(std::move(launch)), stream, resources);
}

void GpuModel::launch(std::unique_ptr<KernelSource> source, std::uint64_t stream,
                      const KernelResourceInfo& resources) {
  const KernelShape& shape = source->shape();
  KernelFootprint footprint;
  footprint.threads_per_cta = static_cast<std::uint32_t>(shape.block.volume());
  footprint.registers_per_thread = resources.registers_per_thread;
  footprint.shared_per_cta = shape.shared_bytes;
  footprint.local_per_thread = resources.local_per_thread;
  const Occupancy occupancy = compute_occupancy(impl_->gpu.description, footprint);
  if (occupancy.ctas_per_sm == 0) {
    throw func::LaunchError(fmt::format(
        "kernel {}: one block of {} threads ({} registers per thread, {} bytes of shared "
        "memory) does not fit on an SM of the simulated GPU (limited by {})",
        shape.name, footprint.threads_per_cta, footprint.registers_per_thread,
        footprint.shared_per_cta, occupancy_limiter_name(occupancy.limiter)));
  }
  Impl& m = *impl_;
  if (m.unfinished == 0) {
    m.kernels.clear();
    m.start_snapshots.clear();
    m.first_order = m.launched;
  }
  KernelRun& k = m.kernels.emplace_back();
  k.ctas = shape.grid.volume();
  k.source = std::move(source);
  k.stream = stream;
  k.order = m.launched++;
  k.code_region = m.code_regions.emplace(shape.name, m.code_regions.size()).first->second;
  k.occupancy = occupancy;
  k.registers_per_thread = resources.registers_per_thread;
  k.local_per_thread = resources.local_per_thread;
  k.resource_source = resources.source;
  k.throttle = m.throttle.caps(shape.name);
  if (m.gpu.sm_config->sharing) {
    const double t = m.gpu.sm_config->sharing_t;
    k.sharing =
        sharing_occupancy(occupancy, occupancy.shared_per_cta, occupancy.shared_carveout, t);
    k.sharing_boundary = private_bytes(shape.shared_bytes, t);
  }
  m.start_snapshots.emplace_back();
  ++m.unfinished;
  m.gpu.dispatcher->enqueue(&k);
}

std::vector<KernelResult> GpuModel::synchronize() {
  Impl& m = *impl_;
  if (m.unfinished != 0) {
    m.gpu.sim->run([&m] {
      if (m.progress && m.progress_every != 0) {
        const std::uint64_t cycle = m.core_cycle().value();
        if (cycle >= m.next_progress) {
          std::uint64_t insts = m.warp_insts;
          for (const KernelRun& k : m.kernels) insts += k.finished() ? 0 : k.warp_insts;
          m.progress(cycle, insts);
          m.next_progress = cycle + m.progress_every;
        }
      }
      return m.unfinished == 0;
    });
    // Every SM has then run the last cycle (with --no-skip they all did): account it.
    for (Sm* sm : m.gpu.sms) sm->account_until(m.core_cycle() + 1);
  }
  std::vector<KernelResult> done = std::move(m.results);
  m.results.clear();
  return done;
}

std::vector<KernelResult> GpuModel::take_finished() {
  std::vector<KernelResult> done = std::move(impl_->results);
  impl_->results.clear();
  return done;
}

nlohmann::ordered_json GpuModel::run_stats() {
  Impl& m = *impl_;
  const Cycle end = m.core_cycle() + 1;
  for (Sm* sm : m.gpu.sms) sm->account_until(end);
  nlohmann::ordered_json out = {{"cycles", end.value()}};
  const nlohmann::ordered_json common =
      window_stats(m.gpu.sim->stats().snapshot(), end.value(), m.gpu.sms.size(),
                   m.gpu.sm_config->schedulers, m.clocks());
  for (const auto& [key, value] : common.items()) out[key] = value;
  if (m.gpu.timeline != nullptr) out["timeline"] = m.gpu.timeline->to_json();
  return out;
}

bool GpuModel::idle() const { return impl_->unfinished == 0; }

std::uint64_t GpuModel::cycle() const { return impl_->core_cycle().value(); }

void GpuModel::set_progress(ProgressFn fn) { impl_->progress = std::move(fn); }

void GpuModel::set_issue_observer(const IssueObserver& observer) {
  for (Sm* sm : impl_->gpu.sms) sm->set_issue_observer(observer);
}

Simulation& GpuModel::sim() { return *impl_->gpu.sim; }
const Simulation& GpuModel::sim() const { return *impl_->gpu.sim; }
ReplacementGroup& GpuModel::l1d_group() { return *impl_->gpu.l1d_group; }

}  // namespace warpsim
