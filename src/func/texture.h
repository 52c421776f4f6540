#pragma once

// Texture and surface objects as the executor sees them: a handle (the 64-bit value a kernel
// receives as cudaTextureObject_t / cudaSurfaceObject_t) maps to a description of the memory
// and how to sample it. The runtime (cudaCreateTextureObject ...) fills these in.

#include <array>
#include <cstdint>
#include <map>
#include <optional>

#include "sim/time.h"

namespace warpsim::func {

enum class ChannelKind : std::uint8_t { kSigned, kUnsigned, kFloat };
enum class AddressMode : std::uint8_t { kWrap, kClamp, kMirror, kBorder };
enum class FilterMode : std::uint8_t { kPoint, kLinear };
enum class ReadMode : std::uint8_t { kElementType, kNormalizedFloat };

struct TexelFormat {
  std::uint8_t channels = 1;  // 1, 2 or 4
  std::uint8_t bits = 32;     // per channel: 8, 16 or 32
  ChannelKind kind = ChannelKind::kFloat;
  std::uint32_t bytes() const { return channels * bits / 8U; }
};

// The memory a texture or surface reads: 1D linear memory, 2D pitched memory, or a CUDA array
// (1D/2D/3D, stored row-major without padding).
struct TextureResource {
  enum class Kind : std::uint8_t { kLinear, kPitch2D, kArray };
  Kind kind = Kind::kLinear;
  Addr base = 0;
  TexelFormat format;
  std::uint64_t width = 0;  // texels (linear: size / texel bytes)
  std::uint64_t height = 1;
  std::uint64_t depth = 1;
  std::uint64_t pitch = 0;  // bytes per row (pitch2D; arrays: width * texel bytes)
  std::uint8_t dims = 1;    // 1, 2 or 3
};

struct TextureSampling {
  std::array<AddressMode, 3> address{AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
  FilterMode filter = FilterMode::kPoint;
  ReadMode read = ReadMode::kElementType;
  bool normalized_coords = false;
  std::array<float, 4> border{};
};

struct TextureObject {
  TextureResource resource;
  TextureSampling sampling;
  bool is_surface = false;
};

// A 1-D linear texture of 32-bit unsigned texels over [address, address + bytes), with
// tex1Dfetch's defaults: point sampling, clamped, read as the element type.
inline TextureObject linear_u32_texture(Addr address, std::uint64_t bytes) {
  TextureObject object;
  object.resource.kind = TextureResource::Kind::kLinear;
  object.resource.base = address;
  object.resource.format = TexelFormat{1, 32, ChannelKind::kUnsigned};
  object.resource.width = bytes / 4;
  object.resource.pitch = bytes;
  object.resource.dims = 1;
  return object;
}

class TextureTable {
 public:
  std::uint64_t create(const TextureObject& object) {
    std::uint64_t handle = next_++;
    objects_.emplace(handle, object);
    return handle;
  }
  bool destroy(std::uint64_t handle) { return objects_.erase(handle) != 0; }
  const TextureObject* find(std::uint64_t handle) const {
    auto it = objects_.find(handle);
    return it == objects_.end() ? nullptr : &it->second;
  }

 private:
  // Handles start above small integers so a kernel passed an uninitialized 0 is caught.
  std::uint64_t next_ = 0x1000;
  std::map<std::uint64_t, TextureObject> objects_;
};

}  // namespace warpsim::func
