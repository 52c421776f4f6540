#include "dram/dram_timing_state.h"

#include <algorithm>
#include <cstdint>

namespace warpsim {

DramTimingState::DramTimingState(const DramTiming& timing, std::uint32_t banks,
                                 std::uint32_t bank_groups, std::uint32_t burst_cycles)
    : t_(timing), burst_(burst_cycles), banks_(banks), groups_(bank_groups) {}

bool DramTimingState::all_closed() const {
  return std::none_of(banks_.begin(), banks_.end(), [](const Bank& b) { return b.open; });
}

std::uint64_t DramTimingState::channel_activate() const {
  if (t_.faw != 0 && acts_seen_ == recent_acts_.size()) {
    // The slot written next holds the oldest of the last four ACTs.
    return std::max(act_ok_, recent_acts_[next_act_slot_] + t_.faw);
  }
  return act_ok_;
}

void DramTimingState::bank_views(std::vector<BankView>& views,
                                 const std::vector<std::uint32_t>& group_of) const {
  views.resize(banks_.size());
  for (std::size_t i = 0; i < banks_.size(); ++i) {
    const Bank& b = banks_[i];
    const Group& g = groups_[group_of[i]];
    views[i] = BankView{b.open,
                        b.row,
                        std::max(b.act_ok, g.act_ok),
                        b.pre_ok,
                        std::max(b.rd_ok, g.col_ok),
                        std::max(b.wr_ok, g.col_ok)};
  }
}

std::uint64_t DramTimingState::earliest_refresh() const {
  std::uint64_t t = 0;
  for (const Bank& b : banks_) t = std::max(t, b.act_ok);
  return t;
}

void DramTimingState::activate(std::uint32_t bank, std::uint32_t group, std::uint64_t row,
                               std::uint64_t now) {
  Bank& b = banks_[bank];
  b.open = true;
  b.row = row;
  b.rd_ok = now + t_.rcd;
  b.wr_ok = now + t_.rcd_wr;
  b.pre_ok = now + t_.ras;
  b.act_ok = now + t_.rc;
  Group& g = groups_[group];
  g.act_ok = std::max(g.act_ok, now + t_.rrd_l);
  act_ok_ = std::max(act_ok_, now + t_.rrd_s);
  recent_acts_[next_act_slot_] = now;
  next_act_slot_ = (next_act_slot_ + 1) % recent_acts_.size();
  if (acts_seen_ < recent_acts_.size()) ++acts_seen_;
}

void DramTimingState::precharge(std::uint32_t bank, std::uint64_t now) {
  Bank& b = banks_[bank];
  b.open = false;
  b.act_ok = std::max(b.act_ok, now + t_.rp);
}

void DramTimingState::column(bool write, std::uint32_t bank, std::uint32_t group,
                             std::uint64_t now) {
  Bank& b = banks_[bank];
  // Same-direction commands are also spaced by one burst, so data never overlaps on the bus.
  const std::uint64_t same = std::max(t_.ccd_s, burst_);
  groups_[group].col_ok = std::max(groups_[group].col_ok, now + std::max(t_.ccd_l, burst_));
  if (write) {
    const std::uint64_t data_end = now + t_.cwl + burst_;
    b.pre_ok = std::max(b.pre_ok, data_end + t_.wr);
    wr_ok_ = std::max(wr_ok_, now + same);
    rd_ok_ = std::max(rd_ok_, data_end + t_.wtr);
  } else {
    b.pre_ok = std::max(b.pre_ok, now + t_.rtp);
    rd_ok_ = std::max(rd_ok_, now + same);
    // Write data may start rw_turnaround cycles after this read's data ends.
    const std::uint64_t write_data = now + t_.cl + burst_ + t_.rw_turnaround;
    wr_ok_ = std::max(wr_ok_, std::max(now + 1, write_data > t_.cwl ? write_data - t_.cwl : 0));
  }
}

void DramTimingState::auto_precharge(std::uint32_t bank) {
  Bank& b = banks_[bank];
  b.open = false;
  b.act_ok = std::max(b.act_ok, b.pre_ok + t_.rp);
}

void DramTimingState::refresh(std::uint64_t now) {
  for (Bank& b : banks_) b.act_ok = std::max(b.act_ok, now + t_.rfc);
}

}  // namespace warpsim
