#pragma once

// A fixed-capacity FIFO whose storage is allocated once, so that moving packets through the
// crossbar's buffers never allocates.

#include <cstdint>
#include <utility>
#include <vector>

namespace warpsim {

template <class T>
class Ring {
 public:
  explicit Ring(std::uint32_t capacity) : slots_(capacity) {}

  std::uint32_t size() const { return size_; }
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(slots_.size()); }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == slots_.size(); }

  // Only valid when !empty().
  T& front() { return slots_[head_]; }
  const T& front() const { return slots_[head_]; }

  // The i-th element from the front; only valid for i < size().
  T& operator[](std::uint32_t i) {
    std::uint32_t at = head_ + i;
    if (at >= slots_.size()) at -= capacity();
    return slots_[at];
  }

  // Only valid when !full().
  void push_back(T value) {
    std::uint32_t tail = head_ + size_;
    if (tail >= slots_.size()) tail -= capacity();
    slots_[tail] = std::move(value);
    ++size_;
  }
  // Only valid when !empty().
  void pop_front() {
    if (++head_ == slots_.size()) head_ = 0;
    --size_;
  }

 private:
  std::vector<T> slots_;
  std::uint32_t head_ = 0;
  std::uint32_t size_ = 0;
};

}  // namespace warpsim
