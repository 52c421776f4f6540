#pragma once

// Lane-array basics shared by every part of the functional model. A warp instruction is one
// operation over 32 lanes; values travel as 64-bit bit patterns per lane (LaneValues), and
// instruction types say how many of those bits count and whether they are signed.

#include <array>
#include <bit>
#include <cstdint>

#include "ptx/types.h"

namespace warpsim::func {

inline constexpr unsigned kWarpSize = 32;
using LaneMask = std::uint32_t;
inline constexpr LaneMask kFullMask = 0xffffffffU;

// One 64-bit value per lane. Aligned so lane loops vectorize.
struct alignas(64) LaneValues {
  std::array<std::uint64_t, kWarpSize> v{};
  std::uint64_t& operator[](unsigned lane) { return v[lane]; }
  std::uint64_t operator[](unsigned lane) const { return v[lane]; }
};

inline bool lane_active(LaneMask mask, unsigned lane) { return ((mask >> lane) & 1U) != 0; }

// Calls fn(lane) for each set bit of mask, lowest lane first (the defined order of side effects
// such as atomics and printf within one warp instruction).
template <typename Fn>
inline void for_each_lane(LaneMask mask, Fn&& fn) {
  while (mask != 0) {
    unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
    fn(lane);
    mask &= mask - 1;
  }
}

// Bits of a value of `type` (8 * size; 1 for predicates, 64 for unsized).
inline unsigned type_bits(ptx::DataType type) {
  if (type == ptx::DataType::kPred) return 1;
  unsigned size = ptx::type_size(type);
  return size == 0 || size >= 8 ? 64 : size * 8;
}

inline std::uint64_t width_mask(unsigned bits) {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// `bits` low bits of v, sign-extended to 64 bits.
inline std::uint64_t sign_extend(std::uint64_t v, unsigned bits) {
  if (bits >= 64) return v;
  unsigned shift = 64 - bits;
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(v << shift) >> shift);
}

// The canonical form of a value of `type`: zero-extended for unsigned, bit and float types,
// sign-extended for signed integers. Every operand read yields this form.
inline std::uint64_t canonical(std::uint64_t v, ptx::DataType type) {
  unsigned bits = type_bits(type);
  if (ptx::is_signed_type(type)) return sign_extend(v, bits);
  return v & width_mask(bits);
}

inline float as_f32(std::uint64_t v) { return std::bit_cast<float>(static_cast<std::uint32_t>(v)); }
inline double as_f64(std::uint64_t v) { return std::bit_cast<double>(v); }
inline std::uint64_t f32_bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t f64_bits(double d) { return std::bit_cast<std::uint64_t>(d); }

}  // namespace warpsim::func
