#pragma once

// MRPB's drain selector (seed 004 §2.4): each cycle it picks the queue whose head goes to the
// L1 next, among the queues whose head is ready (MrpbQueues::Head::kReady).
//  - fixed_order: the lowest-numbered ready queue (queue n waits while 0..n-1 have ready
//    requests): the strongest prioritization, the paper's final choice;
//  - round_robin: the next ready queue after the one drained last;
//  - longest_first: the ready queue holding the most requests, the lowest number on a tie.
// Greedy: once the base order picks a queue, it keeps draining that queue until it is empty
// (waiting while its head is within the buffer latency); a head held back by a barrier lets
// the base order choose again. Non-greedy: the base order chooses every cycle.

#include <cstdint>
#include <string>

#include "cache/prioritization/mrpb_queues.h"

namespace warpsim {

enum class MrpbDrainOrder : std::uint8_t { kFixedOrder, kRoundRobin, kLongestFirst };

// "fixed_order", "round_robin" or "longest_first".
MrpbDrainOrder parse_mrpb_drain(const std::string& name);

class MrpbDrain {
 public:
  MrpbDrain(MrpbDrainOrder order, bool greedy);
  // The queue to drain now, or MrpbQueues::kNone.
  std::uint32_t pick(const MrpbQueues& queues, std::uint64_t now);

 private:
  std::uint32_t base_pick(const MrpbQueues& queues, std::uint64_t now) const;

  MrpbDrainOrder order_;
  bool greedy_;
  std::uint32_t current_ = MrpbQueues::kNone;  // greedy: the queue being emptied
  std::uint32_t next_ = 0;                     // round robin: where the search starts
};

}  // namespace warpsim
