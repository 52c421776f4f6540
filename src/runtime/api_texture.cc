// Texture objects: translate CUDA's resource and texture descriptions into the executor's
// func::TextureObject and register it with the device; the handle is what kernels receive as
// cudaTextureObject_t.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

constexpr std::size_t kTextureAlignment = 256;  // cudaDeviceProp::textureAlignment
constexpr std::size_t kPitchAlignment = 32;     // cudaDeviceProp::texturePitchAlignment

cudaError_t linear_resource(Runtime& rt, const cudaResourceDesc& rd, func::TextureResource& r) {
  auto format = texel_format(rd.res.linear.desc);
  if (!format) return cudaErrorInvalidChannelDescriptor;
  const Addr base = device_address(rd.res.linear.devPtr);
  const std::size_t size = rd.res.linear.sizeInBytes;
  if (size < format->bytes() || base % kTextureAlignment != 0) return cudaErrorInvalidValue;
  if (rt.device().memory().find(base, size) == nullptr) return cudaErrorInvalidValue;
  r.kind = func::TextureResource::Kind::kLinear;
  r.base = base;
  r.format = *format;
  r.width = size / format->bytes();
  r.pitch = size;
  r.dims = 1;
  return cudaSuccess;
}

cudaError_t pitch2d_resource(Runtime& rt, const cudaResourceDesc& rd, func::TextureResource& r) {
  const auto& p = rd.res.pitch2D;
  auto format = texel_format(p.desc);
  if (!format) return cudaErrorInvalidChannelDescriptor;
  const Addr base = device_address(p.devPtr);
  if (p.width == 0 || p.height == 0 || base % kTextureAlignment != 0) return cudaErrorInvalidValue;
  if (p.pitchInBytes < p.width * format->bytes() || p.pitchInBytes % kPitchAlignment != 0) {
    return cudaErrorInvalidPitchValue;
  }
  const std::size_t extent = (p.height - 1) * p.pitchInBytes + p.width * format->bytes();
  if (rt.device().memory().find(base, extent) == nullptr) return cudaErrorInvalidValue;
  r.kind = func::TextureResource::Kind::kPitch2D;
  r.base = base;
  r.format = *format;
  r.width = p.width;
  r.height = p.height;
  r.pitch = p.pitchInBytes;
  r.dims = 2;
  return cudaSuccess;
}

cudaError_t array_resource(Runtime& rt, const cudaResourceDesc& rd, func::TextureResource& r) {
  const cudaArray* a = rt.arrays().find(rd.res.array.array);
  if (a == nullptr) return cudaErrorInvalidResourceHandle;
  r.kind = func::TextureResource::Kind::kArray;
  r.base = a->base;
  r.format = a->format;
  r.width = a->width;
  r.height = a->height;
  r.pitch = a->row_bytes();
  r.dims = a->dims;
  return cudaSuccess;
}

cudaError_t resource(Runtime& rt, const cudaResourceDesc& rd, func::TextureResource& r) {
  if (rd.flags != 0) return cudaErrorInvalidValue;
  switch (rd.resType) {
    case cudaResourceTypeLinear:
      return linear_resource(rt, rd, r);
    case cudaResourceTypePitch2D:
      return pitch2d_resource(rt, rd, r);
    case cudaResourceTypeArray:
      return array_resource(rt, rd, r);
    case cudaResourceTypeMipmappedArray:
      return cudaErrorNotSupported;
  }
  return cudaErrorInvalidValue;
}

// CUDA's rules: wrap and mirror need normalized coordinates (otherwise they clamp), linear
// filtering needs a floating-point result, and reading as normalized float applies to 8- and
// 16-bit integer texels (float texels are returned as they are).
cudaError_t sampling(const cudaTextureDesc& td, const func::TexelFormat& format,
                     func::TextureSampling& s) {
  for (int i = 0; i < 3; ++i) {
    const cudaTextureAddressMode mode = td.addressMode[i];
    if (mode < cudaAddressModeWrap || mode > cudaAddressModeBorder) return cudaErrorInvalidValue;
    const bool needs_normalized = mode == cudaAddressModeWrap || mode == cudaAddressModeMirror;
    s.address[i] = needs_normalized && td.normalizedCoords == 0
                       ? func::AddressMode::kClamp
                       : static_cast<func::AddressMode>(mode);
  }
  const bool is_float = format.kind == func::ChannelKind::kFloat;
  const bool normalized_read = td.readMode == cudaReadModeNormalizedFloat && !is_float;
  if (normalized_read && format.bits == 32) return cudaErrorInvalidNormSetting;
  if (td.filterMode == cudaFilterModeLinear && !is_float && !normalized_read) {
    return cudaErrorInvalidFilterSetting;
  }
  s.filter =
      td.filterMode == cudaFilterModeLinear ? func::FilterMode::kLinear : func::FilterMode::kPoint;
  s.read = normalized_read ? func::ReadMode::kNormalizedFloat : func::ReadMode::kElementType;
  s.normalized_coords = td.normalizedCoords != 0;
  for (int i = 0; i < 4; ++i) s.border[i] = td.borderColor[i];
  return cudaSuccess;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

static_assert(static_cast<int>(warpsim::func::AddressMode::kWrap) == cudaAddressModeWrap &&
              static_cast<int>(warpsim::func::AddressMode::kClamp) == cudaAddressModeClamp &&
              static_cast<int>(warpsim::func::AddressMode::kMirror) == cudaAddressModeMirror &&
              static_cast<int>(warpsim::func::AddressMode::kBorder) == cudaAddressModeBorder);

extern "C" {

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* pTexObject,
                                    const cudaResourceDesc* pResDesc,
                                    const cudaTextureDesc* pTexDesc,
                                    const cudaResourceViewDesc* pResViewDesc) {
  return api_call([&](Runtime& rt) {
    if (pTexObject == nullptr || pResDesc == nullptr || pTexDesc == nullptr) {
      return cudaErrorInvalidValue;
    }
    if (pResViewDesc != nullptr) return cudaErrorNotSupported;
    warpsim::func::TextureObject object;
    if (cudaError_t e = warpsim::runtime::resource(rt, *pResDesc, object.resource);
        e != cudaSuccess) {
      return e;
    }
    cudaError_t e = warpsim::runtime::sampling(*pTexDesc, object.resource.format, object.sampling);
    if (e != cudaSuccess) return e;
    *pTexObject = rt.device().textures().create(object);
    return cudaSuccess;
  });
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  return api_call([&](Runtime& rt) {
    return rt.device().textures().destroy(texObject) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

}  // extern "C"
