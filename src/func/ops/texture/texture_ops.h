#pragma once

// Pieces shared by the texture (tex, txq) and surface (suld, sust, suq) handlers.

#include <cstdint>

#include "func/handlers.h"
#include "func/texture.h"

namespace warpsim::func {

ExecFn select_tex(const ptx::Instruction& inst);  // tex and tld4
ExecFn select_txq(const ptx::Instruction& inst);
ExecFn select_surface(const ptx::Instruction& inst);

// Spatial coordinates and whether a layer index comes first, per `.geom` (1d 2d 3d a1d a2d);
// false for geometries warpsim does not model (cube maps, multisample).
struct Geometry {
  unsigned dims = 1;
  bool layered = false;
  // Coordinate elements read: the layer index (if any) then `dims` coordinates.
  unsigned elements() const { return dims + (layered ? 1U : 0U); }
};
bool geometry_of(const ptx::Instruction& inst, Geometry& out);

// Operand indices (into ops) of a coordinate operand's elements: a vector `{a, b}`'s
// elements, or a scalar operand itself.
struct ElementRange {
  unsigned first = 0;
  unsigned count = 0;
};
// The handle (element 0) and coordinates (element 1) of the tuple `[handle, coords]` at
// operand `tuple` of `inst`; false when the tuple has another shape (an explicit sampler, a
// .texref/.surfref name instead of a register, too few coordinates for `geom`).
bool tuple_shape(const ptx::Instruction& inst, unsigned tuple, const Geometry& geom,
                 unsigned& handle, ElementRange& coords);

// The texture or surface object behind `handle` for `lane`; fails naming the handle when it
// is not a live object of the wanted kind or cannot be used.
const TextureObject& find_object(ExecContext& ctx, const DecodedInst& inst, unsigned lane,
                                 std::uint64_t handle, bool surface);

}  // namespace warpsim::func
