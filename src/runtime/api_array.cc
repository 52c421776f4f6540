// CUDA arrays: texel storage for textures and surfaces, laid out row-major without padding in
// device memory (func::TextureResource::Kind::kArray): rows of `width` texels, `height` rows per
// slice, `depth` slices (3D arrays) or layers (layered arrays; a 1D layered array is one row per
// layer). Cubemaps, sparse arrays and deferred mapping are not modeled: asking for them stops the
// program with a message, since running on would give wrong results.

#include <string>

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

constexpr unsigned kMallocArrayFlags =
    cudaArraySurfaceLoadStore | cudaArrayTextureGather | cudaArraySparse | cudaArrayDeferredMapping;
constexpr unsigned kMalloc3DArrayFlags = kMallocArrayFlags | cudaArrayLayered | cudaArrayCubemap;

// A device limit from cudaDeviceProp; where the simulated device leaves it 0 (not described),
// the value every GPU of compute capability 5.0 and later has (CUDA C Programming Guide,
// "Technical Specifications per Compute Capability").
std::size_t limit(int property, int guide) {
  return static_cast<std::size_t>(property > 0 ? property : guide);
}

struct Shape {
  std::size_t width = 0;
  std::size_t height = 1;
  std::size_t depth = 1;
  std::uint8_t dims = 1;
};

bool fits(const Shape& s, std::size_t w, std::size_t h, std::size_t d) {
  return s.width <= w && s.height <= h && s.depth <= d;
}

// Whether `s` (with `flags`) is within the device's texture limits, and its surface limits when
// surfaces may be bound to it.
bool within_limits(const cudaDeviceProp& p, const Shape& s, unsigned flags) {
  const bool layered = (flags & cudaArrayLayered) != 0;
  const bool surface = (flags & cudaArraySurfaceLoadStore) != 0;
  if (layered && s.dims == 1) {
    return fits(s, limit(p.maxTexture1DLayered[0], 32768), 1,
                limit(p.maxTexture1DLayered[1], 2048)) &&
           (!surface || fits(s, limit(p.maxSurface1DLayered[0], 32768), 1,
                             limit(p.maxSurface1DLayered[1], 2048)));
  }
  if (layered) {
    return fits(s, limit(p.maxTexture2DLayered[0], 32768), limit(p.maxTexture2DLayered[1], 32768),
                limit(p.maxTexture2DLayered[2], 2048)) &&
           (!surface ||
            fits(s, limit(p.maxSurface2DLayered[0], 32768), limit(p.maxSurface2DLayered[1], 32768),
                 limit(p.maxSurface2DLayered[2], 2048)));
  }
  if (s.dims == 1) {
    return fits(s, limit(p.maxTexture1D, 131072), 1, 1) &&
           (!surface || fits(s, limit(p.maxSurface1D, 32768), 1, 1));
  }
  if (s.dims == 2) {
    return fits(s, limit(p.maxTexture2D[0], 131072), limit(p.maxTexture2D[1], 65536), 1) &&
           (!surface ||
            fits(s, limit(p.maxSurface2D[0], 131072), limit(p.maxSurface2D[1], 65536), 1));
  }
  return fits(s, limit(p.maxTexture3D[0], 16384), limit(p.maxTexture3D[1], 16384),
              limit(p.maxTexture3D[2], 16384)) &&
         (!surface || fits(s, limit(p.maxSurface3D[0], 16384), limit(p.maxSurface3D[1], 16384),
                           limit(p.maxSurface3D[2], 16384)));
}

