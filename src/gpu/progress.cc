#include "gpu/progress.h"

#include <chrono>
#include <cstdio>

namespace warpsim {

ProgressFn stderr_progress() {
  struct Last {
    std::chrono::steady_clock::time_point time = std::chrono::steady_clock::now();
    std::uint64_t cycles = 0;
    std::uint64_t warp_insts = 0;
  };
  return [last = Last{}](std::uint64_t cycles, std::uint64_t warp_insts) mutable {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last.time).count();
    const double rate = seconds > 0 ? 1.0 / seconds : 0.0;
    std::fprintf(stderr,
                 "warpsim: progress: cycle %llu, %llu warp insts (%.0f warp insts/s, %.0f "
                 "cycles/s)\n",
                 static_cast<unsigned long long>(cycles),
                 static_cast<unsigned long long>(warp_insts),
                 static_cast<double>(warp_insts - last.warp_insts) * rate,
                 static_cast<double>(cycles - last.cycles) * rate);
    last = Last{now, cycles, warp_insts};
  };
}

}  // namespace warpsim
