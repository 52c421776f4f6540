#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "cache/access_info.h"
#include "cache/replacement/replacement_group.h"

namespace warpsim {

inline constexpr std::uint32_t kMaxWays = 64;

// A set of ways within one cache set, as a 64-bit mask. Iterating yields way numbers in
// increasing order, so policies that break ties by "first candidate" are deterministic.
class WayMask {
 public:
  class Iterator {
   public:
    constexpr explicit Iterator(std::uint64_t bits) : bits_(bits) {}
    constexpr std::uint32_t operator*() const {
      return static_cast<std::uint32_t>(std::countr_zero(bits_));
    }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator==(const Iterator&) const = default;

   private:
    std::uint64_t bits_;
  };

  constexpr WayMask() = default;
  constexpr explicit WayMask(std::uint64_t bits) : bits_(bits) {}
  // Ways 0..ways-1.
  static constexpr WayMask all(std::uint32_t ways) {
    return WayMask(ways >= kMaxWays ? ~std::uint64_t{0} : (std::uint64_t{1} << ways) - 1);
  }

  constexpr bool test(std::uint32_t way) const { return (bits_ >> way) & 1; }
  constexpr void set(std::uint32_t way) { bits_ |= std::uint64_t{1} << way; }
  constexpr void reset(std::uint32_t way) { bits_ &= ~(std::uint64_t{1} << way); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint32_t count() const { return static_cast<std::uint32_t>(std::popcount(bits_)); }
  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool operator==(const WayMask&) const = default;

  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint64_t bits_ = 0;
};

// Chooses which line of a set to evict (after gem5's small replacement interface).
//
// Contract:
// - The policy owns only its own metadata, kept in flat arrays indexed set * ways + way; it
//   never sees tags or data, and each call costs O(ways).
// - on_fill(set, way) is called after a line is placed in `way` (including a way freed by an
//   eviction); on_hit(set, way) on every hit; on_invalidate(set, way) when a line is removed
//   for any reason other than an eviction this policy chose (flush, coherence, bypass undo).
// - select_victim() is called only when the set has no invalid way: the cache fills invalid
//   ways itself. `candidates` is non-empty and holds the valid ways that may be evicted (lines
//   locked by pending misses are excluded). The result must be one of them. The cache then
//   evicts that line and calls on_fill for the new one; it does not call on_invalidate.
// - demote(set, way) is called by the cache right after on_fill when the insertion policy
//   (LIP, BIP) asks for the new line to enter at the eviction end. LRU, FIFO, tree-PLRU and the
//   random policies make that line the next select_victim() of its set while it is a candidate
//   (a later demote in the set wins over an earlier one; a hit undoes it where the policy
//   reacts to hits). SRRIP/BRRIP give it the distant re-reference prediction instead, which
//   ties with other distant lines (the lowest way goes first). The default does nothing.
// - Given the same sequence of calls (and the same seed), a policy returns the same victims.
class ReplacementPolicy {
 public:
  static constexpr const char* kKind = "replacement";

  struct Context {
    std::uint32_t sets = 0;
    std::uint32_t ways = 0;  // 1..kMaxWays
    std::uint64_t seed = 0;  // per-cache seed, so identical caches need not behave identically
    std::uint32_t line = 0;  // line size in bytes where the owner is a cache (0: not given)
  };

  virtual ~ReplacementPolicy() = default;

  virtual void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& access) = 0;
  virtual void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& access) = 0;
  virtual void on_invalidate(std::uint32_t /*set*/, std::uint32_t /*way*/) {}
  // After every lookup of `set` (a hit, a merge into a pending miss, a miss), once the lookup's
  // on_hit or on_fill has run: policies that count a set's accesses (RPR) hear of all of them.
  virtual void on_access(std::uint32_t /*set*/, const AccessInfo& /*access*/) {}
  // Makes the line in `way` the first candidate for eviction in its set (see the contract).
  virtual void demote(std::uint32_t /*set*/, std::uint32_t /*way*/) {}
  virtual std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                                      const AccessInfo& access) = 0;
  // Policies that read AccessInfo::window (AgeLRU) say so; the cache fills it in only then.
  virtual bool wants_warp_window() const { return false; }
  // Asked before a read miss would evict one of `candidates` (the set has no invalid way): true
  // if the policy would rather not place the line at all (AgeLRU's bypass). The miss then
  // reserves an MSHR but no line, and its fill places none, as a token-less read's.
  virtual bool bypass_instead(std::uint32_t /*set*/, WayMask /*candidates*/,
                              const AccessInfo& /*access*/) {
    return false;
  }
  // False when bypass_instead() always answers false, so the cache need not gather its
  // candidates; fixed for the policy's life.
  virtual bool may_bypass() const { return false; }
  // Dynamic controllers (Dynamic-AgeLRU's vote) switch a policy to its fallback, plain LRU,
  // and back; the policy keeps its metadata up to date either way. Returns whether the policy
  // has a fallback (the default has none and ignores the call).
  virtual bool set_fallback(bool /*on*/) { return false; }
  // The cache belongs to `group` as member `member` (replacement_group.h); a policy that
  // shares state across caches (RPR's predictor) takes it from there. Without a call the
  // policy is on its own.
  virtual void join(ReplacementGroup& /*group*/, std::uint32_t /*member*/) {}

 protected:
  // Policies call this from their constructor: a geometry outside the mask's range would
  // otherwise turn into out-of-bounds metadata accesses.
  static void check_context(const Context& context) {
    if (context.sets == 0 || context.ways == 0 || context.ways > kMaxWays) {
      throw std::invalid_argument("replacement policy needs sets >= 1 and 1..64 ways, got " +
                                  std::to_string(context.sets) + " sets x " +
                                  std::to_string(context.ways) + " ways");
    }
  }
  static std::size_t line_index(const Context& context, std::uint32_t set, std::uint32_t way) {
    return static_cast<std::size_t>(set) * context.ways + way;
  }
  // The candidate with the smallest per-line stamp (fill order, last use, ...); ties go to
  // the lowest way. `stamps` is indexed like line_index().
  static std::uint32_t smallest_stamp(const Context& context,
                                      const std::vector<std::uint64_t>& stamps, std::uint32_t set,
                                      WayMask candidates) {
    std::uint32_t victim = *candidates.begin();
    std::uint64_t smallest = std::numeric_limits<std::uint64_t>::max();
    for (std::uint32_t way : candidates) {
      const std::uint64_t stamp = stamps[line_index(context, set, way)];
      if (stamp < smallest) {
        smallest = stamp;
        victim = way;
      }
    }
    return victim;
  }
};

}  // namespace warpsim
