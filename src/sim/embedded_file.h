#pragma once

// A file compiled into the binary by cmake/embed_files.cmake (the committed PTX of the workloads
// and of the microbenchmarks).

#include <span>
#include <string_view>

namespace warpsim {

struct EmbeddedFile {
  std::string_view key;   // the file name without the prefix and suffix it was selected by
  std::string_view text;  // its contents
};

}  // namespace warpsim
