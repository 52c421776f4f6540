#pragma once

// Text edits on a parsed source, applied together: replacements of source ranges as written and
// insertions at byte offsets. Overlapping replacements are a PlaceError (a rewrite that would
// change the same code twice).

#include <string>
#include <vector>

#include "place/cuda_source.h"

namespace clang {
class FunctionDecl;
}

namespace warpsim::place {

class SourceEdit {
 public:
  explicit SourceEdit(const ParsedSource& source) : source_(source) {}
  void replace(const clang::SourceRange& range, std::string text);
  void replace_offsets(unsigned begin, unsigned end, std::string text);
  void insert(unsigned offset, std::string text);
  // The source text with every edit made.
  std::string apply() const;

 private:
  struct Edit {
    unsigned begin = 0, end = 0;
    std::string text;
  };
  const ParsedSource& source_;
  std::vector<Edit> edits_;
};

// The offset of the start of the line where the kernel's declaration (with its extern "C") begins.
unsigned kernel_start_offset(const ParsedSource& source, const clang::FunctionDecl& kernel);

}  // namespace warpsim::place
