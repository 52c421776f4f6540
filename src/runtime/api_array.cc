// CUDA arrays: texel storage for textures, laid out row-major without padding in device memory
// (func::TextureResource::Kind::kArray). Offsets and widths of the copies are in bytes, heights
// in rows, as in CUDA.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

// The largest arrays (cudaDeviceProp::maxTexture1D and maxTexture2D).
constexpr std::size_t kMaxWidth1D = 131072;
constexpr std::size_t kMaxWidth2D = 131072;
constexpr std::size_t kMaxHeight2D = 65536;

bool copies_to_device(cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

bool copies_from_device(cudaMemcpyKind kind) {
  return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

// The device pointer of byte `w_offset` of row `h_offset`, or nullptr when a block of `width`
// bytes by `height` rows starting there does not fit in the array.
void* array_window(const cudaArray& array, std::size_t w_offset, std::size_t h_offset,
                   std::size_t width, std::size_t height) {
  if (w_offset > array.row_bytes() || width > array.row_bytes() - w_offset) return nullptr;
  if (h_offset > array.height || height > array.height - h_offset) return nullptr;
  return device_pointer(array.base + h_offset * array.row_bytes() + w_offset);
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
using warpsim::runtime::copy_2d;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width,
                            size_t height, unsigned int /*flags*/) {
  return api_call([&](Runtime& rt) {
    if (array == nullptr || desc == nullptr || width == 0) return cudaErrorInvalidValue;
    if (height == 0
            ? width > warpsim::runtime::kMaxWidth1D
            : width > warpsim::runtime::kMaxWidth2D || height > warpsim::runtime::kMaxHeight2D) {
      return cudaErrorInvalidValue;
    }
    auto format = warpsim::runtime::texel_format(*desc);
    if (!format) return cudaErrorInvalidChannelDescriptor;
    const std::size_t rows = height == 0 ? 1 : height;
    const warpsim::Addr base = rt.device().memory().allocate(
        width * format->bytes() * rows, warpsim::func::AllocationKind::kArray, "cudaArray");
    cudaArray* a = rt.arrays().create();
    a->base = base;
    a->desc = *desc;
    a->format = *format;
    a->width = width;
    a->height = rows;
    a->dims = height == 0 ? 1 : 2;
    *array = a;
    return cudaSuccess;
  });
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  return api_call([&](Runtime& rt) {
    if (array == nullptr) return cudaSuccess;
    const cudaArray* a = rt.arrays().find(array);
    if (a == nullptr) return cudaErrorInvalidValue;
    rt.device().memory().free(a->base);
    rt.arrays().destroy(array);
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                size_t spitch, size_t width, size_t height, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    const cudaArray* a = rt.arrays().find(dst);
    if (a == nullptr) return cudaErrorInvalidValue;
    if (!warpsim::runtime::copies_to_device(kind)) return cudaErrorInvalidMemcpyDirection;
    void* to = warpsim::runtime::array_window(*a, wOffset, hOffset, width, height);
    if (to == nullptr) return cudaErrorInvalidValue;
    return copy_2d(to, a->row_bytes(), src, spitch, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    const cudaArray* a = rt.arrays().find(src);
    if (a == nullptr) return cudaErrorInvalidValue;
    if (!warpsim::runtime::copies_from_device(kind)) return cudaErrorInvalidMemcpyDirection;
    const void* from = warpsim::runtime::array_window(*a, wOffset, hOffset, width, height);
    if (from == nullptr) return cudaErrorInvalidValue;
    return copy_2d(dst, dpitch, from, a->row_bytes(), width, height, kind);
  });
}

// Deprecated in CUDA but still exported: `count` bytes from (wOffset, hOffset) on, row-major.
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                              size_t count, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    const cudaArray* a = rt.arrays().find(dst);
    if (a == nullptr) return cudaErrorInvalidValue;
    if (!warpsim::runtime::copies_to_device(kind)) return cudaErrorInvalidMemcpyDirection;
    if (wOffset > a->row_bytes() || hOffset >= a->height) return cudaErrorInvalidValue;
    const std::size_t start = hOffset * a->row_bytes() + wOffset;
    if (count > a->row_bytes() * a->height - start) return cudaErrorInvalidValue;
    return copy_2d(warpsim::runtime::device_pointer(a->base + start), count, src, count, count, 1,
                   kind);
  });
}

}  // extern "C"
