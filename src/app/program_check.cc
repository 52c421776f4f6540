#include "app/program_check.h"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string_view>

#include "app/app.h"

namespace warpsim::app {

namespace {

// Bounds-checked reads of a whole ELF file (host programs are a few MB; a bad one is rejected,
// never read past its end).
class ElfFile {
 public:
  explicit ElfFile(const std::filesystem::path& path) : path_(path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot read program '" + path.string() + "'");
    bytes_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  bool is_elf64() const {
    return bytes_.size() >= sizeof(Elf64_Ehdr) &&
           std::memcmp(bytes_.data(), ELFMAG, SELFMAG) == 0 && bytes_[EI_CLASS] == ELFCLASS64;
  }

  template <class T>
  T read(std::uint64_t offset) const {
    if (offset > bytes_.size() || sizeof(T) > bytes_.size() - offset) bad("a header");
    T value;
    std::memcpy(&value, bytes_.data() + offset, sizeof value);
    return value;
  }

  std::string string_at(std::uint64_t offset) const {
    if (offset >= bytes_.size()) bad("a string table");
    const char* begin = bytes_.data() + offset;
    const void* nul = std::memchr(begin, '\0', bytes_.size() - offset);
    if (nul == nullptr) bad("a string table");
    return std::string(begin, static_cast<const char*>(nul));
  }

  [[noreturn]] void bad(const char* what) const {
    throw UsageError("program '" + path_.string() + "' is a damaged ELF file (" + what +
                     " lies outside the file)");
  }

 private:
  std::filesystem::path path_;
  std::vector<char> bytes_;
};

std::vector<Elf64_Shdr> section_headers(const ElfFile& elf, const Elf64_Ehdr& header) {
  std::vector<Elf64_Shdr> sections;
  if (header.e_shentsize != sizeof(Elf64_Shdr) && header.e_shnum != 0) elf.bad("a section header");
  for (std::uint64_t i = 0; i < header.e_shnum; ++i) {
    sections.push_back(elf.read<Elf64_Shdr>(header.e_shoff + i * sizeof(Elf64_Shdr)));
  }
  return sections;
}

std::vector<std::string> needed_libraries(const ElfFile& elf,
                                          const std::vector<Elf64_Shdr>& sections) {
  std::vector<std::string> needed;
  for (const Elf64_Shdr& s : sections) {
    if (s.sh_type != SHT_DYNAMIC) continue;
    if (s.sh_link >= sections.size()) elf.bad("the dynamic section's string table");
    const Elf64_Shdr& strings = sections[s.sh_link];
    for (std::uint64_t at = 0; at + sizeof(Elf64_Dyn) <= s.sh_size; at += sizeof(Elf64_Dyn)) {
      const auto entry = elf.read<Elf64_Dyn>(s.sh_offset + at);
      if (entry.d_tag == DT_NULL) break;
      if (entry.d_tag == DT_NEEDED)
        needed.push_back(elf.string_at(strings.sh_offset + entry.d_un.d_val));
    }
  }
  return needed;
}

bool has_prefix(const std::vector<std::string>& names, std::string_view prefix) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return n.starts_with(prefix); });
}

}  // namespace

bool ProgramLinkage::needs_cudart() const { return has_prefix(needed, "libcudart.so"); }
bool ProgramLinkage::needs_driver_api() const { return has_prefix(needed, "libcuda.so"); }

ProgramLinkage inspect_program(const std::filesystem::path& path) {
  const ElfFile elf(path);
  ProgramLinkage linkage;
  if (!elf.is_elf64()) return linkage;
  linkage.is_elf = true;
  const auto header = elf.read<Elf64_Ehdr>(0);
  const std::vector<Elf64_Shdr> sections = section_headers(elf, header);
  if (header.e_shstrndx < sections.size()) {
    const Elf64_Shdr& names = sections[header.e_shstrndx];
    for (const Elf64_Shdr& s : sections) {
      if (elf.string_at(names.sh_offset + s.sh_name) == ".nv_fatbin")
        linkage.has_device_code = true;
    }
  }
  linkage.needed = needed_libraries(elf, sections);
  return linkage;
}

void check_program_linkage(const std::filesystem::path& path, const ProgramLinkage& linkage) {
  if (!linkage.is_elf || linkage.needs_cudart()) return;
  if (linkage.has_device_code) {
    throw UsageError("'" + path.string() +
                     "' has the CUDA runtime linked in statically (nvcc's default), so warpsim "
                     "cannot stand in for it: rebuild with -cudart shared");
  }
  if (linkage.needs_driver_api()) {
    throw UsageError("'" + path.string() +
                     "' uses the CUDA driver API (libcuda.so) directly; warpsim implements the "
                     "CUDA runtime API (libcudart.so): see docs/runtime.md");
  }
}

}  // namespace warpsim::app
