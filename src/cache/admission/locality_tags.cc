#include "cache/admission/locality_tags.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cache/admission/admission_policy.h"

namespace warpsim {

LocalityTags::LocalityTags(const LocalityTagsConfig& config, AdmissionCounters* counters)
    : config_(config),
      rc_max_(static_cast<std::uint8_t>((1u << config.rc_bits) - 1)),
      counters_(counters) {
  if (config.sets == 0 || config.ways <= config.data_ways || config.rc_bits == 0 ||
      config.rc_bits > 8) {
    throw std::invalid_argument(
        "decoupled tag store needs sets >= 1, more tag ways than data ways and 1..8 RC bits, "
        "got " +
        std::to_string(config.sets) + " sets x " + std::to_string(config.ways) + " ways over " +
        std::to_string(config.data_ways) + " data ways, " + std::to_string(config.rc_bits) +
        " bits");
  }
  entries_.resize(std::size_t{config.sets} * config.ways);
}

const LocalityTags::Entry* LocalityTags::find(std::uint32_t set, Addr line) const {
  const Entry* e = &entries_[std::size_t{set} * config_.ways];
  for (std::uint32_t way = 0; way < config_.ways; ++way) {
    if (e[way].valid && e[way].line == line) return &e[way];
  }
  return nullptr;
}

LocalityTags::Entry* LocalityTags::lookup(std::uint32_t set, Addr line) {
  return const_cast<Entry*>(find(set, line));
}

bool LocalityTags::admits(std::uint32_t set, Addr line) const {
  if (config_.threshold <= 1) return true;
  const Entry* e = find(set, line);
  const std::uint32_t rc = e == nullptr ? 0 : e->rc;
  return std::min<std::uint32_t>(rc + 1, rc_max_) >= config_.threshold;
}

LocalityTags::Entry& LocalityTags::find_or_make(std::uint32_t set, Addr line) {
  if (Entry* e = lookup(set, line)) return *e;
  if (counters_ != nullptr) counters_->tag_misses.inc();
  Entry* begin = set_begin(set);
  Entry* victim = nullptr;
  for (std::uint32_t way = 0; way < config_.ways; ++way) {
    Entry& e = begin[way];
    if (!e.valid) {
      victim = &e;
      break;
    }
    if (e.committed) continue;
    if (victim == nullptr || e.rc < victim->rc ||
        (e.rc == victim->rc && e.last_read < victim->last_read)) {
      victim = &e;
    }
  }
  if (victim == nullptr) throw std::logic_error("decoupled tag store: every entry is committed");
  if (victim->valid && counters_ != nullptr) counters_->tag_evictions.inc();
  *victim = Entry{.line = line, .last_read = reads_, .rc = 0, .valid = true, .committed = false};
  return *victim;
}

void LocalityTags::on_read(std::uint32_t set, Addr line) {
  Entry& e = find_or_make(set, line);
  if (e.rc < rc_max_) ++e.rc;
  e.last_read = ++reads_;
}

void LocalityTags::age(std::uint32_t set, const Entry* keep, const Entry* keep_too) {
  if (counters_ != nullptr) counters_->agings.inc();
  Entry* begin = set_begin(set);
  for (std::uint32_t way = 0; way < config_.ways; ++way) {
    Entry& e = begin[way];
    if (!e.valid || &e == keep || &e == keep_too || e.rc == 0) continue;
    --e.rc;
  }
}

void LocalityTags::on_place(std::uint32_t set, Addr line, std::optional<Addr> evicted) {
  Entry* gone = nullptr;
  if (evicted) {
    gone = lookup(set, *evicted);
    if (gone != nullptr) {
      gone->committed = false;
      gone->rc = 0;
      if (counters_ != nullptr) counters_->resets.inc();
    }
  }
  Entry& placed = find_or_make(set, line);
  placed.committed = true;
  age(set, &placed, gone);
}

void LocalityTags::on_remove(std::uint32_t set, Addr line, bool flush) {
  Entry* e = lookup(set, line);
  if (e == nullptr || !e->committed) return;
  e->committed = false;
  e->rc = 0;
  if (counters_ != nullptr) counters_->resets.inc();
  if (!flush) age(set, e, nullptr);
}

}  // namespace warpsim
