// Issue order: coalesced requests reach the L1 in the order the LD/ST unit produced them and
// are never bypassed — GPGPU-Sim's LD/ST unit, which has no reordering stage. The baseline
// that MRPB (Jia et al., HPCA 2014, seed 004) replaces.

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "cache/prioritization/request_prioritizer.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class FifoPrioritizer final : public RequestPrioritizer {
 public:
  FifoPrioritizer(const ConfigNode& /*params*/, const Context& context)
      : buffer_(context.capacity) {
    if (context.capacity == 0) {
      throw std::invalid_argument("fifo request prioritizer needs a capacity of at least 1");
    }
  }

  bool can_accept() const override { return size_ < buffer_.size(); }
  bool offer(const MemRequest& request, std::uint64_t /*now*/) override {
    if (!can_accept()) return false;
    buffer_[(head_ + size_) % buffer_.size()] = request;
    ++size_;
    return true;
  }
  const MemRequest* front(std::uint64_t /*now*/) override {
    return size_ == 0 ? nullptr : &buffer_[head_];
  }
  void pop(std::uint64_t /*now*/) override {
    if (size_ == 0) throw std::logic_error("pop() from an empty request prioritizer");
    head_ = (head_ + 1) % buffer_.size();
    --size_;
  }
  bool empty() const override { return size_ == 0; }

 private:
  std::vector<MemRequest> buffer_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace

WARPSIM_REGISTER_POLICY(RequestPrioritizer, FifoPrioritizer, "fifo",
                        "Issue order: requests access the L1 in the order they were coalesced", {});

}  // namespace warpsim
