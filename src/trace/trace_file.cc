#include "trace/trace_file.h"

#include <lzma.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <streambuf>

#include "trace/line_source.h"

namespace warpsim::trace {
namespace {

// A read-only stream buffer that decodes an .xz file chunk by chunk.
class XzBuffer : public std::streambuf {
 public:
  explicit XzBuffer(const std::string& path) : file_(std::fopen(path.c_str(), "rb")), path_(path) {
    if (file_ == nullptr) throw TraceError(path + ": cannot open");
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
      std::fclose(file_);
      throw TraceError(path + ": cannot start the xz decoder");
    }
  }
  ~XzBuffer() override {
    lzma_end(&stream_);
    std::fclose(file_);
  }
  XzBuffer(const XzBuffer&) = delete;
  XzBuffer& operator=(const XzBuffer&) = delete;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (finished_) return traits_type::eof();
    stream_.next_out = reinterpret_cast<std::uint8_t*>(out_.data());
    stream_.avail_out = out_.size();
    while (stream_.avail_out == out_.size() && !finished_) {
      if (stream_.avail_in == 0 && !input_done_) refill();
      const lzma_ret ret = lzma_code(&stream_, input_done_ ? LZMA_FINISH : LZMA_RUN);
      if (ret == LZMA_STREAM_END) {
        finished_ = true;
      } else if (ret != LZMA_OK) {
        // An exception from underflow() sets badbit on the istream.
        throw TraceError(path_ + ": corrupt or truncated xz data");
      }
    }
    const std::size_t produced = out_.size() - stream_.avail_out;
    if (produced == 0) return traits_type::eof();
    setg(out_.data(), out_.data(), out_.data() + produced);
    return traits_type::to_int_type(*gptr());
  }

 private:
  void refill() {
    const std::size_t n = std::fread(in_.data(), 1, in_.size(), file_);
    if (n == 0) input_done_ = true;
    stream_.next_in = in_.data();
    stream_.avail_in = n;
  }

  std::FILE* file_;
  std::string path_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  std::array<std::uint8_t, 1 << 16> in_{};
  std::array<char, 1 << 16> out_{};
  bool input_done_ = false;
  bool finished_ = false;
};

class XzStream : public std::istream {
 public:
  explicit XzStream(const std::string& path) : std::istream(nullptr), buffer_(path) {
    rdbuf(&buffer_);
  }

 private:
  XzBuffer buffer_;
};

}  // namespace

std::unique_ptr<std::istream> open_trace_file(const std::string& path) {
  if (path.ends_with(".xz")) return std::make_unique<XzStream>(path);
  auto file = std::make_unique<std::ifstream>(path);
  if (!*file) throw TraceError(path + ": cannot open");
  return file;
}

}  // namespace warpsim::trace
