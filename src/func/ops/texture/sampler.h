#pragma once

// The texture unit's arithmetic, kept apart from the executor so it reads like the CUDA C
// Programming Guide's "Texture Fetching" appendix: texel addressing of linear, pitched and array
// resources, the address modes, nearest-point and linear filtering with 9-bit fixed-point
// weights, and texel decoding per channel format and read mode.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "func/texture.h"
#include "sim/time.h"

namespace warpsim::func {

// Where texel bytes come from; the executor's implementation checks bounds for one lane.
class TexelMemory {
 public:
  virtual ~TexelMemory() = default;
  virtual const std::uint8_t* read(Addr addr, std::uint32_t bytes) = 0;
};

// Four channels as the texture unit returns them: floats (float formats, normalized-float
// reads, filtered results) or 32-bit integers (integer formats read as element type).
// Channels missing from the format read as 0 (alpha included).
struct TexelValue {
  std::array<float, 4> f{};
  std::array<std::uint32_t, 4> i{};
  bool is_float = true;
};

struct TexRequest {
  unsigned dims = 1;             // spatial coordinates used: 1, 2 or 3
  bool integer_coords = false;   // .s32 coordinates: texel indices, never filtered
  std::array<float, 3> coord{};  // .f32 coordinates
  std::array<std::int32_t, 3> icoord{};
  std::array<std::int32_t, 3> offset{};  // texel offsets (tex operand e)
  std::optional<std::uint32_t> layer;    // .a1d/.a2d array index
};

struct TexSample {
  TexelValue value;
  Addr first_texel = 0;  // the first texel read, for the timing model's texture cache
};

// Whether texels of this texture come back as floats (and so may be filtered).
bool returns_float(const TextureObject& tex);
// Empty when the resource's texels can be read; otherwise why not (an unsupported format, a
// zero extent).
std::string resource_problem(const TextureResource& res);
// Empty when `tex` can be sampled; otherwise why not (resource_problem(), or linear filtering
// of integer texels).
std::string texture_problem(const TextureObject& tex);

// Samples `tex` (which texture_problem() accepted) at `req`.
TexSample sample_texture(const TextureObject& tex, const TexRequest& req, TexelMemory& mem);

// tld4: channel `component` of the 2 x 2 footprint that linear filtering of a 2D request
// would blend, counter-clockwise from the lower left: (i0, j1), (i1, j1), (i1, j0), (i0, j0).
TexSample gather_texture(const TextureObject& tex, const TexRequest& req, unsigned component,
                         TexelMemory& mem);

// The axis that holds the layers of a layered (.a1d/.a2d) access with `dims` spatial axes:
// slices (z) for 2D arrays and for 1D arrays stored as CUDA describes them (width x 1 x
// layers); rows (y) for a 1D array whose layers were given as its height.
unsigned layer_axis(const TextureResource& res, unsigned dims);

// Byte address of texel (x, y, z) of `res`, which must be in range.
Addr texel_address(const TextureResource& res, std::uint64_t x, std::uint64_t y, std::uint64_t z);
// Bytes per row of `res` (its pitch, or width * texel bytes when the pitch is not given).
std::uint64_t row_pitch(const TextureResource& res);

TexelValue decode_texel(const std::uint8_t* p, const TexelFormat& format, ReadMode mode);
float half_to_float(std::uint16_t h);

}  // namespace warpsim::func
