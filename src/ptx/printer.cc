#include "ptx/printer.h"

#include "ptx/printer_impl.h"

namespace warpsim::ptx {
namespace detail {

std::string Printer::module_text() {
  header();
  for (const ModuleEntry& entry : module_.layout) {
    switch (entry.kind) {
      case ModuleEntry::Kind::kVariable:
        variable(module_.globals[entry.index], nullptr);
        out_ += ";\n";
        break;
      case ModuleEntry::Kind::kFuncDecl:
      case ModuleEntry::Kind::kFuncDef:
        function(module_.functions[entry.index], entry.kind == ModuleEntry::Kind::kFuncDef,
                 entry.linkage);
        break;
      case ModuleEntry::Kind::kFile:
        file(module_.files[entry.index]);
        break;
      case ModuleEntry::Kind::kSection:
        section(module_.sections[entry.index]);
        break;
      case ModuleEntry::Kind::kPragma:
        out_ += ".pragma \"" + module_.pragmas[entry.index] + "\";\n";
        break;
    }
  }
  return std::move(out_);
}

void Printer::header() {
  if (module_.version_major != 0 || module_.version_minor != 0) {
    out_ += ".version " + std::to_string(module_.version_major) + "." +
            std::to_string(module_.version_minor) + "\n";
  }
  if (!module_.target.empty()) {
    out_ += ".target ";
    for (std::size_t i = 0; i < module_.target.size(); ++i) {
      out_ += (i ? ", " : "") + module_.target[i];
    }
    out_ += "\n";
  }
  if (module_.address_size != 0)
    out_ += ".address_size " + std::to_string(module_.address_size) + "\n";
  out_ += "\n";
}

void Printer::variable(const Variable& var, const Function* fn) {
  if (var.linkage != Linkage::kNone) out_ += "." + std::string(linkage_name(var.linkage)) + " ";
  out_ += "." + std::string(space_name(var.space));
  if (var.managed) out_ += " .attribute(.managed)";
  if (var.align != 0) out_ += " .align " + std::to_string(var.align);
  if (var.vec > 1) out_ += " .v" + std::to_string(var.vec);
  out_ += " ." + std::string(type_name(var.type));
  if (var.is_ptr) {
    out_ += " .ptr";
    if (var.ptr_space != StateSpace::kGeneric)
      out_ += " ." + std::string(space_name(var.ptr_space));
    if (var.ptr_align != 0) out_ += " .align " + std::to_string(var.ptr_align);
  }
  out_ += " " + var.name;
  for (std::uint64_t dim : var.dims) out_ += dim ? "[" + std::to_string(dim) + "]" : "[]";
  if (!var.init.empty()) {
    out_ += " = ";
    initializer(var.init, fn);
  }
}

void Printer::initializer(const std::vector<InitItem>& items, const Function* fn) {
  bool after_value = false;
  for (const InitItem& item : items) {
    if (item.kind != InitItem::Kind::kClose && after_value) out_ += ", ";
    switch (item.kind) {
      case InitItem::Kind::kOpen:
        out_ += "{";
        after_value = false;
        continue;
      case InitItem::Kind::kClose:
        out_ += "}";
        break;
      case InitItem::Kind::kValue:
        immediate(item.bits, item.imm_kind);
        break;
      case InitItem::Kind::kSymbol:
        symbol(fn, item.symbol);
        offset(item.offset, false);
        break;
      case InitItem::Kind::kGeneric:
        out_ += "generic(";
        symbol(fn, item.symbol);
        out_ += ")";
        offset(item.offset, false);
        break;
    }
    after_value = true;
  }
}

void Printer::function(const Function& fn, bool definition, Linkage linkage) {
  if (!out_.ends_with("\n\n")) out_ += "\n";
  if (linkage != Linkage::kNone) out_ += "." + std::string(linkage_name(linkage)) + " ";
  out_ += fn.is_entry ? ".entry " : ".func ";
  if (!fn.is_entry && !fn.rets.empty()) {
    param_list(fn.rets, false);
    out_ += " ";
  }
  out_ += fn.name;
  param_list(fn.params, true);
  if (fn.noreturn) out_ += " .noreturn";
  out_ += "\n";
  if (definition || !fn.has_body) perf(fn.perf);
  if (!definition) {
    out_ += ";\n\n";
    return;
  }
  out_ += "{\n";
  body(fn);
  out_ += "}\n\n";
}

void Printer::param_list(const std::vector<Variable>& params, bool multiline) {
  out_ += "(";
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i) out_ += ",";
    out_ += multiline ? "\n\t" : (i ? " " : "");
    variable(params[i], nullptr);
  }
  out_ += multiline && !params.empty() ? "\n)" : ")";
}

