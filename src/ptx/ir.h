#pragma once

// The decoded form of a PTX module. Everything an executor needs is resolved at parse time:
// opcodes and modifiers are small enums, registers are indices into the function's register
// table, symbols are (scope, index) pairs, branch targets are label ids whose instruction index
// is known, and immediates are 64-bit bit patterns. Names are kept only for printing and
// messages.
//
// Contract: a Module produced by parse_ptx() satisfies verify(); indices stored in operands are
// valid for the owning Function/Module. Equality (operator==) compares content and ignores
// source positions (SourceLoc) and the module's file name, so parse(print(m)) == m.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ptx/modifiers.h"
#include "ptx/opcodes.h"
#include "ptx/special_regs.h"
#include "ptx/types.h"

namespace warpsim::ptx {

inline constexpr std::uint32_t kNoIndex = 0xffffffffU;

// 1-based position in the PTX text; 0 when unknown (IR built by code).
struct SourceLoc {
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  bool operator==(const SourceLoc&) const = default;
};

// A `.loc` directive; on an instruction, the most recent one before it (its CUDA source line).
struct DebugLoc {
  bool valid = false;
  std::uint32_t file = 0;  // a `.file` index
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  // `, function_name L+off, inlined_at f l c`: 1 + index into Module::debug_names, or 0.
  std::uint32_t function_name = 0;
  std::int64_t function_name_offset = 0;
  std::uint32_t inlined_file = 0;
  std::uint32_t inlined_line = 0;
  std::uint32_t inlined_col = 0;
  bool operator==(const DebugLoc&) const = default;
};

// How an immediate was written; the bit pattern is exact for that kind (an f64 literal holds
// IEEE double bits even when the instruction is .f32 — see immediate_bits()).
enum class ImmKind : std::uint8_t { kInt, kUnsigned, kF32, kF64 };

enum class SymbolScope : std::uint8_t {
  kNone,
  kGlobal,    // Module::globals
  kLocal,     // Function::vars (declared in the body)
  kParam,     // Function::params
  kRet,       // Function::rets
  kFunction,  // Module::functions
};

struct SymbolRef {
  SymbolScope scope = SymbolScope::kNone;
  std::uint32_t index = kNoIndex;
  bool operator==(const SymbolRef&) const = default;
};

enum class OperandKind : std::uint8_t {
  kNone,       // an absent optional slot (e.g. no `|p` on setp)
  kReg,        // reg
  kSreg,       // sreg + component
  kImm,        // imm + imm_kind
  kSymbol,     // symbol + offset: the symbol's address (mov %rd, smem+4; a callee)
  kAddress,    // [reg + offset], [symbol + offset] or [offset]
  kVector,     // {a, b, ...}: elements are Instruction::operands[index, index + count)
  kTuple,      // [a, b, ...] of tex/surf: elements as for kVector
  kLabel,      // index = Function::labels id
  kSink,       // `_`
  kPrototype,  // index = Function::prototypes id (indirect call)
};

struct Operand {
  OperandKind kind = OperandKind::kNone;
  bool negated = false;  // `!%p`
  ImmKind imm_kind = ImmKind::kInt;
  SpecialReg sreg = SpecialReg::kTid;
  std::uint8_t component = 0;  // 0, or 1..4 for .x .y .z .w
  std::uint32_t reg = kNoIndex;
  SymbolRef symbol;
  std::uint32_t index = 0;
  std::uint32_t count = 0;
  std::uint64_t imm = 0;
  std::int64_t offset = 0;

  bool operator==(const Operand&) const = default;

  static Operand none() { return {}; }
  static Operand make_reg(std::uint32_t reg, bool negated = false);
  static Operand make_imm(std::uint64_t bits, ImmKind kind);
  static Operand make_label(std::uint32_t label);
  static Operand make_symbol(SymbolRef symbol, std::int64_t offset = 0);
  static Operand make_reg_address(std::uint32_t reg, std::int64_t offset = 0);
  static Operand make_symbol_address(SymbolRef symbol, std::int64_t offset = 0);
};

struct Instruction {
  Opcode op = Opcode::kInvalid;
  DataType type = DataType::kNone;           // first type suffix: ld/st/atom data, cvt destination
  DataType type2 = DataType::kNone;          // second: cvt/set/tex source, slct selector
  DataType type3 = DataType::kNone;          // third: cvt.pack
  StateSpace space = StateSpace::kGeneric;   // ld/st/atom/cvta/isspacep; cp.async destination
  StateSpace space2 = StateSpace::kGeneric;  // cp.async source
  std::uint8_t vec = 1;                      // .v2/.v4/.v8
  bool guard_negated = false;
  std::uint32_t guard = kNoIndex;  // predicate register of `@p`/`@!p`
  std::uint8_t num_operands = 0;   // operands[0, num_operands) are the written operands
  // Indexed by ModCat (see mod()); types, spaces and the vector width live in the fields above.
  std::array<Mod, kNumModCats> mods{};
  // Written operands, then the elements of any kVector/kTuple operands.
  // call: [0] kVector of return params (maybe empty), [1] callee (kSymbol of a function, or
  // kReg for an indirect call), [2] kVector of arguments, [3] kPrototype when written.
  // Pair destinations (kFlagPairDest): [0] d, [1] p or kNone, then the sources.
  std::vector<Operand> operands;
  SourceLoc loc;
  DebugLoc debug;

