#pragma once

// A workload's run in two halves, for workloads that run others' kernels side by side (the
// concurrent pairs of seed 000 ch. 6, workloads/concurrent/): stage() allocates and copies the
// inputs and returns what is left: launching the kernels on a stream, and checking the results
// once they are read back. Copies synchronize the host (host.h), so a pair stages both halves
// before it launches either; reading the first half's results then runs both.

#include <cstdint>
#include <functional>

namespace warpsim::workload {

struct Staged {
  std::function<void(std::uint64_t stream)> launch;
  std::function<void()> check;

  // The whole run on the legacy default stream.
  void run() const {
    launch(0);
    check();
  }
};

}  // namespace warpsim::workload