// The shape CUDA's extent rules give: (w, 0, 0) 1D, (w, h, 0) 2D, (w, h, d) 3D; with
// cudaArrayLayered (w, 0, layers) 1D layered and (w, h, layers) 2D layered.
cudaError_t shape_of(const cudaExtent& e, unsigned flags, Shape& out) {
  if (e.width == 0) return cudaErrorInvalidValue;
  out.width = e.width;
  out.height = e.height == 0 ? 1 : e.height;
  out.dims = e.height == 0 ? 1 : 2;
  if ((flags & cudaArrayLayered) != 0) {
    if (e.depth == 0) return cudaErrorInvalidValue;
    out.depth = e.depth;
  } else if (e.depth != 0) {
    if (e.height == 0) return cudaErrorInvalidValue;
    out.depth = e.depth;
    out.dims = 3;
  }
  const bool gather = (flags & cudaArrayTextureGather) != 0;
  if (gather && (out.dims != 2 || (flags & cudaArrayLayered) != 0)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

// A request CUDA would grant but warpsim cannot model ends the program (see the file comment).
void refuse_unmodeled(const char* api, const cudaExtent& e, unsigned flags) {
  std::string feature;
  if ((flags & cudaArrayCubemap) != 0) feature = "cubemap arrays (cudaArrayCubemap)";
  if ((flags & cudaArraySparse) != 0) feature = "sparse arrays (cudaArraySparse)";
  if ((flags & cudaArrayDeferredMapping) != 0) {
    feature = "deferred-mapping arrays (cudaArrayDeferredMapping)";
  }
  if (feature.empty()) return;
  const bool cubemap_ok =
      (flags & cudaArrayCubemap) == 0 || (e.width == e.height && e.depth != 0 && e.depth % 6 == 0 &&
                                          ((flags & cudaArrayLayered) != 0 || e.depth == 6));
  if (e.width == 0 || !cubemap_ok) return;  // an invalid request: the caller reports it
  fatal(std::string(api) + ": " + feature + " are not supported by warpsim");
}

cudaError_t allocate_array(Runtime& rt, cudaArray_t* array, const cudaChannelFormatDesc& desc,
                           const Shape& shape, unsigned flags) {
  if (!within_limits(rt.properties(), shape, flags)) return cudaErrorInvalidValue;
  auto format = texel_format(desc);
  if (!format) return cudaErrorInvalidChannelDescriptor;
  const std::size_t bytes = shape.width * format->bytes() * shape.height * shape.depth;
  const Addr base = rt.device().memory().allocate(bytes, func::AllocationKind::kArray, "cudaArray");
  cudaArray* a = rt.handles().arrays.create();
  a->base = base;
  a->desc = desc;
  a->format = *format;
  a->width = shape.width;
  a->height = shape.height;
  a->depth = shape.depth;
  a->dims = shape.dims;
  a->flags = flags;
  *array = a;
  return cudaSuccess;
}

// The extent as CUDA reports it: zeros for the dimensions the array does not have.
cudaExtent extent_of(const cudaArray& a) {
  const bool layered = (a.flags & cudaArrayLayered) != 0;
  return cudaExtent{a.width, a.dims >= 2 ? a.height : 0, a.dims == 3 || layered ? a.depth : 0};
}

}  // namespace

std::optional<func::TexelFormat> texel_format(const cudaChannelFormatDesc& desc) {
  const int bits[4] = {desc.x, desc.y, desc.z, desc.w};
  int channels = 0;
  while (channels < 4 && bits[channels] != 0) ++channels;
  for (int c = channels; c < 4; ++c) {
    if (bits[c] != 0) return std::nullopt;  // a gap between channels
  }
  if (channels == 0 || channels == 3) return std::nullopt;
  for (int c = 1; c < channels; ++c) {
    if (bits[c] != bits[0]) return std::nullopt;
  }
  if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32) return std::nullopt;
  func::TexelFormat format;
  format.channels = static_cast<std::uint8_t>(channels);
  format.bits = static_cast<std::uint8_t>(bits[0]);
  switch (desc.f) {
    case cudaChannelFormatKindSigned:
      format.kind = func::ChannelKind::kSigned;
      break;
    case cudaChannelFormatKindUnsigned:
      format.kind = func::ChannelKind::kUnsigned;
      break;
    case cudaChannelFormatKindFloat:
      if (bits[0] == 8) return std::nullopt;
      format.kind = func::ChannelKind::kFloat;
      break;
    default:
      return std::nullopt;
  }
  return format;
}

}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;
using warpsim::runtime::fatal;

extern "C" {

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width,
                            size_t height, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (array == nullptr || desc == nullptr) return cudaErrorInvalidValue;
    if ((flags & ~warpsim::runtime::kMallocArrayFlags) != 0) return cudaErrorInvalidValue;
    const cudaExtent extent{width, height, 0};
    warpsim::runtime::refuse_unmodeled("cudaMallocArray", extent, flags);
    warpsim::runtime::Shape shape;
    if (cudaError_t e = warpsim::runtime::shape_of(extent, flags, shape); e != cudaSuccess) {
      return e;
    }
    return warpsim::runtime::allocate_array(rt, array, *desc, shape, flags);
  });
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc,
                              cudaExtent extent, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (array == nullptr || desc == nullptr) return cudaErrorInvalidValue;
    if ((flags & ~warpsim::runtime::kMalloc3DArrayFlags) != 0) return cudaErrorInvalidValue;
    warpsim::runtime::refuse_unmodeled("cudaMalloc3DArray", extent, flags);
    if ((flags & cudaArrayCubemap) != 0) return cudaErrorInvalidValue;  // a malformed cubemap
    warpsim::runtime::Shape shape;
    if (cudaError_t e = warpsim::runtime::shape_of(extent, flags, shape); e != cudaSuccess) {
      return e;
    }
    return warpsim::runtime::allocate_array(rt, array, *desc, shape, flags);
  });
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  return api_call([&](Runtime& rt) {
    if (array == nullptr) return cudaSuccess;
    const cudaArray* a = rt.handles().arrays.find(array);
    if (a == nullptr) return cudaErrorInvalidValue;
    rt.device().memory().free(a->base);
    rt.handles().arrays.destroy(array);
    return cudaSuccess;
  });
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
  return api_call([&](Runtime& rt) {
    const cudaArray* a = rt.handles().arrays.find(array);
    if (desc == nullptr || a == nullptr) return cudaErrorInvalidValue;
    *desc = a->desc;
    return cudaSuccess;
  });
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags,
                             cudaArray_t array) {
  return api_call([&](Runtime& rt) {
    const cudaArray* a = rt.handles().arrays.find(array);
    if (a == nullptr) return cudaErrorInvalidValue;
    if (desc != nullptr) *desc = a->desc;
    if (extent != nullptr) *extent = warpsim::runtime::extent_of(*a);
    if (flags != nullptr) *flags = a->flags;
    return cudaSuccess;
  });
}

}  // extern "C"
