#pragma once

// Stand-in for the memory hierarchy until issue F6 models it: accepts up to
// `requests_per_cycle` requests per core cycle from the SMs (round robin over SMs) and answers
// each after `latency` cycles. Reads, writes, atomics and instruction fetches alike. Values are
// never modeled here: the functional model has already executed the access.

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "mem/packet.h"
#include "sim/component.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

class MemoryStub : public Component {
 public:
  MemoryStub(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t sms,
             std::uint32_t latency, std::uint32_t requests_per_cycle);

  void connect(std::uint32_t sm, Link<MemRequest>* from_sm, Link<MemReply>* to_sm);

  Wake tick(Cycle now) override;
  bool has_work() const override { return queued_ != 0; }
  std::string describe_state() const override;

 private:
  struct Pending {
    std::uint64_t due = 0;
    MemReply reply;
  };

  std::uint32_t latency_;
  std::uint32_t per_cycle_;
  std::vector<Link<MemRequest>*> in_;
  std::vector<Link<MemReply>*> out_;
  std::vector<std::deque<Pending>> replies_;  // per SM, in due order
  std::uint32_t next_sm_ = 0;
  std::uint64_t queued_ = 0;
  Counter& requests_;
  Counter& reads_;
  Counter& writes_;
  Counter& atomics_;
  Counter& fetches_;
  Counter& bytes_;
};

}  // namespace warpsim
