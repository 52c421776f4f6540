#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "ptx/error.h"
#include "ptx/ir.h"

namespace warpsim::ptx {

// Parses PTX as emitted by nvcc 11.x-13.x (.version 7.0-9.x, sm_75 and newer targets).
//
// Contract: returns a Module whose every name is resolved (registers, symbols, labels,
// callees, prototypes) and whose instructions passed the opcode table's checks (known opcode,
// known and allowed modifiers, required modifiers present, operand count and syntax). The
// first problem throws ParseError("file:line:col: error: ..." naming the offending token);
// arbitrary bytes never crash, hang or allocate without bound: nesting depth, register ranges
// and token lengths are capped. `file_name` is used in messages only. Call verify() for the
// semantic checks (operand kinds and types, call arity) that do not need the source text.
Module parse_ptx(std::string_view text, std::string file_name = "<input>");

// Reads and parses a file; an unreadable file is a ParseError at 1:1.
Module parse_ptx_file(const std::filesystem::path& path);

}  // namespace warpsim::ptx
