// Streams and events. Work runs to completion when it is issued, so every stream is idle and
// every recorded event complete by the time a call returns; these calls only check handles and
// keep the simulated time at which each event was recorded. For the same reason a host function
// or stream callback runs at once, inside the call that enqueues it: everything issued before it
// has finished, as CUDA guarantees, and nothing issued after it can start before it returns.

#include <algorithm>

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

// The default streams' ids; created streams count on from DeviceSettings::next_stream_id.
constexpr unsigned long long kLegacyStreamId = 1;
constexpr unsigned long long kPerThreadStreamId = 2;

cudaError_t create_stream(Runtime& rt, cudaStream_t* out, unsigned flags, int priority) {
  if (out == nullptr || (flags & ~static_cast<unsigned>(cudaStreamNonBlocking)) != 0) {
    return cudaErrorInvalidValue;
  }
  // Priorities outside the meaningful range are clamped into it, as CUDA does.
  const PriorityRange range = stream_priority_range(rt.properties());
  CUstream_st* stream = rt.handles().streams.create();
  stream->flags = flags;
  stream->priority = std::clamp(priority, range.greatest, range.least);
  stream->id = rt.settings().next_stream_id++;
  *out = stream;
  return cudaSuccess;
}

bool is_default_stream(cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread;
}

// The stream a handle names; a default stream reads as a zero-initialized one. nullptr for a
// handle that names no stream.
const CUstream_st* stream_state(Runtime& rt, cudaStream_t stream, CUstream_st& scratch) {
  if (!is_default_stream(stream)) return rt.handles().streams.find(stream);
  scratch = CUstream_st{};
  scratch.id = stream == cudaStreamPerThread ? kPerThreadStreamId : kLegacyStreamId;
  return &scratch;
}

cudaError_t record_event(Runtime& rt, cudaEvent_t event, cudaStream_t stream) {
  CUevent_st* e = rt.handles().events.find(event);
  if (e == nullptr || !rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
  e->recorded = true;
  e->time_ns = rt.now_ns();
  return cudaSuccess;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaStreamCreate(cudaStream_t* pStream) {
  return cudaStreamCreateWithFlags(pStream, cudaStreamDefault);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::create_stream(rt, pStream, flags, 0); });
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags, int priority) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::create_stream(rt, pStream, flags, priority); });
}

cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int* priority) {
  return api_call([&](Runtime& rt) {
    if (priority == nullptr) return cudaErrorInvalidValue;
    CUstream_st scratch;
    const CUstream_st* s = warpsim::runtime::stream_state(rt, hStream, scratch);
    if (s == nullptr) return cudaErrorInvalidResourceHandle;
    *priority = s->priority;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int* flags) {
  return api_call([&](Runtime& rt) {
    if (flags == nullptr) return cudaErrorInvalidValue;
    CUstream_st scratch;
    const CUstream_st* s = warpsim::runtime::stream_state(rt, hStream, scratch);
    if (s == nullptr) return cudaErrorInvalidResourceHandle;
    *flags = s->flags;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long* streamId) {
  return api_call([&](Runtime& rt) {
    if (streamId == nullptr) return cudaErrorInvalidValue;
    CUstream_st scratch;
    const CUstream_st* s = warpsim::runtime::stream_state(rt, hStream, scratch);
    if (s == nullptr) return cudaErrorInvalidResourceHandle;
    *streamId = s->id;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int* device) {
  return api_call([&](Runtime& rt) {
    if (device == nullptr) return cudaErrorInvalidValue;
    if (!rt.handles().valid_stream(hStream)) return cudaErrorInvalidResourceHandle;
    *device = 0;
    return cudaSuccess;
  });
}

// The callback runs outside the runtime lock, so it may call the API itself (CUDA forbids that,
// but programs that break the rule still work here).
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* userData, unsigned int flags) {
  const cudaError_t status = api_call([&](Runtime& rt) {
    if (callback == nullptr || flags != 0) return cudaErrorInvalidValue;
    return rt.handles().valid_stream(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
  // A failed kernel ends the program, so the stream never carries an error to report.
  if (status == cudaSuccess) callback(stream, cudaSuccess, userData);
  return status;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData) {
  const cudaError_t status = api_call([&](Runtime& rt) {
    if (fn == nullptr) return cudaErrorInvalidValue;
    return rt.handles().valid_stream(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
  if (status == cudaSuccess) fn(userData);
  return status;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    return rt.handles().streams.destroy(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    return rt.handles().valid_stream(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaStreamQuery(cudaStream_t stream) { return cudaStreamSynchronize(stream); }

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream) || rt.handles().events.find(event) == nullptr) {
      return cudaErrorInvalidResourceHandle;
    }
    return flags == 0 ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    const unsigned known = cudaEventBlockingSync | cudaEventDisableTiming;
    if (event == nullptr || (flags & ~known) != 0) return cudaErrorInvalidValue;
    CUevent_st* e = rt.handles().events.create();
    e->flags = flags;
    *event = e;
    return cudaSuccess;
  });
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return api_call([&](Runtime& rt) {
    return rt.handles().events.destroy(event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::record_event(rt, event, stream); });
}

// cudaEventRecordExternal only matters while a stream is captured into a graph, which the
// functional runtime does not do; outside capture it records like the default.
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if ((flags & ~static_cast<unsigned>(cudaEventRecordExternal)) != 0) {
      return cudaErrorInvalidValue;
    }
    return warpsim::runtime::record_event(rt, event, stream);
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return api_call([&](Runtime& rt) {
    return rt.handles().events.find(event) != nullptr ? cudaSuccess
                                                      : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaEventQuery(cudaEvent_t event) { return cudaEventSynchronize(event); }

// The simulated time between the two records (see Runtime::now_ns), in milliseconds.
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  return api_call([&](Runtime& rt) {
    if (ms == nullptr) return cudaErrorInvalidValue;
    const CUevent_st* a = rt.handles().events.find(start);
    const CUevent_st* b = rt.handles().events.find(end);
    if (a == nullptr || b == nullptr) return cudaErrorInvalidResourceHandle;
    if (((a->flags | b->flags) & cudaEventDisableTiming) != 0) {
      return cudaErrorInvalidResourceHandle;
    }
    if (!a->recorded || !b->recorded) return cudaErrorInvalidResourceHandle;
    const double delta = static_cast<double>(b->time_ns) - static_cast<double>(a->time_ns);
    *ms = static_cast<float>(delta / 1e6);
    return cudaSuccess;
  });
}

}  // extern "C"
