// Tree pseudo-LRU: a binary tree of ways-1 bits per set; each bit points to the half of its
// subtree that holds the pseudo-least-recently-used line. A use points every bit on the line's
// path away from it; the victim is found by following the bits from the root (Handy, "The Cache
// Memory Book", 1998; gem5's TreePLRURP; Al-Zoubi et al., "Performance evaluation of cache
// replacement policies for the SPEC CPU2000 benchmark suite", ACM-SE 2004).

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// Nodes are numbered as a heap: the root is 1, node n has children 2n (ways of the lower half)
// and 2n+1 (upper half), and way w is leaf ways+w. A set's tree is one word, bit n for node n
// (1..ways-1 <= 63); a set bit points to the upper half.
class TreePlruReplacement final : public ReplacementPolicy {
 public:
  TreePlruReplacement(const ConfigNode& params, const Context& context)
      : ways_((check_context(context), context.ways)), trees_(context.sets, 0) {
    if (!std::has_single_bit(ways_)) {
      throw params.error("tree_plru needs a power-of-two number of ways (1, 2, 4, ... 64), got " +
                         std::to_string(ways_));
    }
  }

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    point(set, way, /*toward=*/false);
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    point(set, way, /*toward=*/false);
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    point(set, way, /*toward=*/true);
  }
  void demote(std::uint32_t set, std::uint32_t way) override { point(set, way, /*toward=*/true); }

  // Follows the bits from the root; where the half a bit points to holds no candidate (its lines
  // are locked by pending misses, or the set has fewer ways), takes the other half.
  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    const std::uint64_t tree = trees_[set];
    std::uint32_t node = 1;
    std::uint32_t first = 0;  // the lowest way under `node`
    std::uint32_t span = ways_;
    while (span > 1) {
      span /= 2;
      const bool upper_has = (candidates.bits() & way_range(first + span, span)) != 0;
      const bool lower_has = (candidates.bits() & way_range(first, span)) != 0;
      bool upper = (tree >> node) & 1;
      if (upper && !upper_has) upper = false;
      if (!upper && !lower_has) upper = true;
      node = 2 * node + (upper ? 1 : 0);
      if (upper) first += span;
    }
    return first;
  }

 private:
  static std::uint64_t way_range(std::uint32_t first, std::uint32_t count) {
    const std::uint64_t ones = count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    return ones << first;
  }

  // Sets every bit on the path from the root to `way` to point toward it (making it the next
  // victim) or away from it (making it the most recently used).
  void point(std::uint32_t set, std::uint32_t way, bool toward) {
    std::uint64_t& tree = trees_[set];
    for (std::uint32_t node = ways_ + way; node > 1; node /= 2) {
      const std::uint32_t parent = node / 2;
      const bool is_upper = (node & 1) != 0;
      const std::uint64_t bit = std::uint64_t{1} << parent;
      if (is_upper == toward) {
        tree |= bit;
      } else {
        tree &= ~bit;
      }
    }
  }

  std::uint32_t ways_;
  std::vector<std::uint64_t> trees_;  // per set
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, TreePlruReplacement, "tree_plru",
                        "Tree pseudo-LRU: one bit per tree node points to the older half; "
                        "power-of-two ways",
                        {});

}  // namespace warpsim
