// Irreducible-polynomial (IPOLY) set index: the line address, read as a polynomial over GF(2),
// modulo an irreducible polynomial P of degree log2(sets). Every power-of-two stride then spreads
// over all sets (Rau, "Pseudo-randomly interleaved memory", ISCA 1991). GPGPU-Sim's 'P' option
// (HASH_IPOLY_FUNCTION, after Khairy et al., "SACAT", IEEE TPDS 2017) tabulates it for 8-256
// sets on the low 17-30 line-address bits; by default this reproduces those tables exactly.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "cache/set_index/set_index.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

constexpr std::uint32_t kMaxDegree = 16;  // up to 65536 sets

// The default P for each degree (bit i = coefficient of x^i). Degrees 3-8 are the polynomials of
// GPGPU-Sim's tables (11, 19, 37, 67, 131, 283: x^3+x+1, x^4+x+1, x^5+x^2+1, x^6+x+1, x^7+x+1,
// x^8+x^4+x^3+x+1); the others are irreducible trinomials and pentanomials from the standard
// tables (e.g. Peterson & Weldon, "Error-Correcting Codes", 2nd ed., 1972).
constexpr std::uint32_t kDefaultPolynomial[kMaxDegree + 1] = {
    0,     0b11,  0b111, 11,     19,     37,     67,     131,    283,
    0x211, 0x409, 0x805, 0x1053, 0x201b, 0x4443, 0x8003, 0x1100b};

// How many low line-address bits GPGPU-Sim's tables hash, by degree; other degrees hash all.
std::uint32_t gpgpusim_hashed_bits(std::uint32_t degree) {
  switch (degree) {
    case 3:
    case 4:
      return 17;
    case 5:
      return 20;
    case 6:
      return 25;
    case 7:
    case 8:
      return 30;
    default:
      return 64;
  }
}

std::uint32_t degree_of(std::uint64_t p) {
  return 63 - static_cast<std::uint32_t>(std::countl_zero(p));
}

// The remainder of a / p over GF(2); p != 0.
std::uint64_t gf2_mod(std::uint64_t a, std::uint64_t p) {
  const std::uint32_t n = degree_of(p);
  while (a != 0 && degree_of(a) >= n) a ^= p << (degree_of(a) - n);
  return a;
}

// Trial division by every polynomial of degree 1..n/2: cheap for n <= 16.
bool irreducible(std::uint64_t p) {
  const std::uint32_t n = degree_of(p);
  for (std::uint64_t q = 2; degree_of(q) <= n / 2; ++q) {
    if (gf2_mod(p, q) == 0) return false;
  }
  return n >= 1;
}

class IpolySetIndex final : public SetIndexFunction {
 public:
  IpolySetIndex(const ConfigNode& params, const Context& context)
      : line_shift_(static_cast<std::uint32_t>(std::countr_zero(context.line))) {
    if (!std::has_single_bit(context.sets) || context.sets > (1u << kMaxDegree)) {
      throw params.error("ipoly needs a power-of-two number of sets up to 65536, got " +
                         std::to_string(context.sets));
    }
    const auto degree = static_cast<std::uint32_t>(std::countr_zero(context.sets));
    if (degree == 0) return;  // one set: nothing to hash
    const std::uint64_t polynomial = read_polynomial(params, degree);
    auto hashed = static_cast<std::uint32_t>(params.at("hashed_bits").as_uint());
    if (hashed == 0) hashed = gpgpusim_hashed_bits(degree);
    hashed = std::min(hashed, 64 - line_shift_);
    // Row k of the hash matrix: the line-address bits whose x^i mod P has coefficient k.
    set_bit_masks_.assign(degree, 0);
    for (std::uint32_t i = 0; i < hashed; ++i) {
      const std::uint64_t residue = gf2_mod(std::uint64_t{1} << i, polynomial);
      for (std::uint32_t k = 0; k < degree; ++k) {
        if ((residue >> k) & 1) set_bit_masks_[k] |= std::uint64_t{1} << i;
      }
    }
  }

  std::uint32_t set_of(Addr addr) const override {
    const Addr line = addr >> line_shift_;
    std::uint32_t set = 0;
    for (std::size_t k = 0; k < set_bit_masks_.size(); ++k) {
      set |= static_cast<std::uint32_t>(std::popcount(line & set_bit_masks_[k]) & 1) << k;
    }
    return set;
  }

 private:
  static std::uint64_t read_polynomial(const ConfigNode& params, std::uint32_t degree) {
    const ConfigNode& node = params.at("polynomial");
    const std::uint64_t given = node.as_uint();
    if (given == 0) return kDefaultPolynomial[degree];
    if (degree_of(given) != degree || !irreducible(given)) {
      throw node.error("polynomial " + std::to_string(given) +
                       " is not irreducible of degree log2(sets) = " + std::to_string(degree));
    }
    return given;
  }

  std::uint32_t line_shift_;
  std::vector<std::uint64_t> set_bit_masks_;  // per set bit: the line-address bits XORed into it
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    SetIndexFunction, IpolySetIndex, "ipoly",
    "Line address modulo an irreducible polynomial over GF(2) (GPGPU-Sim 'P'); power-of-two sets",
    {{.name = "polynomial",
      .type = ParamType::kUint,
      .description = "P as a number, bit i = coefficient of x^i, of degree log2(sets); 0 picks "
                     "the default (GPGPU-Sim's for 8-256 sets: 11, 19, 37, 67, 131, 283)",
      .default_value = "0",
      .max = 0x1ffff},
     {.name = "hashed_bits",
      .type = ParamType::kUint,
      .description = "Low line-address bits fed to the hash; 0 picks GPGPU-Sim's count (17, 17, "
                     "20, 25, 30, 30 for 8-256 sets) and all bits for other set counts",
      .default_value = "0",
      .max = 64}});

}  // namespace warpsim
