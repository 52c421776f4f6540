#include "cache/replacement/reuse_sampler.h"

#include <stdexcept>

namespace warpsim {

ReuseSampler::ReuseSampler(std::uint32_t sets, std::uint32_t ways, std::uint32_t every)
    : ways_(ways), every_(every) {
  if (every == 0) throw std::invalid_argument("RPR's sampler needs sample_every >= 1");
  const std::uint32_t sampled = (sets + every - 1) / every;
  count_.assign(sampled, 0);
  shadow_.assign(static_cast<std::size_t>(sampled) * ways, Shadow{});
}

void ReuseSampler::access(std::uint32_t set, Addr line, std::uint32_t sig,
                          ReusePredictor& predictor) {
  const std::uint32_t s = set / every_;
  const std::uint64_t now = ++count_[s];
  Shadow* first = &shadow_[static_cast<std::size_t>(s) * ways_];
  Shadow* victim = first;
  for (Shadow* w = first; w != first + ways_; ++w) {
    if (w->valid && w->line == line) {
      predictor.hit_update(w->sig, now - w->last - 1);
      w->last = now;
      return;
    }
    // The invalid way, else the least recently accessed.
    if (!w->valid ? victim->valid : victim->valid && w->last < victim->last) victim = w;
  }
  predictor.miss_update(sig);
  *victim = Shadow{.valid = true, .line = line, .sig = sig, .last = now};
}

void ReuseSampler::on_fill(std::uint32_t set, std::uint32_t way, std::uint32_t sig,
                           std::uint64_t now, ReusePredictor& predictor) {
  predictor.miss_update(sig);
  shadow_[static_cast<std::size_t>(set / every_) * ways_ + way] =
      Shadow{.valid = true, .line = 0, .sig = sig, .last = now};
}

void ReuseSampler::on_hit(std::uint32_t set, std::uint32_t way, std::uint64_t now,
                          ReusePredictor& predictor) {
  Shadow& w = shadow_[static_cast<std::size_t>(set / every_) * ways_ + way];
  if (!w.valid) return;
  predictor.hit_update(w.sig, now - w.last - 1);
  w.last = now;
}

void ReuseSampler::on_invalidate(std::uint32_t set, std::uint32_t way) {
  shadow_[static_cast<std::size_t>(set / every_) * ways_ + way].valid = false;
}

}  // namespace warpsim
