#pragma once

namespace warpsim {

// Peak resident set size of this process so far, in MiB.
double peak_rss_mb();

}  // namespace warpsim
