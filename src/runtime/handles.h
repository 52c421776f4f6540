#pragma once

// The objects the runtime API hands a program as opaque handles (streams, events, CUDA arrays)
// and what it remembers of texture and surface objects, kept until the program destroys them.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

#include "func/texture.h"
#include "runtime/include/cuda_runtime.h"
#include "sim/time.h"

struct CUstream_st {
  unsigned int flags = 0;
  int priority = 0;
  unsigned long long id = 0;  // cudaStreamGetId
};

struct CUevent_st {
  unsigned int flags = 0;
  bool recorded = false;
  std::uint64_t time_ns = 0;  // the simulated clock when recorded
};

struct cudaArray {
  warpsim::Addr base = 0;
  cudaChannelFormatDesc desc{};
  warpsim::func::TexelFormat format;
  std::size_t width = 0;   // texels
  std::size_t height = 1;  // rows (1 for a 1D array)
  std::size_t depth = 1;   // slices of a 3D array, or layers of a layered one
  std::uint8_t dims = 1;   // spatial dimensions: 1, 2 or 3
  unsigned int flags = 0;  // cudaArrayLayered, cudaArraySurfaceLoadStore, ...
  std::size_t row_bytes() const { return width * format.bytes(); }
  std::size_t slice_bytes() const { return row_bytes() * height; }
};

namespace warpsim::runtime {

// Owns objects handed out as opaque pointers and recognizes them when they come back.
template <class T>
class HandleTable {
 public:
  T* create() {
    auto object = std::make_unique<T>();
    T* handle = object.get();
    objects_.emplace(handle, std::move(object));
    return handle;
  }
  T* find(const void* handle) const {
    auto it = objects_.find(handle);
    return it == objects_.end() ? nullptr : it->second.get();
  }
  bool destroy(const void* handle) { return objects_.erase(handle) != 0; }

 private:
  std::map<const void*, std::unique_ptr<T>> objects_;
};

// What a texture or surface object was created from, for the cudaGet*Object*Desc queries
// (api_texture.cc).
struct ObjectDescs {
  cudaResourceDesc resource{};
  cudaTextureDesc texture{};
};

struct Handles {
  HandleTable<CUstream_st> streams;
  HandleTable<CUevent_st> events;
  HandleTable<cudaArray> arrays;
  std::map<std::uint64_t, ObjectDescs> object_descs;  // by object handle

  // A default stream (legacy or per-thread), or a created stream not yet destroyed.
  bool valid_stream(cudaStream_t stream) const {
    return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
           streams.find(stream) != nullptr;
  }
};

}  // namespace warpsim::runtime
