#pragma once

// The generic cache's outgoing queue: a ring buffer that grows (by doubling) only when
// write-backs push it past its initial capacity, so the steady state never allocates.

#include <bit>
#include <cstddef>
#include <vector>

#include "mem/packet.h"

namespace warpsim {

class RequestQueue {
 public:
  explicit RequestQueue(std::size_t initial_capacity)
      : buffer_(std::bit_ceil(initial_capacity < 2 ? std::size_t{2} : initial_capacity)) {}

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  const MemRequest& front() const { return buffer_[head_]; }
  const MemRequest& at(std::size_t i) const { return buffer_[(head_ + i) & (buffer_.size() - 1)]; }

  void push(const MemRequest& request) {
    if (size_ == buffer_.size()) grow();
    buffer_[(head_ + size_) & (buffer_.size() - 1)] = request;
    ++size_;
  }
  void pop() {
    head_ = (head_ + 1) & (buffer_.size() - 1);
    --size_;
  }

 private:
  void grow() {
    std::vector<MemRequest> bigger(buffer_.size() * 2);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = at(i);
    buffer_.swap(bigger);
    head_ = 0;
  }

  std::vector<MemRequest> buffer_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace warpsim
