#include "func/ops/texture/sampler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace warpsim::func {

namespace {

// Tap index standing for "outside the texture, border addressing": the border color.
constexpr std::int64_t kBorderTap = std::numeric_limits<std::int64_t>::min();

struct AxisTaps {
  std::array<std::int64_t, 2> index{};
  std::array<float, 2> weight{1.0F, 0.0F};
  unsigned count = 1;
};

// Wrap and mirror exist only for normalized coordinates; otherwise the hardware clamps.
AddressMode effective_mode(const TextureSampling& s, unsigned axis, bool integer_coords) {
  AddressMode mode = s.address[axis];
  bool normalized = s.normalized_coords && !integer_coords;
  if (!normalized && (mode == AddressMode::kWrap || mode == AddressMode::kMirror)) {
    return AddressMode::kClamp;
  }
  return mode;
}

std::int64_t resolve_index(std::int64_t i, std::int64_t n, AddressMode mode) {
  switch (mode) {
    case AddressMode::kWrap:
      return ((i % n) + n) % n;
    case AddressMode::kMirror: {
      std::int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case AddressMode::kClamp:
      return std::clamp<std::int64_t>(i, 0, n - 1);
    case AddressMode::kBorder:
      return i < 0 || i >= n ? kBorderTap : i;
  }
  return 0;
}

// floor(x) as an index, saturated far outside any texture; a NaN coordinate reads texel 0.
std::int64_t floor_index(float x) {
  if (std::isnan(x)) return 0;
  constexpr float kLimit = 1073741824.0F;  // 2^30
  return static_cast<std::int64_t>(std::floor(std::clamp(x, -kLimit, kLimit)));
}

// The guide's wrap (x -> frac(x)) and mirror (frac(x) or 1 - frac(x) by the parity of
// floor(x)) act on normalized coordinates before they are scaled to texels.
float to_texel_space(float x, std::int64_t n, AddressMode mode, bool normalized) {
  if (!normalized) return x;
  if (std::isfinite(x)) {
    if (mode == AddressMode::kWrap) {
      x -= std::floor(x);
    } else if (mode == AddressMode::kMirror) {
      float whole = std::floor(x);
      float frac = x - whole;
      x = std::fmod(whole, 2.0F) == 0.0F ? frac : 1.0F - frac;
    }
  }
  return x * static_cast<float>(n);
}

// Filter weights are 9-bit fixed point with 8 fractional bits, so 1/256 steps (1.0 included).
float quantize_weight(float frac) { return std::nearbyint(frac * 256.0F) / 256.0F; }

AxisTaps float_axis(float coord, std::int32_t offset, std::int64_t n, AddressMode mode,
                    bool normalized, bool linear) {
  float x = to_texel_space(coord, n, mode, normalized) + static_cast<float>(offset);
  AxisTaps taps;
  if (!linear) {
    taps.index[0] = resolve_index(floor_index(x), n, mode);
    return taps;
  }
  float xb = x - 0.5F;
  std::int64_t i0 = floor_index(xb);
  float alpha = std::isfinite(xb) ? quantize_weight(xb - std::floor(xb)) : 0.0F;
  taps.count = 2;
  taps.index = {resolve_index(i0, n, mode), resolve_index(i0 + 1, n, mode)};
  taps.weight = {1.0F - alpha, alpha};
  return taps;
}

TexelValue border_value(const TextureObject& tex) {
  TexelValue v;
  v.is_float = returns_float(tex);
  for (unsigned c = 0; c < 4; ++c) {
    float b = tex.sampling.border[c];
    v.f[c] = b;
    v.i[c] = static_cast<std::uint32_t>(static_cast<std::int32_t>(b));
  }
  return v;
}

class TexelFetcher {
 public:
  TexelFetcher(const TextureObject& tex, TexelMemory& mem) : tex_(tex), mem_(mem) {}

  TexelValue fetch(std::int64_t x, std::int64_t y, std::int64_t z) {
    if (x == kBorderTap || y == kBorderTap || z == kBorderTap) return border_value(tex_);
    const TextureResource& res = tex_.resource;
    Addr addr = texel_address(res, static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y),
                              static_cast<std::uint64_t>(z));
    if (!read_any_) {
      first_ = addr;
      read_any_ = true;
    }
    return decode_texel(mem_.read(addr, res.format.bytes()), res.format, tex_.sampling.read);
  }
  Addr first_texel() const { return read_any_ ? first_ : tex_.resource.base; }

 private:
  const TextureObject& tex_;
  TexelMemory& mem_;
  Addr first_ = 0;
  bool read_any_ = false;
};

std::uint32_t read_raw(const std::uint8_t* p, unsigned bits) {
  switch (bits) {
    case 8:
      return p[0];
    case 16: {
      std::uint16_t v = 0;
      std::memcpy(&v, p, 2);
      return v;
    }
    default: {
      std::uint32_t v = 0;
      std::memcpy(&v, p, 4);
      return v;
    }
  }
}

}  // namespace

