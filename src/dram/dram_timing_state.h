#pragma once

// The state of one DRAM channel's banks as far as timing goes: which row each bank has open
// and the earliest cycle at which each command may next issue to it. Every constraint is kept
// as an "earliest cycle" that commands only ever push later, so the earliest issue cycle of
// any command is a max() of a few numbers and the channel can sleep until exactly then.
// The command bus and the request queue are the channel's business, not this class's.

#include <array>
#include <cstdint>
#include <vector>

#include "dram/dram_config.h"

namespace warpsim {

class DramTimingState {
 public:
  DramTimingState(const DramTiming& timing, std::uint32_t banks, std::uint32_t bank_groups,
                  std::uint32_t burst_cycles);

  // A bank's state and the earliest cycle of each command as far as the bank and its bank
  // group are concerned; channel-wide constraints are channel_activate/read/write().
  struct BankView {
    bool open = false;
    std::uint64_t row = 0;
    std::uint64_t activate = 0;
    std::uint64_t precharge = 0;
    std::uint64_t read = 0;
    std::uint64_t write = 0;
  };

  // views[b] for every bank b (views is resized to the bank count).
  void bank_views(std::vector<BankView>& views, const std::vector<std::uint32_t>& group_of) const;
  std::uint64_t channel_activate() const;
  std::uint64_t channel_read() const { return rd_ok_; }
  std::uint64_t channel_write() const { return wr_ok_; }

  bool is_open(std::uint32_t bank) const { return banks_[bank].open; }
  std::uint64_t open_row(std::uint32_t bank) const { return banks_[bank].row; }
  bool all_closed() const;

  std::uint64_t earliest_precharge(std::uint32_t bank) const { return banks_[bank].pre_ok; }
  // Earliest all-bank REF, once every bank is closed.
  std::uint64_t earliest_refresh() const;

  void activate(std::uint32_t bank, std::uint32_t group, std::uint64_t row, std::uint64_t now);
  void precharge(std::uint32_t bank, std::uint64_t now);
  void column(bool write, std::uint32_t bank, std::uint32_t group, std::uint64_t now);
  // RDA/WRA: the bank closes itself at the earliest cycle a PRE could issue.
  void auto_precharge(std::uint32_t bank);
  void refresh(std::uint64_t now);

 private:
  struct Bank {
    bool open = false;
    std::uint64_t row = 0;
    std::uint64_t act_ok = 0;
    std::uint64_t pre_ok = 0;
    std::uint64_t rd_ok = 0;
    std::uint64_t wr_ok = 0;
  };
  struct Group {
    std::uint64_t act_ok = 0;
    std::uint64_t col_ok = 0;
  };

  DramTiming t_;
  std::uint32_t burst_;
  std::vector<Bank> banks_;
  std::vector<Group> groups_;
  std::uint64_t act_ok_ = 0;                    // tRRD_S
  std::uint64_t rd_ok_ = 0;                     // tCCD_S, data bus, write-to-read
  std::uint64_t wr_ok_ = 0;                     // tCCD_S, data bus, read-to-write
  std::array<std::uint64_t, 4> recent_acts_{};  // ring of the last four ACT cycles (tFAW)
  std::uint32_t acts_seen_ = 0;                 // ACTs so far, saturating at 4
  std::uint32_t next_act_slot_ = 0;
};

}  // namespace warpsim
