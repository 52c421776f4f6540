#include "place/cuda_source.h"

#include <filesystem>
#include <utility>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/Tooling.h>
#include <fmt/format.h>

#include "place/cuda_prelude.h"

namespace warpsim::place {

namespace fs = std::filesystem;

ParsedSource::ParsedSource(std::unique_ptr<clang::ASTUnit> unit, std::string text, std::string path)
    : unit_(std::move(unit)), text_(std::move(text)), path_(std::move(path)) {}
ParsedSource::~ParsedSource() = default;
ParsedSource::ParsedSource(ParsedSource&&) noexcept = default;

clang::ASTContext& ParsedSource::context() const { return unit_->getASTContext(); }
const clang::SourceManager& ParsedSource::sources() const { return unit_->getSourceManager(); }

namespace {

bool is_kernel_definition(const clang::FunctionDecl* fn, const clang::SourceManager& sm) {
  return fn != nullptr && fn->hasAttr<clang::CUDAGlobalAttr>() &&
         fn->doesThisDeclarationHaveABody() &&
         sm.isInMainFile(sm.getExpansionLoc(fn->getBeginLoc()));
}

// The kernels defined in the main file, in source order (at file scope or in extern "C").
std::vector<const clang::FunctionDecl*> kernels(const clang::ASTContext& ctx,
                                                const clang::SourceManager& sm) {
  std::vector<const clang::FunctionDecl*> found;
  auto visit = [&](const clang::Decl* decl) {
    const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (is_kernel_definition(fn, sm)) found.push_back(fn);
  };
  for (const clang::Decl* decl : ctx.getTranslationUnitDecl()->decls()) {
    if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
      for (const clang::Decl* inner : linkage->decls()) visit(inner);
    } else {
      visit(decl);
    }
  }
  return found;
}

}  // namespace

const clang::FunctionDecl& ParsedSource::kernel(const std::string& name) const {
  for (const clang::FunctionDecl* fn : kernels(context(), sources())) {
    if (fn->getNameAsString() == name) return *fn;
  }
  std::string known;
  for (const std::string& k : kernel_names()) known += (known.empty() ? "" : ", ") + k;
  throw PlaceError(
      fmt::format("{}: no kernel '{}' (kernels: {})", path_, name, known.empty() ? "none" : known));
}

std::vector<std::string> ParsedSource::kernel_names() const {
  std::vector<std::string> names;
  for (const clang::FunctionDecl* fn : kernels(context(), sources())) {
    names.push_back(fn->getNameAsString());
  }
  return names;
}

std::string ParsedSource::where(const clang::SourceRange& range) const {
  const clang::SourceManager& sm = sources();
  const clang::PresumedLoc loc = sm.getPresumedLoc(sm.getExpansionLoc(range.getBegin()));
  if (loc.isInvalid()) return path_;
  return fmt::format("{}:{}", path_, loc.getLine());
}

std::pair<unsigned, unsigned> ParsedSource::offsets(const clang::SourceRange& range) const {
  const clang::SourceManager& sm = sources();
  const clang::CharSourceRange chars = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(range), sm, context().getLangOpts());
  if (chars.isInvalid() || !sm.isInMainFile(chars.getBegin()) || !sm.isInMainFile(chars.getEnd())) {
    throw PlaceError(
        fmt::format("{}: code written inside a macro or another file cannot be "
                    "rewritten",
                    where(range)));
  }
  return {sm.getFileOffset(chars.getBegin()), sm.getFileOffset(chars.getEnd())};
}

std::string ParsedSource::spelling(const clang::SourceRange& range) const {
  const auto [begin, end] = offsets(range);
  return text_.substr(begin, end - begin);
}

ParsedSource parse_cuda(const std::string& text, const std::string& path) {
  const fs::path abs = fs::absolute(path);
  const std::vector<std::string> args = {
      "-x",
      "cuda",
      "--cuda-device-only",
      "--cuda-gpu-arch=sm_75",
      "-nocudainc",
      "-nocudalib",
      "-std=c++17",
      "-Wno-unknown-cuda-version",
      "-resource-dir",
      WARPSIM_CLANG_RESOURCE_DIR,
      "-include",
      "warpsim_cuda_prelude.h",
      "-I" + abs.parent_path().string(),
  };
  clang::tooling::FileContentMappings files = {{"warpsim_cuda_prelude.h", cuda_prelude(false)}};
  // Clang's errors are collected, not printed: the first becomes the PlaceError.
  std::string errors;
  llvm::raw_string_ostream error_stream(errors);
  clang::DiagnosticOptions* options = new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter printer(error_stream, options);
  std::unique_ptr<clang::ASTUnit> unit = clang::tooling::buildASTFromCodeWithArgs(
      text, args, abs.string(), "warpsim-place", std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), files, &printer);
  error_stream.flush();
  if (unit == nullptr || unit->getDiagnostics().hasErrorOccurred()) {
    const std::size_t line_end = errors.find('\n');
    throw PlaceError(fmt::format("{}: the source does not compile: {}", path,
                                 errors.empty() ? "no diagnostics" : errors.substr(0, line_end)));
  }
  return ParsedSource(std::move(unit), text, path);
}

}  // namespace warpsim::place
