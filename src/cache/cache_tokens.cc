// PCAL's cache tokens in the generic cache (seed 001 §4.3–4.6; docs/timing.md "Cache tokens").
// With tokens.honor, a read of a warp without a token (MemRequest::token false) probes the
// cache and may hit; on a miss it reserves an MSHR (merging as any miss does) but no line, and
// its fill places the line only when the set has an open one (tokens.opportunistic): invalid,
// or present, unreserved and without a token holder's priority. A line gets a priority when a
// token holder places or touches it; tokens.clear says when priorities go again.
//
// Stats (group `tokens` of the cache, with tokens.honor only):
//   token_lookups / token_hits          token holders' accesses that looked up a line, hits
//   tokenless_lookups / tokenless_hits  the same for token-less reads
//   tokenless_misses                    token-less reads that sent a fetch
//   opportunistic_fills                 token-less fills that placed their line
//   unplaced_fills                      fills that placed no line (no open line in the set)
//   clears                              times every priority was cleared (kernel_end, periodic)
//   token_hit_rate / tokenless_hit_rate hits / lookups of each class

#include "cache/cache_impl.h"

namespace warpsim {

TokenCounters::TokenCounters(StatGroup& g)
    : token_lookups(g.counter("token_lookups", "requests",
                              "accesses of token holders that looked up a line")),
      token_hits(g.counter("token_hits", "requests", "hits of token holders")),
      tokenless_lookups(
          g.counter("tokenless_lookups", "requests", "token-less reads that looked up a line")),
      tokenless_hits(g.counter("tokenless_hits", "requests", "token-less hits")),
      tokenless_misses(
          g.counter("tokenless_misses", "requests", "token-less reads that sent a fetch")),
      opportunistic_fills(
          g.counter("opportunistic_fills", "replies", "token-less fills that placed their line")),
      unplaced_fills(
          g.counter("unplaced_fills", "replies", "token-less fills that found no open line")),
      clears(g.counter("clears", "events", "times every line's priority was cleared")) {
  g.formula("token_hit_rate", "ratio", "token_hits / token_lookups", [](const GroupValues& v) {
    return v["token_lookups"] == 0 ? 0.0 : v["token_hits"] / v["token_lookups"];
  });
  g.formula("tokenless_hit_rate", "ratio", "tokenless_hits / tokenless_lookups",
            [](const GroupValues& v) {
              return v["tokenless_lookups"] == 0 ? 0.0
                                                 : v["tokenless_hits"] / v["tokenless_lookups"];
            });
}

void Cache::Impl::note_token_use(std::size_t index, const AccessInfo& info) {
  lines.priority[index] = 1;
  if (info.warp_id < 64) lines.owners[index] |= std::uint64_t{1} << info.warp_id;
  lines.last_owner[index] = info.warp_id;
}

std::uint32_t Cache::Impl::place_opportunistic(std::uint32_t set, Addr line,
                                               const AccessInfo& info) {
  if (!config.tokens.opportunistic) return CacheLines::kNoWay;
  if (lines.first_invalid(set) != CacheLines::kNoWay) return place_line(set, line, info);
  const WayMask open = lines.open(set);
  if (open.empty()) return CacheLines::kNoWay;
  return place_line(set, line, info, open);
}

void Cache::Impl::clear_tokens() {
  std::fill(lines.priority.begin(), lines.priority.end(), 0);
  std::fill(lines.owners.begin(), lines.owners.end(), 0);
  counters.tokens->clears.inc();
}

// The SM reports warp ends by slot; slots above 63 have no owner bit and are never owners.
void Cache::Impl::on_warp_end(std::uint32_t warp) {
  const TokenClear rule = config.tokens.clear;
  if (rule != TokenClear::kAllOwnersEnd && rule != TokenClear::kLastOwnerEnd) return;
  if (warp >= 64) return;
  const std::uint64_t bit = std::uint64_t{1} << warp;
  for (std::size_t i = 0; i < lines.priority.size(); ++i) {
    if (lines.priority[i] == 0 || (lines.owners[i] & bit) == 0) continue;
    lines.owners[i] &= ~bit;
    const bool ended =
        rule == TokenClear::kAllOwnersEnd ? lines.owners[i] == 0 : lines.last_owner[i] == warp;
    if (ended) {
      lines.priority[i] = 0;
      lines.owners[i] = 0;
    }
  }
}

void Cache::Impl::clear_periodically() {
  if (now < next_clear) return;
  const std::uint64_t period = config.tokens.clear_period;
  next_clear = (now / period + 1) * period;
  clear_tokens();
}

}  // namespace warpsim