void Printer::perf(const PerfDirectives& perf) {
  auto dims = [&](const char* name, const std::vector<std::uint32_t>& values) {
    if (values.empty()) return;
    out_ += name;
    for (std::size_t i = 0; i < values.size(); ++i) {
      out_ += (i ? ", " : " ") + std::to_string(values[i]);
    }
    out_ += "\n";
  };
  auto scalar = [&](const char* name, const std::optional<std::uint32_t>& value) {
    if (value) out_ += std::string(name) + " " + std::to_string(*value) + "\n";
  };
  dims(".maxntid", perf.maxntid);
  dims(".reqntid", perf.reqntid);
  scalar(".minnctapersm", perf.minnctapersm);
  scalar(".maxnreg", perf.maxnreg);
  scalar(".maxclusterrank", perf.maxclusterrank);
  dims(".reqnctapercluster", perf.reqnctapercluster);
  if (perf.explicitcluster) out_ += ".explicitcluster\n";
}

void Printer::body(const Function& fn) {
  for (std::size_t i = 0; i < fn.body.size(); ++i) {
    const BodyEntry& entry = fn.body[i];
    switch (entry.kind) {
      case BodyEntry::Kind::kInst:
        instruction(fn, fn.insts[entry.index]);
        break;
      case BodyEntry::Kind::kLoc:
        debug_loc(fn.locs[entry.index]);
        break;
      case BodyEntry::Kind::kLabel:
        out_ += fn.labels[entry.index].name + ":\n";
        break;
      case BodyEntry::Kind::kRegDecl:
        reg_decls(fn, i);
        break;
      case BodyEntry::Kind::kVariable:
        out_ += "\t";
        variable(fn.vars[entry.index], &fn);
        out_ += ";\n";
        break;
      case BodyEntry::Kind::kPrototype: {
        const Prototype& proto = fn.prototypes[entry.index];
        out_ += "\t" + proto.name + ": .callprototype ";
        if (!proto.rets.empty()) {
          param_list(proto.rets, false);
          out_ += " ";
        }
        out_ += "_ ";
        param_list(proto.params, false);
        out_ += proto.noreturn ? " .noreturn;\n" : ";\n";
        break;
      }
      case BodyEntry::Kind::kPragma:
        out_ += "\t.pragma \"" + fn.pragmas[entry.index] + "\";\n";
        break;
      case BodyEntry::Kind::kOpenScope:
        out_ += "\t{\n";
        break;
      case BodyEntry::Kind::kCloseScope:
        out_ += "\t}\n";
        break;
    }
  }
}

// One `.reg` statement: this entry plus the following ones marked `continues`.
void Printer::reg_decls(const Function& fn, std::size_t& i) {
  const RegDecl& first = fn.reg_decls[fn.body[i].index];
  out_ += "\t.reg ";
  if (first.vec > 1) out_ += ".v" + std::to_string(first.vec) + " ";
  out_ += "." + std::string(type_name(first.type)) + " ";
  while (true) {
    const RegDecl& decl = fn.reg_decls[fn.body[i].index];
    out_ += decl.name;
    if (decl.range) out_ += "<" + std::to_string(decl.count) + ">";
    bool more = i + 1 < fn.body.size() && fn.body[i + 1].kind == BodyEntry::Kind::kRegDecl &&
                fn.body[i + 1].continues;
    if (!more) break;
    out_ += ", ";
    ++i;
  }
  out_ += ";\n";
}

void Printer::debug_loc(const DebugLoc& loc) {
  out_ += "\t.loc\t" + std::to_string(loc.file) + " " + std::to_string(loc.line) + " " +
          std::to_string(loc.col);
  if (loc.function_name != 0 && loc.function_name <= module_.debug_names.size()) {
    out_ += ", function_name " + module_.debug_names[loc.function_name - 1];
    offset(loc.function_name_offset, false);
    out_ += ", inlined_at " + std::to_string(loc.inlined_file) + " " +
            std::to_string(loc.inlined_line) + " " + std::to_string(loc.inlined_col);
  }
  out_ += "\n";
}

void Printer::section(const DebugSection& section) {
  out_ += "\t.section\t" + section.name + "\n\t{\n";
  for (const SectionItem& item : section.items) {
    if (!item.label.empty()) {
      out_ += item.label + ":\n";
      continue;
    }
    out_ += "." + std::string(type_name(item.type)) + " ";
    for (std::size_t i = 0; i < item.values.size(); ++i) out_ += (i ? "," : "") + item.values[i];
    out_ += "\n";
  }
  out_ += "\t}\n";
}

void Printer::file(const SourceFile& file) {
  out_ += "\t.file\t" + std::to_string(file.index) + " \"" + file.path + "\"";
  if (file.has_info)
    out_ += ", " + std::to_string(file.timestamp) + ", " + std::to_string(file.size);
  out_ += "\n";
}

}  // namespace detail

std::string print_ptx(const Module& module) { return detail::Printer(module).module_text(); }

std::string print_ptx(const Module& module, ExtensionForm extensions) {
  return detail::Printer(module, extensions == ExtensionForm::kPtxasCompatible).module_text();
}

std::string print_instruction(const Module& module, const Function& function,
                              const Instruction& inst) {
  return detail::Printer(module).instruction_text(function, inst);
}

}  // namespace warpsim::ptx
