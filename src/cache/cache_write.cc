// The generic cache's writes: the write-back, write-through and write-evict policies with their
// write-allocate variants (no allocation, fetch-on-write, write-validate, lazy fetch-on-read),
// after GPGPU-Sim's cache model (gpgpu-sim/gpu-cache.{h,cc}, v4).

#include "cache/cache_impl.h"

namespace warpsim {

CacheResult Cache::Impl::write(const Lookup& k) {
  switch (k.request->local ? config.local_write_policy : config.write_policy) {
    case WritePolicy::kWriteThrough:
      return write_through(k);
    case WritePolicy::kWriteEvict:
      return forward_and_invalidate(k);
    case WritePolicy::kReadOnly:  // rejected in access()
    case WritePolicy::kWriteBack:
      break;
  }
  if (k.way != CacheLines::kNoWay) {
    const std::size_t i = lines.index(k.set, k.way);
    if ((k.want & ~lines.valid[i]) == 0) {
      touch(k.set, k.way, k.info);
      lines.dirty[i] |= k.want;
      counters.write_hits.inc();
      return done(k, CacheOutcome::kHit);
    }
  }
  switch (config.write_allocate) {
    case WriteAllocate::kNone:
      return forward(k, false);
    case WriteAllocate::kFetchOnWrite:
      return serve_here(k, true);
    case WriteAllocate::kWriteValidate:
    case WriteAllocate::kLazyFetchOnRead:
      break;
  }
  return write_validate(k);
}

// A write-back level's write miss that allocates without fetching: the written sectors become
// valid and dirty; a later read of the others fetches them.
CacheResult Cache::Impl::write_validate(const Lookup& k) {
  std::uint32_t way = k.way;
  if (way == CacheLines::kNoWay) {
    if (!lines.can_place(k.set)) return refuse(k, FailCause::kNoLine);
    way = place_line(k.set, k.line, k.info);
  } else {
    touch(k.set, way, k.info);
  }
  const std::size_t i = lines.index(k.set, way);
  lines.valid[i] |= validated(k.want);
  lines.dirty[i] |= k.want;
  return done(k, CacheOutcome::kHit);
}

// Every write goes on; a present line takes the written sectors (when the level allocates on
// writes) and an absent one is allocated only when a way is free for it without waiting:
// the write itself never has to wait for a line.
CacheResult Cache::Impl::write_through(const Lookup& k) {
  if (queue_full()) return failed(FailCause::kMissQueueFull);
  std::uint32_t way = k.way;
  const bool allocate = config.write_allocate != WriteAllocate::kNone;
  if (way != CacheLines::kNoWay) {
    touch(k.set, way, k.info);
    counters.write_hits.inc();
  } else if (allocate && lines.can_place(k.set)) {
    way = place_line(k.set, k.line, k.info);
  }
  if (allocate && way != CacheLines::kNoWay) {
    lines.valid[lines.index(k.set, way)] |= validated(k.want);
  }
  outgoing.push(*k.request);
  return done(k, CacheOutcome::kForwarded);
}

CacheResult Cache::Impl::forward_and_invalidate(const Lookup& k) {
  if (queue_full()) return failed(FailCause::kMissQueueFull);
  if (k.way != CacheLines::kNoWay) {
    if (k.request->kind == MemKind::kWrite) counters.write_hits.inc();
    invalidate_line(k.set, k.way);
  }
  outgoing.push(*k.request);
  return done(k, CacheOutcome::kForwarded);
}

}  // namespace warpsim
