#pragma once

// lonestar/bh's CPU reference (reference.cc): checks what one time step of the six kernels left
// in device memory against the state the step started from. Throws CheckFailed.

#include <cstdint>
#include <vector>

namespace warpsim::workload::bh {

inline constexpr int kMaxDepth = 32;  // the force kernel's stack levels (bh.cu)
inline constexpr float kDt = 0.025f;
inline constexpr float kDtHalf = 0.0125f;
inline constexpr float kEpsSq = 0.05f * 0.05f;  // softening length 0.05
inline constexpr float kTheta = 0.5f;
inline constexpr float kItolSq = 1.0f / (kTheta * kTheta);

// The bodies at the start of a step: positions, velocities, the previous step's accelerations
// (unused at step 0) and masses.
struct Bodies {
  std::vector<float> x, y, z, vx, vy, vz, ax, ay, az, m;
};

// What the GPU left after a step.
struct StepResult {
  std::vector<float> x, y, z, mass;           // nnodes + 1 nodes: bodies, then cells
  std::vector<float> vx, vy, vz, ax, ay, az;  // n bodies
  std::vector<std::int32_t> child;            // 8 per node
  std::vector<std::int32_t> count, start;     // per node (cells)
  std::vector<std::int32_t> sorted;           // n
  std::vector<float> box;                     // min x, y, z, max x, y, z, radius
  std::int32_t bottom = 0;                    // the lowest cell in use
};

// Checks step `step` (0-based) of n bodies with cells up to node nnodes. `direct`: also compare
// the accelerations with a direct O(n^2) sum within the Barnes-Hut error bound.
void check_step(const Bodies& before, const StepResult& got, int n, int nnodes, int step,
                bool direct);

}  // namespace warpsim::workload::bh
