// Streams and events. Work runs to completion when it is issued, so every stream is idle and
// every recorded event complete by the time a call returns; these calls only check handles and
// keep the simulated time at which each event was recorded.

#include "runtime/runtime.h"

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaStreamCreate(cudaStream_t* pStream) {
  return cudaStreamCreateWithFlags(pStream, cudaStreamDefault);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (pStream == nullptr || (flags & ~static_cast<unsigned>(cudaStreamNonBlocking)) != 0) {
      return cudaErrorInvalidValue;
    }
    CUstream_st* stream = rt.streams().create();
    stream->flags = flags;
    *pStream = stream;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    return rt.streams().destroy(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    return rt.valid_stream(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaStreamQuery(cudaStream_t stream) { return cudaStreamSynchronize(stream); }

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (!rt.valid_stream(stream) || rt.events().find(event) == nullptr) {
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
    CUevent_st* e = rt.events().create();
    e->flags = flags;
    *event = e;
    return cudaSuccess;
  });
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return api_call([&](Runtime& rt) {
    return rt.events().destroy(event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    CUevent_st* e = rt.events().find(event);
    if (e == nullptr || !rt.valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    e->recorded = true;
    e->time_ns = rt.now_ns();
    return cudaSuccess;
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return api_call([&](Runtime& rt) {
    return rt.events().find(event) != nullptr ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaEventQuery(cudaEvent_t event) { return cudaEventSynchronize(event); }

// The simulated time between the two records (see Runtime::now_ns), in milliseconds.
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  return api_call([&](Runtime& rt) {
    if (ms == nullptr) return cudaErrorInvalidValue;
    const CUevent_st* a = rt.events().find(start);
    const CUevent_st* b = rt.events().find(end);
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
