#pragma once

// A CUDA source file parsed by Clang for the data-placement compiler: device-side only, with
// warpsim's prelude (cuda_prelude.h) in place of the CUDA headers, so that no CUDA toolkit is
// needed to analyse or rewrite a kernel. The AST lives as long as the ParsedSource.
//
//   ParsedSource src = parse_cuda(text, "/path/to/kernel.cu");
//   const clang::FunctionDecl* k = src.kernel("mm_shared_kernel");

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
class ASTContext;
class FunctionDecl;
class SourceManager;
class Stmt;
class SourceRange;
}  // namespace clang

namespace warpsim::place {

// A source the placement compiler cannot handle: `what` names the file and line where it can.
class PlaceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ParsedSource {
 public:
  ParsedSource(std::unique_ptr<clang::ASTUnit> unit, std::string text, std::string path);
  ~ParsedSource();
  ParsedSource(ParsedSource&&) noexcept;

  // The __global__ function `name` (its definition); PlaceError when there is none.
  const clang::FunctionDecl& kernel(const std::string& name) const;
  // The names of every kernel defined in the main file, in source order.
  std::vector<std::string> kernel_names() const;

  clang::ASTContext& context() const;
  const clang::SourceManager& sources() const;
  const std::string& text() const { return text_; }
  const std::string& path() const { return path_; }

  // "FILE:LINE" of a statement or declaration's start, for messages.
  std::string where(const clang::SourceRange& range) const;
  // Byte offsets in text() of a range as written (macro uses as their expansion range);
  // PlaceError when the range is not in the main file.
  std::pair<unsigned, unsigned> offsets(const clang::SourceRange& range) const;
  // The source text of a range as written.
  std::string spelling(const clang::SourceRange& range) const;

 private:
  std::unique_ptr<clang::ASTUnit> unit_;
  std::string text_;
  std::string path_;
};

// Parses `text` as the CUDA file `path` (its folder is on the include path). Throws PlaceError
// with Clang's first error (file:line: message) when the source does not compile.
ParsedSource parse_cuda(const std::string& text, const std::string& path);

}  // namespace warpsim::place
