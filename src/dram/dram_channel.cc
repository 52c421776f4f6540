#include "dram/dram_channel.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "sim/registry.h"
#include "sim/simulation.h"

namespace warpsim {

namespace {

constexpr HistogramSpec kLatencyBuckets{.scale = HistogramSpec::Scale::kLog2, .buckets = 20};

bool is_column(DramCommand c) { return c == DramCommand::kRead || c == DramCommand::kWrite; }

// The command a request needs next, given its bank's state.
DramCommand next_command(bool open, bool hit, bool write) {
  if (hit) return write ? DramCommand::kWrite : DramCommand::kRead;
  return open ? DramCommand::kPrecharge : DramCommand::kActivate;
}

}  // namespace

DramChannel::DramChannel(Simulation& sim, std::string path, ClockDomainId dram_clock,
                         const DramConfig& config, const AddressMapping& mapping,
                         std::uint32_t channel, std::uint32_t ports)
    : Component(sim, std::move(path), dram_clock),
      config_(config),
      mapping_(mapping),
      channel_(channel),
      burst_cycles_(config.burst_cycles()),
      scheduler_(PolicyRegistry::global().create<DramScheduler>(
          config.scheduler, DramScheduler::Context{config.banks, config.queue})),
      timing_(config.timing, config.banks, config.bank_groups, config.burst_cycles()),
      in_(ports, nullptr),
      out_(ports, nullptr),
      port_blocked_(ports, 0),
      hits_in_bank_(config.banks, 0),
      queued_in_bank_(config.banks, 0),
      bank_ready_(std::size_t{config.banks} * 4, 0),
      group_of_(config.banks, 0),
      bank_group_known_(config.banks, 0),
      refresh_due_(config.timing.refi),
      reads_(stats().counter("reads", "requests", "read requests accepted")),
      writes_(stats().counter("writes", "requests", "write requests accepted (write-backs too)")),
      activates_(stats().counter("activates", "commands", "ACT commands")),
      precharges_(stats().counter("precharges", "commands",
                                  "row closes: PRE commands and auto-precharges")),
      refreshes_(stats().counter("refreshes", "commands", "all-bank REF commands")),
      row_hits_(stats().counter("row_hits", "requests",
                                "requests whose row was open when they were first served")),
      row_misses_(stats().counter("row_misses", "requests",
                                  "requests that found their bank closed (ACT first)")),
      row_conflicts_(stats().counter("row_conflicts", "requests",
                                     "requests that found another row open (PRE first)")),
      bursts_(stats().counter("bursts", "commands", "RD and WR commands (one burst each)")),
      data_bus_busy_(stats().counter(
          "data_bus_busy_cycles", "cycles",
          "command-clock cycles the data bus carries bursts; over elapsed DRAM cycles this is "
          "the bandwidth utilization")),
      read_latency_(stats().histogram("read_latency", "cycles",
                                      "DRAM cycles from a read's arrival in the queue to its reply",
                                      kLatencyBuckets)),
      queue_occupancy_(
          stats().time_weighted("queue_occupancy", "requests", "requests in the request queue")) {
  if (config.burst_bytes == 0 || config.bus_bytes == 0 || burst_cycles_ == 0) {
    throw std::invalid_argument("dram: burst_bytes must be a non-zero multiple of bus_bytes");
  }
  stats().formula("row_hit_rate", "ratio", "row_hits / (row_hits + row_misses + row_conflicts)",
                  [](const GroupValues& v) {
                    const double all = v["row_hits"] + v["row_misses"] + v["row_conflicts"];
                    return all == 0 ? 0.0 : v["row_hits"] / all;
                  });
  queue_.reserve(config.queue);
  answers_.reserve(config.queue);
  candidates_.reserve(config.queue);
  ready_at_.reserve(config.queue);
}

void DramChannel::connect(std::uint32_t port, Link<MemRequest>* from_l2, Link<MemReply>* to_l2) {
  in_.at(port) = from_l2;
  out_.at(port) = to_l2;
}

Wake DramChannel::tick(Cycle now_cycle) {
  const std::uint64_t now = now_cycle.value();
  send_replies(now);
  accept_requests(now);
  issue_commands(now);
  // Slots the issued commands freed take new requests at once (they issue from next cycle).
  accept_requests(now);
  return next_wake(now);
}

void DramChannel::send_replies(std::uint64_t now) {
  if (replies_.empty() || replies_.front().due > now) return;
  std::fill(port_blocked_.begin(), port_blocked_.end(), 0);
  for (auto it = replies_.begin(); it != replies_.end() && it->due <= now;) {
    if (port_blocked_[it->port] != 0) {
      ++it;
      continue;
    }
    if (!out_[it->port]->try_send(it->reply)) {
      port_blocked_[it->port] = 1;  // keep this port's replies in order; the link wakes us
      ++it;
      continue;
    }
    if (it->read) read_latency_.sample(now - it->arrived);
    // Readiness depends on the return queue only while it is full.
    if (replies_.size() == config_.return_queue) candidates_current_ = false;
    it = replies_.erase(it);
  }
}

void DramChannel::accept_requests(std::uint64_t now) {
  const auto ports = static_cast<std::uint32_t>(in_.size());
  bool accepted = false;
  bool more = true;
  // One request per port per round, so no slice can crowd the others out of the queue.
  while (more && queue_.size() < config_.queue) {
    more = false;
    for (std::uint32_t i = 0; i < ports && queue_.size() < config_.queue; ++i) {
      const std::uint32_t port = (next_port_ + i) % ports;
      Link<MemRequest>* link = in_[port];
      if (link == nullptr || !link->ready()) continue;
      const MemRequest request = link->pop();
      queue_.push_back(make_entry(request, port, now));
      answers_.push_back(reply_to(request));
      add_candidate(queue_.back());
      accepted = more = true;
    }
  }
  if (accepted) {
    next_port_ = (next_port_ + 1) % ports;
    queue_occupancy_.set(static_cast<double>(queue_.size()));
    candidates_current_ = false;
  }
}

DramChannel::Entry DramChannel::make_entry(const MemRequest& request, std::uint32_t port,
                                           std::uint64_t now) {
  const DramCoord coord = mapping_.decode(request.addr);
  if (coord.bank >= config_.banks || coord.bank_group >= config_.bank_groups) {
    throw std::logic_error(fmt::format(
        "{}: address {:#x} decodes to bank {} (group {}), outside {} banks in {} groups", path(),
        request.addr, coord.bank, coord.bank_group, config_.banks, config_.bank_groups));
  }
  std::uint32_t& group = group_of_[coord.bank];
  if (!bank_group_known_[coord.bank]) {
    group = coord.bank_group;
    bank_group_known_[coord.bank] = 1;
  } else if (group != coord.bank_group) {
    throw std::logic_error(
        fmt::format("{}: address {:#x} puts bank {} in bank group {}, an "
                    "earlier address in group {}",
                    path(), request.addr, coord.bank, coord.bank_group, group));
  }
  Entry e;
  e.port = port;
  e.bank = coord.bank;
  e.group = coord.bank_group;
  e.row = coord.row;
  const std::uint32_t bytes =
      request.sectors != 0 ? sector_count(request.sectors) * kSectorBytes : request.size;
  e.bursts_left =
      std::max<std::uint32_t>(1, (bytes + config_.burst_bytes - 1) / config_.burst_bytes);
  e.arrived = now;
  e.age = next_age_++;
  e.write = request.kind == MemKind::kWrite;
  e.answered = !request.writeback;
  (e.write ? writes_ : reads_).inc();
  return e;
}

void DramChannel::issue_commands(std::uint64_t now) {
  if (config_.timing.refi != 0 && !refreshing_ && now >= refresh_due_) refreshing_ = true;
  if (refreshing_ && refresh_step(now)) return;
  const int slots = config_.dual_command_bus ? 2 : 1;
  for (int slot = 0; slot < slots; ++slot) {
    build_candidates(now);
    if (earliest_ready_ > now) break;  // nothing can issue: the policy has no choice to make
    const std::size_t pick = scheduler_->pick(candidates_);
    if (pick == DramScheduler::kNone) break;
    if (pick >= candidates_.size() || !candidates_[pick].ready) {
      throw std::logic_error(path() + ": the dram scheduler picked a command that cannot issue");
    }
    issue(pick, now);
  }
}

void DramChannel::add_candidate(const Entry& e) {
  DramCandidate c;
  c.age = e.age;
  c.bank = e.bank;
  c.bank_group = e.group;
  c.write = e.write;
  const bool open = timing_.is_open(e.bank);
  c.row_hit = open && timing_.open_row(e.bank) == e.row;
  c.command = next_command(open, c.row_hit, e.write);
  c.oldest_in_bank = queued_in_bank_[e.bank]++ == 0;
  candidates_.push_back(c);
  ready_at_.push_back(kNever);
  if (c.row_hit && hits_in_bank_[e.bank]++ == 0) {
    note_bank_hits(e.bank);
  } else {
    candidates_.back().bank_has_hits = hits_in_bank_[e.bank] != 0;
  }
  candidates_current_ = false;
}

// The bank opened or closed a row: its requests' commands and row hits change.
void DramChannel::row_changed(std::uint32_t bank) {
  const bool open = timing_.is_open(bank);
  const std::uint64_t row = timing_.open_row(bank);
  std::uint32_t hits = 0;
  for (std::size_t i = 0; i < candidates_.size(); ++i) {
    DramCandidate& c = candidates_[i];
    if (c.bank != bank) continue;
    c.row_hit = open && queue_[i].row == row;
    c.command = next_command(open, c.row_hit, c.write);
    hits += c.row_hit ? 1 : 0;
  }
  hits_in_bank_[bank] = hits;
  note_bank_hits(bank);
  candidates_current_ = false;
}

void DramChannel::note_bank_hits(std::uint32_t bank) {
  const bool has_hits = hits_in_bank_[bank] != 0;
  for (DramCandidate& c : candidates_) {
    if (c.bank == bank) c.bank_has_hits = has_hits;
  }
}

void DramChannel::build_candidates(std::uint64_t now) {
  if (candidates_current_) {
    if (earliest_ready_ <= now) {
      for (std::size_t i = 0; i < candidates_.size(); ++i) {
        candidates_[i].ready = ready_at_[i] <= now;
      }
    }
    return;
  }
  // Hot path: one pass over the banks, one over the queue, no calls per request.
  timing_.bank_views(views_, group_of_);
  const std::uint64_t act_channel = std::max(timing_.channel_activate(), row_bus_free_);
  const std::uint64_t read_channel = std::max(timing_.channel_read(), col_bus_free_);
  const std::uint64_t write_channel = std::max(timing_.channel_write(), col_bus_free_);
  for (std::size_t b = 0; b < views_.size(); ++b) {
    const DramTimingState::BankView& v = views_[b];
    std::uint64_t* at = &bank_ready_[b * 4];
    at[static_cast<int>(DramCommand::kActivate)] = std::max(v.activate, act_channel);
    at[static_cast<int>(DramCommand::kPrecharge)] = std::max(v.precharge, row_bus_free_);
    at[static_cast<int>(DramCommand::kRead)] = std::max(v.read, read_channel);
    at[static_cast<int>(DramCommand::kWrite)] = std::max(v.write, write_channel);
  }
  // The last burst of an answered request needs a return-queue slot; slots free only in
  // send_replies(), which invalidates these candidates.
  const bool return_full = replies_.size() >= config_.return_queue;
  earliest_ready_ = kNever;
  for (std::size_t i = 0; i < candidates_.size(); ++i) {
    DramCandidate& c = candidates_[i];
    std::uint64_t at = bank_ready_[std::size_t{c.bank} * 4 + static_cast<int>(c.command)];
    if (return_full && c.row_hit && queue_[i].bursts_left == 1 && queue_[i].answered) {
      at = kNever;
    }
    ready_at_[i] = at;
    c.ready = at <= now;
    earliest_ready_ = std::min(earliest_ready_, at);
  }
  candidates_current_ = true;
}

void DramChannel::issue(std::size_t index, std::uint64_t now) {
  const DramCandidate c = candidates_[index];
  Entry& e = queue_[index];
  if (!e.started) {
    count_first_command(c.command);
    e.started = true;
  }
  scheduler_->on_issue(c);
  note_progress();
  switch (c.command) {
    case DramCommand::kActivate:
      timing_.activate(e.bank, e.group, e.row, now);
      activates_.inc();
      row_changed(c.bank);
      break;
    case DramCommand::kPrecharge:
      timing_.precharge(e.bank, now);
      precharges_.inc();
      row_changed(c.bank);
      break;
    case DramCommand::kRead:
    case DramCommand::kWrite:
      issue_column(index, now);
      break;
  }
  use_bus(is_column(c.command), now);
  candidates_current_ = false;
}

void DramChannel::issue_column(std::size_t index, std::uint64_t now) {
  Entry& e = queue_[index];
  timing_.column(e.write, e.bank, e.group, now);
  bursts_.inc();
  data_bus_busy_.inc(burst_cycles_);
  if (--e.bursts_left > 0) return;
  const std::uint32_t bank = e.bank;
  // hits_in_bank_ counts this request too: 1 means no other queued request wants the row.
  const bool close = config_.row_policy == RowPolicy::kClosed && hits_in_bank_[bank] <= 1;
  finish_request(index, now);
  if (close) {
    timing_.auto_precharge(bank);
    precharges_.inc();
    row_changed(bank);
  }
}

void DramChannel::finish_request(std::size_t index, std::uint64_t now) {
  const Entry& e = queue_[index];
  if (e.answered) {
    const std::uint32_t latency = e.write ? config_.timing.cwl : config_.timing.cl;
    PendingReply p{now + latency + burst_cycles_, e.arrived, e.port, !e.write, answers_[index]};
    // Due cycles almost always grow with issue order; search from the back.
    auto it = replies_.end();
    while (it != replies_.begin() && std::prev(it)->due > p.due) --it;
    replies_.insert(it, p);
  }
  // Its last burst issued, so it hit the open row.
  const std::uint32_t bank = e.bank;
  const bool was_oldest = candidates_[index].oldest_in_bank;
  const auto at = static_cast<std::ptrdiff_t>(index);
  queue_.erase(queue_.begin() + at);
  answers_.erase(answers_.begin() + at);
  candidates_.erase(candidates_.begin() + at);
  ready_at_.erase(ready_at_.begin() + at);
  queue_occupancy_.set(static_cast<double>(queue_.size()));
  --queued_in_bank_[bank];
  if (was_oldest) {
    for (std::size_t i = index; i < candidates_.size(); ++i) {
      if (candidates_[i].bank != bank) continue;
      candidates_[i].oldest_in_bank = true;
      break;
    }
  }
  if (--hits_in_bank_[bank] == 0) note_bank_hits(bank);
  candidates_current_ = false;
}

void DramChannel::count_first_command(DramCommand command) {
  switch (command) {
    case DramCommand::kActivate:
      row_misses_.inc();
      break;
    case DramCommand::kPrecharge:
      row_conflicts_.inc();
      break;
    case DramCommand::kRead:
    case DramCommand::kWrite:
      row_hits_.inc();
      break;
  }
}

void DramChannel::use_bus(bool column, std::uint64_t now) {
  if (!config_.dual_command_bus || column) col_bus_free_ = now + 1;
  if (!config_.dual_command_bus || !column) row_bus_free_ = now + 1;
}

// One step of an all-bank refresh: close the lowest-numbered open bank that may be closed
// now, else issue the REF once every bank is closed. Returns true while the refresh goes on.
bool DramChannel::refresh_step(std::uint64_t now) {
  candidates_current_ = false;
  for (std::uint32_t bank = 0; bank < config_.banks; ++bank) {
    if (!timing_.is_open(bank)) continue;
    if (std::max(timing_.earliest_precharge(bank), row_bus_free_) <= now) {
      timing_.precharge(bank, now);
      precharges_.inc();
      row_changed(bank);
      use_bus(false, now);
      note_progress();
      return true;
    }
  }
  if (!timing_.all_closed() || std::max(timing_.earliest_refresh(), row_bus_free_) > now) {
    return true;
  }
  timing_.refresh(now);
  refreshes_.inc();
  use_bus(false, now);
  note_progress();
  refreshing_ = false;
  refresh_due_ += config_.timing.refi;
  return false;
}

std::uint64_t DramChannel::next_refresh_command() const {
  if (timing_.all_closed()) return std::max(timing_.earliest_refresh(), row_bus_free_);
  std::uint64_t next = kNever;
  for (std::uint32_t bank = 0; bank < config_.banks; ++bank) {
    if (timing_.is_open(bank)) next = std::min(next, timing_.earliest_precharge(bank));
  }
  return std::max(next, row_bus_free_);
}

Wake DramChannel::next_wake(std::uint64_t now) {
  std::uint64_t next = kNever;
  if (refreshing_) {
    next = next_refresh_command();
  } else {
    // Still current means the scheduler saw these very candidates and issued none of the
    // ready ones: they stay passed over until something changes. Otherwise (requests taken
    // after the last pick) a ready one may issue next cycle.
    const bool passed_over = candidates_current_;
    build_candidates(now);
    for (std::uint64_t t : ready_at_) {
      if (t > now) {
        next = std::min(next, t);
      } else if (!passed_over) {
        next = std::min(next, now + 1);
      }
    }
    if (config_.timing.refi != 0) next = std::min(next, refresh_due_);
  }
  // Replies due now that were refused wait for their link's wake-up.
  for (const PendingReply& r : replies_) {
    if (r.due > now) {
      next = std::min(next, r.due);
      break;
    }
  }
  if (queue_.size() < config_.queue &&
      std::any_of(in_.begin(), in_.end(),
                  [](const Link<MemRequest>* l) { return l && l->ready(); })) {
    next = now + 1;
  }
  if (next == kNever) return Wake::on_input();
  return Wake::at(Cycle(std::max(next, now + 1)));
}

std::string DramChannel::describe_state() const {
  return fmt::format("{} queued, {} replies pending{}", queue_.size(), replies_.size(),
                     refreshing_ ? ", refreshing" : "");
}

}  // namespace warpsim
