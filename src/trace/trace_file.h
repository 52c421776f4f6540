#pragma once

// Opens a text trace file for reading: plain (`.traceg`, `kernelslist.g`) or xz-compressed
// (`.xz`, as the Accel-Sim tracer writes with TRACE_FILE_COMPRESS=1), decompressed as it is
// read so that memory stays bounded whatever the file's size.

#include <istream>
#include <memory>
#include <string>

namespace warpsim::trace {

// Throws TraceError naming the path when the file cannot be opened. A `.xz` path is
// decompressed; a corrupt `.xz` stream makes the returned stream fail with `bad()` set.
std::unique_ptr<std::istream> open_trace_file(const std::string& path);

}  // namespace warpsim::trace
