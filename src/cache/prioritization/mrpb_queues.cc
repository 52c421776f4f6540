#include "cache/prioritization/mrpb_queues.h"

#include <algorithm>
#include <stdexcept>

namespace warpsim {

MrpbSignature parse_mrpb_signature(const std::string& name) {
  if (name == "warp") return MrpbSignature::kWarp;
  if (name == "cta") return MrpbSignature::kCta;
  if (name == "cta_warp") return MrpbSignature::kCtaWarp;
  throw std::invalid_argument("unknown MRPB signature '" + name + "' (warp, cta or cta_warp)");
}

std::uint32_t mrpb_queue_count(MrpbSignature signature,
                               const RequestPrioritizer::Context& context) {
  switch (signature) {
    case MrpbSignature::kWarp:
      return context.warps;
    case MrpbSignature::kCta:
      return context.ctas;
    case MrpbSignature::kCtaWarp:
      return context.cta_warps;
  }
  throw std::logic_error("unknown MRPB signature");
}

std::uint32_t mrpb_signature_of(MrpbSignature signature, const MemRequest& request) {
  switch (signature) {
    case MrpbSignature::kWarp:
      return request.warp;
    case MrpbSignature::kCta:
      return request.cta;
    case MrpbSignature::kCtaWarp:
      return request.cta_warp;
  }
  throw std::logic_error("unknown MRPB signature");
}

MrpbQueues::MrpbQueues(std::uint32_t queues, std::uint32_t depth, std::uint32_t ctas)
    : queues_(queues), depth_(depth), ctas_(ctas) {
  if (queues == 0) throw std::invalid_argument("MRPB needs at least one queue");
  if (ctas == 0) throw std::invalid_argument("MRPB needs at least one CTA slot");
}

std::uint32_t MrpbQueues::cta_of(const MemRequest& r) const {
  if (r.cta >= ctas_.size()) {
    throw std::logic_error("MRPB: request of CTA slot " + std::to_string(r.cta) +
                           " on an SM with " + std::to_string(ctas_.size()) + " CTA slots");
  }
  return r.cta;
}

MrpbQueues::Head MrpbQueues::head(std::uint32_t q, std::uint64_t now) const {
  const std::deque<Entry>& queue = queues_[q];
  if (queue.empty()) return Head::kEmpty;
  const Entry& e = queue.front();
  if (e.ready > now) return Head::kWaiting;
  const CtaEpochs& cta = ctas_[e.request.cta];
  return cta.queued.begin()->first < e.epoch ? Head::kBlocked : Head::kReady;
}

bool MrpbQueues::older_queued(const MemRequest& r) const {
  const CtaEpochs& cta = ctas_[cta_of(r)];
  return !cta.queued.empty() && cta.queued.begin()->first < r.epoch;
}

std::uint32_t MrpbQueues::checked(std::uint32_t q) const {
  if (q >= queues_.size()) {
    throw std::logic_error("MRPB: signature " + std::to_string(q) + " beyond its " +
                           std::to_string(queues_.size()) + " queues");
  }
  return q;
}

void MrpbQueues::push(std::uint32_t q, const MemRequest& r, std::uint64_t ready) {
  if (full(checked(q))) throw std::logic_error("MRPB: push into a full queue");
  CtaEpochs& cta = ctas_[cta_of(r)];
  // A CTA's epochs only grow in the order its requests are queued (a request translated late
  // counts as issued after the barrier), so the oldest epoch is always at some queue's head.
  // A slot with nothing queued starts afresh (a new CTA counts from 0 again).
  const std::uint64_t epoch = cta.queued.empty() ? r.epoch : std::max(r.epoch, cta.newest);
  cta.newest = epoch;
  ++cta.queued[epoch];
  queues_[q].push_back(Entry{r, ready, epoch});
  ++total_;
}

MemRequest MrpbQueues::pop(std::uint32_t q) {
  std::deque<Entry>& queue = queues_[q];
  if (queue.empty()) throw std::logic_error("MRPB: pop from an empty queue");
  const Entry e = queue.front();
  queue.pop_front();
  --total_;
  CtaEpochs& cta = ctas_[e.request.cta];
  const auto it = cta.queued.find(e.epoch);
  if (--it->second == 0) cta.queued.erase(it);
  return e.request;
}

}  // namespace warpsim
