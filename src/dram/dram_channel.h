#pragma once

// One DRAM channel (a GPGPU-Sim memory partition's DRAM): a request queue fed by `ports` L2
// slices, a scheduler plug-in choosing which request's next command (PRE, ACT, RD, WR)
// issues, JEDEC-style timing per bank, bank group and channel (dram_timing_state.h), periodic
// all-bank refresh, and a return queue toward the L2. Command-level model in command-clock
// cycles:
//  - One command per cycle on the command bus; with dual_command_bus one row command (ACT,
//    PRE, REF) and one column command (RD, WR) per cycle.
//  - A request needs ceil(bytes / burst_bytes) column commands, all to its row; it leaves the
//    request queue when the last one issues, and a request waiting in a link takes its place
//    in the same cycle (its first command can issue the cycle after). A read is answered
//    (reply_to) when its last burst's data has crossed the bus (RD + cl + burst cycles), a
//    write when its last data has been written (WR + cwl + burst cycles); write-backs get no
//    answer. A request from port p is answered on port p.
//  - The last column command of a request that needs an answer issues only while the return
//    queue has room; replies leave it when the L2 link accepts them.
//  - Refresh (all-bank, the simplest JEDEC mode): from every multiple of refi on, the channel
//    issues nothing but the PREs that close every open bank and then one REF, after which no
//    bank may be activated for rfc cycles.
//  - It sleeps until the earliest cycle at which a command could issue, a reply is due, a
//    refresh falls due, or input arrives (skip ≡ no-skip).

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "dram/dram_config.h"
#include "dram/dram_scheduler.h"
#include "dram/dram_timing_state.h"
#include "mem/address_mapping.h"
#include "mem/packet.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

class DramChannel : public Component {
 public:
  // Requests reaching this channel must decode (mapping.decode) to a bank and bank group
  // within the config's banks and bank_groups, a bank always to the same group; the channel
  // and slice fields are ignored. Breaking this is a std::logic_error. `config` is copied.
  DramChannel(Simulation& sim, std::string path, ClockDomainId dram_clock, const DramConfig& config,
              const AddressMapping& mapping, std::uint32_t channel, std::uint32_t ports);

  void connect(std::uint32_t port, Link<MemRequest>* from_l2, Link<MemReply>* to_l2);

  Wake tick(Cycle now) override;
  bool has_work() const override { return !queue_.empty() || !replies_.empty(); }
  std::string describe_state() const override;

  std::uint32_t channel() const { return channel_; }

 private:
  // What scheduling needs of a queued request; kept small, as every tick scans the queue.
  struct Entry {
    std::uint32_t port = 0;
    std::uint32_t bank = 0;
    std::uint32_t group = 0;
    std::uint64_t row = 0;
    std::uint32_t bursts_left = 0;
    std::uint64_t arrived = 0;
    std::uint64_t age = 0;
    bool write = false;
    bool answered = false;  // gets a reply
    bool started = false;   // its first command has issued (row hit/miss/conflict counted)
  };
  struct PendingReply {
    std::uint64_t due = 0;  // cycle its data transfer ends
    std::uint64_t arrived = 0;
    std::uint32_t port = 0;
    bool read = false;
    MemReply reply;
  };

  void send_replies(std::uint64_t now);
  void accept_requests(std::uint64_t now);
  Entry make_entry(const MemRequest& request, std::uint32_t port, std::uint64_t now);
  void issue_commands(std::uint64_t now);
  void add_candidate(const Entry& e);
  void row_changed(std::uint32_t bank);
  void note_bank_hits(std::uint32_t bank);
  void build_candidates(std::uint64_t now);
  void issue(std::size_t index, std::uint64_t now);
  void issue_column(std::size_t index, std::uint64_t now);
  void finish_request(std::size_t index, std::uint64_t now);
  void count_first_command(DramCommand command);
  void use_bus(bool column, std::uint64_t now);
  bool refresh_step(std::uint64_t now);
  std::uint64_t next_refresh_command() const;
  Wake next_wake(std::uint64_t now);

  DramConfig config_;
  const AddressMapping& mapping_;
  std::uint32_t channel_;
  std::uint32_t burst_cycles_;
  std::unique_ptr<DramScheduler> scheduler_;
  DramTimingState timing_;
  std::vector<Link<MemRequest>*> in_;
  std::vector<Link<MemReply>*> out_;
  std::uint32_t next_port_ = 0;

  std::vector<Entry> queue_;       // arrival order
  std::vector<MemReply> answers_;  // the reply of each queue_ entry
  std::uint64_t next_age_ = 0;
  std::deque<PendingReply> replies_;  // by due cycle, then issue order
  std::vector<std::uint8_t> port_blocked_;

  // candidates_ and ready_at_ parallel queue_. A candidate's fields other than `ready` are
  // kept up to date as requests come and go and rows open and close (only the candidates of
  // the bank concerned change); the ready cycles depend on channel-wide timing as well and
  // are redone for every candidate whenever candidates_current_ is false.
  std::vector<DramCandidate> candidates_;
  std::vector<std::uint64_t> ready_at_;
  std::uint64_t earliest_ready_ = kNever;      // min of ready_at_
  std::vector<std::uint32_t> hits_in_bank_;    // queued requests that hit the bank's open row
  std::vector<std::uint32_t> queued_in_bank_;  // queued requests to the bank
  std::vector<DramTimingState::BankView> views_;
  // Earliest cycle of each command (DramCommand order) per bank, channel constraints included.
  std::vector<std::uint64_t> bank_ready_;
  // The bank group of each bank, from the first request to it (a mapping must keep it fixed).
  std::vector<std::uint32_t> group_of_;
  std::vector<std::uint8_t> bank_group_known_;
  bool candidates_current_ = false;

  std::uint64_t row_bus_free_ = 0;  // earliest cycle of the next row command
  std::uint64_t col_bus_free_ = 0;  // earliest cycle of the next column command
  std::uint64_t refresh_due_ = 0;   // cycle of the next refresh (when refi != 0)
  bool refreshing_ = false;

  Counter& reads_;
  Counter& writes_;
  Counter& activates_;
  Counter& precharges_;
  Counter& refreshes_;
  Counter& row_hits_;
  Counter& row_misses_;
  Counter& row_conflicts_;
  Counter& bursts_;
  Counter& data_bus_busy_;
  Histogram& read_latency_;
  TimeWeighted& queue_occupancy_;
};

}  // namespace warpsim
