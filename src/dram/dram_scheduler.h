#pragma once

// A DRAM channel's scheduling policy: which queued request's next command issues this cycle.
// The channel works out, for every queued request, the one command it needs next (PRE if
// another row is open in its bank, ACT if the bank is closed, else RD or WR) and whether the
// timing constraints and the command bus let that command issue now; the policy picks one of
// the ready ones, or none. Refresh is the channel's own business and never reaches the policy.
//
// Contract:
// - pick() returns the index of a candidate with `ready` set, or kNone. Its answer must depend
//   only on the candidates it is given and on the calls to on_issue() it has received, and it
//   must not change the policy's state: with idle skipping the channel calls it only when some
//   candidate's fields or readiness changed, and with --no-skip on every cycle, and both must
//   give the same schedule (skip ≡ no-skip).
// - on_issue(candidate) follows every command the channel issues for a request the policy
//   picked, in issue order.
// - Candidates are in arrival order (oldest first); `age` is unique and grows with arrival.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace warpsim {

enum class DramCommand : std::uint8_t { kActivate, kPrecharge, kRead, kWrite };

// What a policy may know about one queued request this cycle.
struct DramCandidate {
  std::uint64_t age = 0;  // arrival order in the channel: smaller is older
  std::uint32_t bank = 0;
  std::uint32_t bank_group = 0;
  DramCommand command = DramCommand::kActivate;  // the command it needs next
  bool ready = false;                            // that command may issue this cycle
  bool row_hit = false;         // its row is open in its bank (command is RD or WR)
  bool oldest_in_bank = false;  // no older queued request targets the same bank
  bool bank_has_hits = false;   // some queued request hits the row open in this bank
  bool write = false;
};

class DramScheduler {
 public:
  static constexpr const char* kKind = "dram_scheduler";
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  struct Context {
    std::uint32_t banks = 1;  // per channel
    std::uint32_t queue = 1;  // most candidates a pick() will see
  };

  virtual ~DramScheduler() = default;

  virtual std::size_t pick(std::span<const DramCandidate> candidates) const = 0;
  virtual void on_issue(const DramCandidate& /*candidate*/) {}
};

}  // namespace warpsim
