// Texture and surface objects: translate CUDA's resource and texture descriptions into the
// executor's func::TextureObject and register it with the device; the handle is what kernels
// receive as cudaTextureObject_t / cudaSurfaceObject_t. The descriptions given are kept for the
// cudaGet*Object*Desc queries, which return them as they were passed.

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
  const cudaArray* a = rt.handles().arrays.find(rd.res.array.array);
  if (a == nullptr) return cudaErrorInvalidResourceHandle;
  r.kind = func::TextureResource::Kind::kArray;
  r.base = a->base;
  r.format = a->format;
  r.width = a->width;
  r.height = a->height;
  r.depth = a->depth;
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

// The live object behind `handle` when it is a texture (or, with `surface`, a surface) object.
const func::TextureObject* find_object(Runtime& rt, std::uint64_t handle, bool surface) {
  const func::TextureObject* object = rt.device().textures().find(handle);
  return object != nullptr && object->is_surface == surface ? object : nullptr;
}

cudaError_t destroy_object(Runtime& rt, std::uint64_t handle, bool surface) {
  if (find_object(rt, handle, surface) == nullptr) return cudaErrorInvalidValue;
  rt.device().textures().destroy(handle);
  rt.handles().object_descs.erase(handle);
  return cudaSuccess;
}

// Surfaces read and write the texels of CUDA arrays allocated for them.
cudaError_t surface_resource(Runtime& rt, const cudaResourceDesc& rd, func::TextureResource& r) {
  if (rd.flags != 0 || rd.resType != cudaResourceTypeArray) return cudaErrorInvalidValue;
  const cudaArray* a = rt.handles().arrays.find(rd.res.array.array);
  if (a == nullptr) return cudaErrorInvalidResourceHandle;
  if ((a->flags & cudaArraySurfaceLoadStore) == 0) return cudaErrorInvalidValue;
  return array_resource(rt, rd, r);
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;
using warpsim::runtime::fatal;
using warpsim::runtime::ObjectDescs;

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
    if (pResViewDesc != nullptr) {
      fatal(
          "cudaCreateTextureObject: resource views (pResViewDesc) are not supported "
          "by warpsim");
    }
    warpsim::func::TextureObject object;
    if (cudaError_t e = warpsim::runtime::resource(rt, *pResDesc, object.resource);
        e != cudaSuccess) {
      return e;
    }
    cudaError_t e = warpsim::runtime::sampling(*pTexDesc, object.resource.format, object.sampling);
    if (e != cudaSuccess) return e;
    *pTexObject = rt.device().textures().create(object);
    rt.handles().object_descs[*pTexObject] = ObjectDescs{*pResDesc, *pTexDesc};
    return cudaSuccess;
  });
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::destroy_object(rt, texObject, false); });
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* pResDesc,
                                             cudaTextureObject_t texObject) {
  return api_call([&](Runtime& rt) {
    if (pResDesc == nullptr || warpsim::runtime::find_object(rt, texObject, false) == nullptr) {
      return cudaErrorInvalidValue;
    }
    *pResDesc = rt.handles().object_descs.at(texObject).resource;
    return cudaSuccess;
  });
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* pTexDesc,
                                            cudaTextureObject_t texObject) {
  return api_call([&](Runtime& rt) {
    if (pTexDesc == nullptr || warpsim::runtime::find_object(rt, texObject, false) == nullptr) {
      return cudaErrorInvalidValue;
    }
    *pTexDesc = rt.handles().object_descs.at(texObject).texture;
    return cudaSuccess;
  });
}

// No texture object has a view (cudaCreateTextureObject refuses them), and CUDA answers
// cudaErrorInvalidValue for an object created without one.
cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* /*pResViewDesc*/,
                                                 cudaTextureObject_t /*texObject*/) {
  return api_call([](Runtime&) { return cudaErrorInvalidValue; });
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* pSurfObject,
                                    const cudaResourceDesc* pResDesc) {
  return api_call([&](Runtime& rt) {
    if (pSurfObject == nullptr || pResDesc == nullptr) return cudaErrorInvalidValue;
    warpsim::func::TextureObject object;
    object.is_surface = true;
    if (cudaError_t e = warpsim::runtime::surface_resource(rt, *pResDesc, object.resource);
        e != cudaSuccess) {
      return e;
    }
    *pSurfObject = rt.device().textures().create(object);
    rt.handles().object_descs[*pSurfObject] = ObjectDescs{*pResDesc, {}};
    return cudaSuccess;
  });
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::destroy_object(rt, surfObject, true); });
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* pResDesc,
                                             cudaSurfaceObject_t surfObject) {
  return api_call([&](Runtime& rt) {
    if (pResDesc == nullptr || warpsim::runtime::find_object(rt, surfObject, true) == nullptr) {
      return cudaErrorInvalidValue;
    }
    *pResDesc = rt.handles().object_descs.at(surfObject).resource;
    return cudaSuccess;
  });
}

}  // extern "C"
