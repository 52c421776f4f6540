#include "place/source_edit.h"

#include <algorithm>

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <fmt/format.h>

namespace warpsim::place {

void SourceEdit::replace(const clang::SourceRange& range, std::string text) {
  const auto [begin, end] = source_.offsets(range);
  replace_offsets(begin, end, std::move(text));
}

void SourceEdit::replace_offsets(unsigned begin, unsigned end, std::string text) {
  edits_.push_back({begin, end, std::move(text)});
}

void SourceEdit::insert(unsigned offset, std::string text) {
  edits_.push_back({offset, offset, std::move(text)});
}

std::string SourceEdit::apply() const {
  std::vector<Edit> edits = edits_;
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  const std::string& text = source_.text();
  std::string out;
  unsigned at = 0;
  for (const Edit& e : edits) {
    if (e.begin < at) {
      throw PlaceError(fmt::format("{}: two rewrites overlap at byte {}", source_.path(), e.begin));
    }
    out.append(text, at, e.begin - at);
    out += e.text;
    at = e.end;
  }
  out.append(text, at, std::string::npos);
  return out;
}

unsigned kernel_start_offset(const ParsedSource& source, const clang::FunctionDecl& kernel) {
  clang::SourceRange range = kernel.getSourceRange();
  if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(kernel.getDeclContext())) {
    range = linkage->getSourceRange();
  }
  unsigned offset = source.offsets(clang::SourceRange(range.getBegin(), range.getBegin())).first;
  const std::string& text = source.text();
  while (offset > 0 && text[offset - 1] != '\n') --offset;
  return offset;
}

}  // namespace warpsim::place
