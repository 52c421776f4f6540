#include "cache/prioritization/mrpb_drain.h"

#include <stdexcept>

namespace warpsim {

MrpbDrainOrder parse_mrpb_drain(const std::string& name) {
  if (name == "fixed_order") return MrpbDrainOrder::kFixedOrder;
  if (name == "round_robin") return MrpbDrainOrder::kRoundRobin;
  if (name == "longest_first") return MrpbDrainOrder::kLongestFirst;
  throw std::invalid_argument("unknown MRPB drain policy '" + name +
                              "' (fixed_order, round_robin or longest_first)");
}

MrpbDrain::MrpbDrain(MrpbDrainOrder order, bool greedy) : order_(order), greedy_(greedy) {}

std::uint32_t MrpbDrain::pick(const MrpbQueues& queues, std::uint64_t now) {
  if (greedy_ && current_ != MrpbQueues::kNone) {
    switch (queues.head(current_, now)) {
      case MrpbQueues::Head::kReady:
        return current_;
      case MrpbQueues::Head::kWaiting:
        return MrpbQueues::kNone;
      case MrpbQueues::Head::kEmpty:
      case MrpbQueues::Head::kBlocked:
        break;
    }
  }
  const std::uint32_t q = base_pick(queues, now);
  if (q != MrpbQueues::kNone) {
    current_ = q;
    next_ = q + 1 == queues.count() ? 0 : q + 1;
  }
  return q;
}

std::uint32_t MrpbDrain::base_pick(const MrpbQueues& queues, std::uint64_t now) const {
  if (queues.total() == 0) return MrpbQueues::kNone;
  std::uint32_t best = MrpbQueues::kNone;
  const std::uint32_t count = queues.count();
  const std::uint32_t start = order_ == MrpbDrainOrder::kRoundRobin ? next_ : 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t q = start + i < count ? start + i : start + i - count;
    if (queues.head(q, now) != MrpbQueues::Head::kReady) continue;
    if (order_ != MrpbDrainOrder::kLongestFirst) return q;
    if (best == MrpbQueues::kNone || queues.size(q) > queues.size(best)) best = q;
  }
  return best;
}

}  // namespace warpsim
