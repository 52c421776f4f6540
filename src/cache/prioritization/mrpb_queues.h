#pragma once

// MRPB's queues (seed 004 §2.2–2.3): one FIFO per signature value, each a circular buffer of
// `depth` entries (0: unbounded). A request may leave its queue `latency` cycles after it
// entered (the buffer latency) and only when no request of its CTA issued before a barrier
// the CTA has since passed is still queued (requests are never reordered across a barrier).
// Requests of one thread always share a queue (every signature is a function of the warp), so
// a queue's order keeps each thread's order.

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "cache/prioritization/request_prioritizer.h"
#include "mem/packet.h"

namespace warpsim {

// What names a request's queue: its warp slot (48 queues on Fermi), its CTA slot (8), or its
// warp's index within its CTA (32; the i-th warp of every CTA shares queue i).
enum class MrpbSignature : std::uint8_t { kWarp, kCta, kCtaWarp };

// "warp", "cta" or "cta_warp".
MrpbSignature parse_mrpb_signature(const std::string& name);
// Queues the signature needs on an SM described by `context`.
std::uint32_t mrpb_queue_count(MrpbSignature signature, const RequestPrioritizer::Context& context);
std::uint32_t mrpb_signature_of(MrpbSignature signature, const MemRequest& request);

class MrpbQueues {
 public:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  enum class Head : std::uint8_t {
    kEmpty,
    kWaiting,  // its head entered less than `latency` cycles ago
    kBlocked,  // its head is younger than a barrier an older queued request of its CTA is not
    kReady,
  };

  MrpbQueues(std::uint32_t queues, std::uint32_t depth, std::uint32_t ctas);

  std::uint32_t count() const { return static_cast<std::uint32_t>(queues_.size()); }
  // `q`, or std::logic_error when there is no such queue.
  std::uint32_t checked(std::uint32_t q) const;
  std::size_t size(std::uint32_t q) const { return queues_[q].size(); }
  bool full(std::uint32_t q) const { return depth_ != 0 && queues_[q].size() >= depth_; }
  std::size_t total() const { return total_; }
  Head head(std::uint32_t q, std::uint64_t now) const;
  // Whether a request of `r`'s CTA issued before a barrier `r` came after is still queued.
  bool older_queued(const MemRequest& r) const;

  void push(std::uint32_t q, const MemRequest& r, std::uint64_t ready);
  MemRequest pop(std::uint32_t q);

 private:
  struct Entry {
    MemRequest request;
    std::uint64_t ready = 0;
    std::uint64_t epoch = 0;
  };
  struct CtaEpochs {
    std::uint64_t newest = 0;                       // the largest epoch queued so far
    std::map<std::uint64_t, std::uint32_t> queued;  // epoch -> queued requests
  };
  std::uint32_t cta_of(const MemRequest& r) const;

  std::vector<std::deque<Entry>> queues_;
  std::uint32_t depth_;
  std::size_t total_ = 0;
  std::vector<CtaEpochs> ctas_;
};

}  // namespace warpsim