  const OpcodeInfo& info() const { return opcode_info(op); }
  Mod mod(ModCat cat) const { return mods[static_cast<std::size_t>(cat)]; }
  bool has(ModCat cat) const { return mod(cat) != Mod::kNone; }
  void set_mod(ModCat cat, Mod value) { mods[static_cast<std::size_t>(cat)] = value; }
  std::span<const Operand> args() const { return {operands.data(), num_operands}; }
  const Operand& arg(unsigned i) const { return operands[i]; }
  std::span<const Operand> elements(const Operand& aggregate) const;
  // For code that builds instructions: appends a written operand (shifting the elements of
  // earlier aggregates), or an aggregate whose elements are copied from `elements` (which must
  // not point into this instruction).
  void add_operand(const Operand& operand);
  void add_aggregate(OperandKind kind, std::span<const Operand> elements);
  bool is_call() const { return op == Opcode::kCall; }

  // Compares everything except `loc`.
  bool operator==(const Instruction& other) const;
};

// One initializer element; braces are kept so nested aggregates print as written.
struct InitItem {
  enum class Kind : std::uint8_t { kOpen, kClose, kValue, kSymbol, kGeneric };
  Kind kind = Kind::kValue;
  ImmKind imm_kind = ImmKind::kInt;  // kValue
  std::uint64_t bits = 0;            // kValue
  SymbolRef symbol;                  // kSymbol, kGeneric: address of (generic(sym))
  std::int64_t offset = 0;           // kSymbol, kGeneric
  bool operator==(const InitItem&) const = default;
};

struct Variable {
  std::string name;
  StateSpace space = StateSpace::kGeneric;
  Linkage linkage = Linkage::kNone;
  DataType type = DataType::kNone;
  std::uint8_t vec = 1;
  std::uint32_t align = 0;          // 0: not given
  std::vector<std::uint64_t> dims;  // array dimensions; 0 for `[]`
  bool is_ptr = false;              // `.ptr` parameter attribute
  StateSpace ptr_space = StateSpace::kGeneric;
  std::uint32_t ptr_align = 0;
  bool managed = false;  // `.attribute(.managed)`: a CUDA __managed__ variable (.global only)
  std::vector<InitItem> init;
  std::uint32_t scope = 0;  // Function::scopes id for body variables
  bool operator==(const Variable&) const = default;