bool returns_float(const TextureObject& tex) {
  const TexelFormat& f = tex.resource.format;
  return f.kind == ChannelKind::kFloat ||
         (tex.sampling.read == ReadMode::kNormalizedFloat && f.bits < 32);
}

std::string resource_problem(const TextureResource& res) {
  const TexelFormat& f = res.format;
  if (f.channels != 1 && f.channels != 2 && f.channels != 4) {
    return "has " + std::to_string(f.channels) + " channels (1, 2 or 4 are supported)";
  }
  if ((f.bits != 8 && f.bits != 16 && f.bits != 32) ||
      (f.kind == ChannelKind::kFloat && f.bits == 8)) {
    return "has an unsupported channel format of " + std::to_string(f.bits) + " bits";
  }
  if (res.width == 0 || res.height == 0 || res.depth == 0) return "has no texels (a zero extent)";
  return {};
}

std::string texture_problem(const TextureObject& tex) {
  std::string problem = resource_problem(tex.resource);
  if (!problem.empty()) return problem;
  if (tex.sampling.filter == FilterMode::kLinear && !returns_float(tex)) {
    return "uses linear filtering but returns integers (needs a float format or normalized-float "
           "read mode)";
  }
  return {};
}

unsigned layer_axis(const TextureResource& res, unsigned dims) {
  return dims == 1 && res.depth <= 1 ? 1 : 2;
}

std::uint64_t row_pitch(const TextureResource& res) {
  return res.pitch != 0 ? res.pitch : res.width * res.format.bytes();
}

Addr texel_address(const TextureResource& res, std::uint64_t x, std::uint64_t y, std::uint64_t z) {
  std::uint64_t pitch = row_pitch(res);
  return res.base + z * pitch * res.height + y * pitch + x * res.format.bytes();
}

float half_to_float(std::uint16_t h) {
  bool negative = (h & 0x8000U) != 0;
  int exponent = (h >> 10) & 0x1f;
  unsigned mantissa = h & 0x3ffU;
  float v = 0.0F;
  if (exponent == 0) {
    v = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 31) {
    v = mantissa != 0 ? std::numeric_limits<float>::quiet_NaN()
                      : std::numeric_limits<float>::infinity();
  } else {
    v = std::ldexp(static_cast<float>(mantissa | 0x400U), exponent - 25);
  }
  return negative ? -v : v;
}

TexelValue decode_texel(const std::uint8_t* p, const TexelFormat& format, ReadMode mode) {
  bool is_signed = format.kind == ChannelKind::kSigned;
  bool normalize =
      mode == ReadMode::kNormalizedFloat && format.kind != ChannelKind::kFloat && format.bits < 32;
  TexelValue v;
  v.is_float = format.kind == ChannelKind::kFloat || normalize;
  unsigned bytes = format.bits / 8U;
  for (unsigned c = 0; c < format.channels && c < 4; ++c) {
    std::uint32_t raw = read_raw(p + std::size_t{c} * bytes, format.bits);
    unsigned shift = 32 - format.bits;
    auto as_signed = static_cast<std::int32_t>(raw << shift) >> shift;
    if (format.kind == ChannelKind::kFloat) {
      v.f[c] = format.bits == 16 ? half_to_float(static_cast<std::uint16_t>(raw))
                                 : std::bit_cast<float>(raw);
    } else if (normalize && is_signed) {
      float max = static_cast<float>((1U << (format.bits - 1)) - 1);
      v.f[c] = std::max(static_cast<float>(as_signed) / max, -1.0F);
    } else if (normalize) {
      float max = static_cast<float>((1U << format.bits) - 1);
      v.f[c] = static_cast<float>(raw) / max;
    } else {
      v.i[c] = is_signed ? static_cast<std::uint32_t>(as_signed) : raw;
    }
  }
  return v;
}

