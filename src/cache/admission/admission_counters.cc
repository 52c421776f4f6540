// The counters of an admission policy (admission_policy.h), registered in the cache's
// `admission` group.

#include "cache/admission/admission_policy.h"

namespace warpsim {

AdmissionCounters::AdmissionCounters(StatGroup& s)
    : checks(s.counter("checks", "requests",
                       "read misses with nothing pending that the admission policy decided")),
      admitted(s.counter("admitted", "requests", "checks given a line")),
      filtered(s.counter("filtered", "requests", "checks sent on without a line (bypassed)")),
      off_checks(s.counter("off_checks", "requests",
                           "checks while the policy was switched off (SM dueling): admitted")),
      tag_misses(s.counter("tag_misses", "requests", "reads whose block had no tag entry")),
      tag_evictions(s.counter("tag_evictions", "entries", "valid tag entries replaced")),
      agings(s.counter("agings", "events", "set-wide reference-count decrements")),
      resets(s.counter("resets", "entries", "tag entries whose data line left (count reset)")) {}

}  // namespace warpsim