  // Bytes of storage (element size * vec * dims); 0 when a dimension is unsized.
  std::uint64_t size_bytes() const;
  // Its alignment in bytes: `.align`, else the element size (at least 1).
  std::uint32_t alignment() const;
  // Scalars of storage (vec * dims); 0 when a dimension is unsized.
  std::uint64_t element_count() const;
  // Scalars the initializer gives (braces not counted).
  std::size_t init_value_count() const;
};

// One `.reg` declaration: either `%r<count>` (a range, names prefix0..prefixN-1) or one name
// of a list (`.reg .b32 %a, %b;` makes two RegDecls in the same statement, see
// BodyEntry::continues).
struct RegDecl {
  std::string name;  // full name, or the range prefix
  DataType type = DataType::kNone;
  std::uint8_t vec = 1;
  bool range = false;
  std::uint32_t first = 0;  // first register index
  std::uint32_t count = 1;
  std::uint32_t scope = 0;
  bool operator==(const RegDecl&) const = default;
};

struct Register {
  DataType type = DataType::kNone;
  std::uint8_t vec = 1;
  std::uint32_t decl = 0;  // Function::reg_decls id
  bool operator==(const Register&) const = default;
};

struct Label {
  std::string name;
  std::uint32_t inst = kNoIndex;  // index of the instruction it precedes (insts.size() at end)
  bool operator==(const Label&) const = default;
};

// `name: .callprototype (.param .b32 _) _ (.param .b32 _);`
struct Prototype {
  std::string name;
  std::vector<Variable> rets;
  std::vector<Variable> params;
  bool noreturn = false;
  std::uint32_t scope = 0;
  bool operator==(const Prototype&) const = default;
};

struct Scope {
  std::uint32_t parent = kNoIndex;  // kNoIndex for the function body
  bool operator==(const Scope&) const = default;
};

// Source order of a function body, so the printer can reproduce nested `{ }` scopes and put
// declarations where shadowing needs them.
struct BodyEntry {
  enum class Kind : std::uint8_t {
    kInst,
    kLabel,
    kRegDecl,
    kVariable,
    kPrototype,
    kPragma,
    kOpenScope,
    kCloseScope,
    kLoc,  // a `.loc` directive (Function::locs), kept even when no instruction follows it
  };
  Kind kind = Kind::kInst;
  std::uint32_t index = 0;
  bool continues = false;  // kRegDecl: same `.reg` statement as the previous entry
  bool operator==(const BodyEntry&) const = default;
};

struct PerfDirectives {
  std::vector<std::uint32_t> maxntid;
  std::vector<std::uint32_t> reqntid;
  std::vector<std::uint32_t> reqnctapercluster;
  std::optional<std::uint32_t> minnctapersm;
  std::optional<std::uint32_t> maxnreg;
  std::optional<std::uint32_t> maxclusterrank;
  bool explicitcluster = false;
  bool operator==(const PerfDirectives&) const = default;
};

struct Function {
  std::string name;
  bool is_entry = false;  // .entry (a kernel) vs .func
  bool has_body = false;
  bool noreturn = false;
  Linkage linkage = Linkage::kNone;
  std::vector<Variable> rets;
  std::vector<Variable> params;
  PerfDirectives perf;
  std::vector<Scope> scopes;
  std::vector<Variable> vars;
  std::vector<RegDecl> reg_decls;
  std::vector<Register> regs;
  std::vector<Label> labels;
  std::vector<Prototype> prototypes;
  std::vector<std::string> pragmas;
  std::vector<DebugLoc> locs;
  std::vector<Instruction> insts;
  std::vector<BodyEntry> body;
  SourceLoc loc;

  std::string reg_name(std::uint32_t reg) const;
  // Instruction index a `bra` jumps to.
  std::uint32_t branch_target(const Instruction& bra) const;

  // Compares everything except `loc`.
  bool operator==(const Function& other) const;
};

struct SourceFile {
  std::uint32_t index = 0;
  std::string path;
  bool has_info = false;  // `, timestamp, size` given
  std::uint64_t timestamp = 0;
  std::uint64_t size = 0;
  bool operator==(const SourceFile&) const = default;
};

// A `.section .debug_*` block, kept as text so it prints back unchanged; the simulator only
// needs it for the labels `.loc ... function_name` refers to.
struct SectionItem {
  std::string label;                // a label line when non-empty
  DataType type = DataType::kNone;  // .b8/.b16/.b32/.b64 data line
  std::vector<std::string> values;
  bool operator==(const SectionItem&) const = default;
};

struct DebugSection {
  std::string name;
  std::vector<SectionItem> items;
  bool operator==(const DebugSection&) const = default;
};

struct ModuleEntry {
  enum class Kind : std::uint8_t { kVariable, kFuncDecl, kFuncDef, kFile, kSection, kPragma };
  Kind kind = Kind::kVariable;
  std::uint32_t index = 0;
  Linkage linkage = Linkage::kNone;  // as written at this declaration or definition
  bool operator==(const ModuleEntry&) const = default;
};

struct Module {
  std::string file_name;  // for messages only
  std::uint32_t version_major = 0;
  std::uint32_t version_minor = 0;
  std::vector<std::string> target;  // "sm_90a", then options like "texmode_independent"
  std::uint32_t address_size = 0;   // 0: not given
  std::vector<Variable> globals;
  std::vector<Function> functions;
  std::vector<SourceFile> files;
  std::vector<DebugSection> sections;
  std::vector<std::string> pragmas;
  std::vector<std::string> debug_names;  // labels named by `.loc ..., function_name`
  std::vector<ModuleEntry> layout;       // source order of module-level statements

  // nullptr when absent.
  const Function* find_function(std::string_view name) const;
  const SourceFile* find_file(std::uint32_t index) const;
  std::size_t kernel_count() const;

  // Compares everything except `file_name` and source positions.
  bool operator==(const Module& other) const;
};

// Where an instruction came from, for runtime messages: "kernel.ptx:123:5 (vecadd.cu:17)", the
// part in parentheses from its most recent `.loc` (the `.file` path, or "file N" when the
// module does not declare it); just "kernel.ptx:123:5" without a `.loc`.
std::string source_position(const Module& module, const Instruction& inst);

// The bit pattern of immediate `operand` as a value of `type`: integer literals truncate,
// float literals are converted between f32 and f64 (and to an integer type by rounding toward
// zero), so an executor can pre-convert every immediate once.
std::uint64_t immediate_bits(const Operand& operand, DataType type);

}  // namespace warpsim::ptx