TexSample gather_texture(const TextureObject& tex, const TexRequest& req, unsigned component,
                         TexelMemory& mem) {
  const TextureResource& res = tex.resource;
  const TextureSampling& s = tex.sampling;
  std::array<std::int64_t, 3> extent{static_cast<std::int64_t>(res.width),
                                     static_cast<std::int64_t>(res.height),
                                     static_cast<std::int64_t>(res.depth)};
  std::array<AxisTaps, 2> axes;
  for (unsigned a = 0; a < 2; ++a) {
    axes[a] = float_axis(req.coord[a], req.offset[a], extent[a], effective_mode(s, a, false),
                         s.normalized_coords, true);
  }
  std::int64_t z = req.layer ? std::min<std::int64_t>(*req.layer, extent[2] - 1) : 0;
  constexpr std::array<std::array<unsigned, 2>, 4> kOrder{{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};
  TexelFetcher fetcher(tex, mem);
  TexSample out;
  for (unsigned k = 0; k < 4; ++k) {
    TexelValue t = fetcher.fetch(axes[0].index[kOrder[k][0]], axes[1].index[kOrder[k][1]], z);
    out.value.is_float = t.is_float;
    out.value.f[k] = t.f[component];
    out.value.i[k] = t.i[component];
  }
  out.first_texel = fetcher.first_texel();
  return out;
}

TexSample sample_texture(const TextureObject& tex, const TexRequest& req, TexelMemory& mem) {
  const TextureResource& res = tex.resource;
  const TextureSampling& s = tex.sampling;
  std::array<std::int64_t, 3> extent{static_cast<std::int64_t>(res.width),
                                     static_cast<std::int64_t>(res.height),
                                     static_cast<std::int64_t>(res.depth)};
  bool linear = s.filter == FilterMode::kLinear && !req.integer_coords;
  std::array<AxisTaps, 3> axes;
  for (unsigned a = 0; a < req.dims && a < 3; ++a) {
    AddressMode mode = effective_mode(s, a, req.integer_coords);
    if (req.integer_coords) {
      axes[a].index[0] =
          resolve_index(std::int64_t{req.icoord[a]} + req.offset[a], extent[a], mode);
    } else {
      axes[a] =
          float_axis(req.coord[a], req.offset[a], extent[a], mode, s.normalized_coords, linear);
    }
  }
  if (req.layer && req.dims < 3) {
    unsigned a = layer_axis(res, req.dims);
    axes[a].index[0] = std::min<std::int64_t>(*req.layer, extent[a] - 1);  // clamped
  }
  TexelFetcher fetcher(tex, mem);
  TexSample out;
  if (!linear) {
    out.value = fetcher.fetch(axes[0].index[0], axes[1].index[0], axes[2].index[0]);
    out.first_texel = fetcher.first_texel();
    return out;
  }
  out.value.is_float = true;
  for (unsigned k = 0; k < axes[2].count; ++k) {
    for (unsigned j = 0; j < axes[1].count; ++j) {
      for (unsigned i = 0; i < axes[0].count; ++i) {
        float w = axes[0].weight[i] * axes[1].weight[j] * axes[2].weight[k];
        TexelValue t = fetcher.fetch(axes[0].index[i], axes[1].index[j], axes[2].index[k]);
        for (unsigned c = 0; c < 4; ++c) out.value.f[c] += w * t.f[c];
      }
    }
  }
  out.first_texel = fetcher.first_texel();
  return out;
}

}  // namespace warpsim::func
