// MRPB, the memory request prioritization buffer (Jia, Shaw and Martonosi, HPCA 2014; seed 004
// §2.2–2.6): coalesced requests wait in per-signature FIFO queues (mrpb_queues.h) and a drain
// policy (mrpb_drain.h) sends one of them to the L1 per cycle, so that the L1 serves a few
// warps at a time and their working set fits. The bypass half of MRPB is the L1D's bypass
// policy `on_stall` (src/cache/bypass/on_stall.cc); configs/overlays/mrpb.yaml sets both.
//
// Per cycle, enqueue before dequeue (the paper's split cycle):
//  - offer(): a request enters its signature's queue and may leave `latency` cycles later.
//    Its queue full, it is refused and the memory stage stalls behind it.
//  - With `flush` (the paper's final design), two rules override the drain policy:
//    1. a read refused by a full queue makes that queue drain next, one request per cycle,
//       until the read fits;
//    2. a write or atomic is never queued: its queue is drained first (the memory stage
//       waiting meanwhile), then it goes to the L1 directly, without the buffer latency.
//       It also waits while its CTA still has requests from before a barrier queued.
//    Without flush, writes queue like reads.
//  - front(): the request chosen goes to a one-entry outbound register; when the L1 refuses
//    it (a reservation failure) it stays there and is retried, as in the baseline.

#include <optional>
#include <stdexcept>
#include <string>

#include "cache/prioritization/mrpb_drain.h"
#include "cache/prioritization/mrpb_queues.h"
#include "cache/prioritization/request_prioritizer.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class Mrpb final : public RequestPrioritizer {
 public:
  Mrpb(const ConfigNode& params, const Context& context)
      : signature_(parse_mrpb_signature(params.at("signature").as_string())),
        queues_(mrpb_queue_count(signature_, context),
                static_cast<std::uint32_t>(params.at("entries").as_uint()), context.ctas),
        drain_(parse_mrpb_drain(params.at("drain").as_string()), params.at("greedy").as_bool()),
        latency_(params.at("latency").as_uint()),
        flush_(params.at("flush").as_bool()) {}

  bool can_accept() const override { return !stalled_; }

  bool offer(const MemRequest& request, std::uint64_t now) override {
    const std::uint32_t q = queues_.checked(mrpb_signature_of(signature_, request));
    if (flush_ && request.kind != MemKind::kRead) {
      if (queues_.size(q) != 0 || outbound_ || queues_.older_queued(request)) return stall(q);
      outbound_ = request;  // straight to the L1
      return admitted();
    }
    if (queues_.full(q)) return stall(flush_ ? q : MrpbQueues::kNone);
    queues_.push(q, request, now + latency_);
    return admitted();
  }

  const MemRequest* front(std::uint64_t now) override {
    if (!outbound_) {
      std::uint32_t q = MrpbQueues::kNone;
      if (drain_first_ != MrpbQueues::kNone &&
          queues_.head(drain_first_, now) == MrpbQueues::Head::kReady) {
        q = drain_first_;
      } else {
        q = drain_.pick(queues_, now);
      }
      if (q == MrpbQueues::kNone) return nullptr;
      outbound_ = queues_.pop(q);
    }
    return &*outbound_;
  }

  void pop(std::uint64_t /*now*/) override {
    if (!outbound_) throw std::logic_error("pop() from an MRPB with no request chosen");
    outbound_.reset();
  }

  bool empty() const override { return !outbound_ && queues_.total() == 0; }

 private:
  bool stall(std::uint32_t drain_first) {
    stalled_ = true;
    drain_first_ = drain_first;
    return false;
  }
  bool admitted() {
    stalled_ = false;
    drain_first_ = MrpbQueues::kNone;
    return true;
  }

  MrpbSignature signature_;
  MrpbQueues queues_;
  MrpbDrain drain_;
  std::uint64_t latency_;
  bool flush_;
  std::optional<MemRequest> outbound_;
  bool stalled_ = false;                           // the last offer was refused
  std::uint32_t drain_first_ = MrpbQueues::kNone;  // flush: the queue an offer waits on
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    RequestPrioritizer, Mrpb, "mrpb",
    "MRPB (Jia et al., HPCA 2014): per-signature FIFO queues drained by priority, so the L1 "
    "serves a few warps at a time",
    {{.name = "signature",
      .type = ParamType::kString,
      .description = "what picks a request's queue: warp (its warp slot), cta (its CTA slot) or "
                     "cta_warp (its warp's index within the CTA)",
      .default_value = "warp",
      .choices = {"warp", "cta", "cta_warp"}},
     {.name = "drain",
      .type = ParamType::kString,
      .description = "which ready queue sends next: fixed_order (lowest number), round_robin or "
                     "longest_first",
      .default_value = "fixed_order",
      .choices = {"fixed_order", "round_robin", "longest_first"}},
     {.name = "greedy",
      .type = ParamType::kBool,
      .description = "keep draining the chosen queue until it is empty",
      .default_value = "false"},
     {.name = "entries",
      .type = ParamType::kUint,
      .description = "requests per queue (0: unbounded)",
      .default_value = "8",
      .max = 1 << 20},
     {.name = "latency",
      .type = ParamType::kUint,
      .description = "cycles from entering a queue to the earliest cycle the request may leave",
      .default_value = "5",
      .max = 1 << 20},
     {.name = "flush",
      .type = ParamType::kBool,
      .description = "a read meeting a full queue drains that queue first; a write drains its "
                     "queue and then goes to the L1 unqueued",
      .default_value = "true"}});

}  // namespace warpsim
