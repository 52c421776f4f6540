# Generates the unsupported-API stubs and per-thread-default-stream entry points of the libcudart
# replacements from the name lists in this folder. Run by the build (src/CMakeLists.txt), as
#
#   cmake -DMODE=common -DUNSUPPORTED=unsupported.txt -DOUT_CC=stubs.cc -P generate.cmake
#     one weak stub per name in unsupported.txt (CUDA 13 API names warpsim_core does not define)
#
#   cmake -DMODE=version -DEXPORTS13=cuda13_exports.txt -DUNSUPPORTED=unsupported.txt
#         -DVERSION_DIR=vNN -DOUT_CC=... -DOUT_S=... -DOUT_RENAMES=... -P generate.cmake
#     for one library version: its per-thread entry points (OUT_S, trampolines to the base
#     function), stubs for the version's own unsupported names and for per-thread names whose base
#     is unsupported (OUT_CC), and the objcopy --redefine-syms file that moves the CUDA 13
#     definitions of the names the version replaces (vNN/overrides.txt) out of the way.
#
# A list file holds one name per line; '#' starts a comment. The vNN files are optional:
#   vNN/per_thread.txt   _ptsz/_ptds names of that CUDA version that CUDA 13 does not export
#   vNN/unsupported.txt  names of that version's library that are stubs (legacy-only names, and
#                        CUDA 13 names whose older ABI the version layer does not convert)
#   vNN/overrides.txt    CUDA 13 names whose warpsim_core definition the version layer replaces
# The stubs are weak, so a real definition anywhere in the library wins: a list that is behind the
# code never breaks the build (scripts/gen-unsupported --check reports it).

cmake_minimum_required(VERSION 3.25)

function(read_names path out)
  set(names "")
  if(EXISTS "${path}")
    file(STRINGS "${path}" lines)
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "#.*" "" line "${line}")
      string(STRIP "${line}" line)
      if(line STREQUAL "")
        continue()
      endif()
      if(NOT line MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
        message(FATAL_ERROR "${path}: '${line}' is not a C identifier")
      endif()
      list(APPEND names "${line}")
    endforeach()
  endif()
  list(REMOVE_DUPLICATES names)
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

function(stub_source names origin out)
  set(text "// Generated from ${origin} by src/runtime/abi/generate.cmake; do not edit.\n")
  string(APPEND text "// Each name is a CUDA runtime API function warpsim does not implement. The stubs\n")
  string(APPEND text "// never return, so their parameters do not matter; they are weak so that a real\n")
  string(APPEND text "// definition anywhere in the library takes precedence.\n\n")
  string(APPEND text "#include \"runtime/abi/unsupported.h\"\n\n")
  string(APPEND text "#define WARPSIM_UNSUPPORTED(name)                                  \\\n")
  string(APPEND text "  extern \"C\" [[noreturn]] __attribute__((weak)) void name() {     \\\n")
  string(APPEND text "    warpsim::runtime::unsupported_api(#name);                      \\\n")
  string(APPEND text "  }\n\n")
  foreach(name IN LISTS names)
    string(APPEND text "WARPSIM_UNSUPPORTED(${name})\n")
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(trampoline_source pairs origin out)
  set(text "// Generated from ${origin} by src/runtime/abi/generate.cmake; do not edit.\n")
  string(APPEND text "// Per-thread-default-stream entry points: functional mode runs every stream\n")
  string(APPEND text "// operation to completion inside the call, so NAME_ptsz/NAME_ptds is NAME. A tail\n")
  string(APPEND text "// jump leaves every argument register and the stack as the caller set them.\n\n")
  string(APPEND text "#if defined(__x86_64__)\n#define WARPSIM_TAIL_CALL(base) jmp base@PLT\n")
  string(APPEND text "#elif defined(__aarch64__)\n#define WARPSIM_TAIL_CALL(base) b base\n")
  string(APPEND text "#else\n#error \"per-thread entry points: unsupported architecture\"\n#endif\n\n")
  string(APPEND text "  .text\n")
  foreach(pair IN LISTS pairs)
    string(REPLACE ":" ";" parts "${pair}")
    list(GET parts 0 name)
    list(GET parts 1 base)
    string(APPEND text "  .p2align 4\n  .weak ${name}\n  .type ${name}, %function\n${name}:\n")
    string(APPEND text "  .cfi_startproc\n  WARPSIM_TAIL_CALL(${base})\n  .cfi_endproc\n")
    string(APPEND text "  .size ${name}, .-${name}\n\n")
  endforeach()
  string(APPEND text "  .section .note.GNU-stack,\"\",%progbits\n")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(per_thread_base name out)
  string(REGEX REPLACE "_(ptsz|ptds)$" "" base "${name}")
  set(${out} "${base}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "common")
  read_names("${UNSUPPORTED}" unsupported)
  stub_source("${unsupported}" "src/runtime/abi/unsupported.txt" text)
  file(WRITE "${OUT_CC}" "${text}")
elseif(MODE STREQUAL "version")
  read_names("${EXPORTS13}" exports13)
  read_names("${UNSUPPORTED}" unsupported)
  read_names("${VERSION_DIR}/per_thread.txt" own_per_thread)
  read_names("${VERSION_DIR}/unsupported.txt" own_unsupported)
  read_names("${VERSION_DIR}/overrides.txt" overrides)
  get_filename_component(version_name "${VERSION_DIR}" NAME)

  # A CUDA 13 name stubbed here must also be moved out of warpsim_core's way, or warpsim_core's
  # definition (with CUDA 13's ABI) would silently win over the weak stub.
  foreach(name IN LISTS own_unsupported)
    if(name IN_LIST exports13 AND NOT name IN_LIST overrides)
      message(FATAL_ERROR "${VERSION_DIR}/unsupported.txt: ${name} is a CUDA 13 name; "
                          "list it in ${VERSION_DIR}/overrides.txt too")
    endif()
  endforeach()

  set(per_thread "")
  foreach(name IN LISTS exports13 own_per_thread)
    if(name MATCHES "_(ptsz|ptds)$")
      list(APPEND per_thread "${name}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES per_thread)
  list(SORT per_thread)

  set(stubs "${own_unsupported}")
  set(trampolines "")
  foreach(name IN LISTS per_thread)
    per_thread_base("${name}" base)
    if(base IN_LIST own_unsupported OR (base IN_LIST unsupported AND NOT base IN_LIST overrides))
      list(APPEND stubs "${name}")
    else()
      list(APPEND trampolines "${name}:${base}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES stubs)
  list(SORT stubs)

  stub_source("${stubs}" "src/runtime/abi/${version_name}/unsupported.txt and the per-thread names"
              cc_text)
  trampoline_source("${trampolines}" "the per-thread names of src/runtime/abi/cuda13_exports.txt and ${version_name}/per_thread.txt"
                    s_text)
  set(renames "")
  foreach(name IN LISTS overrides)
    if(NOT name IN_LIST exports13)
      message(FATAL_ERROR "${VERSION_DIR}/overrides.txt: ${name} is not a CUDA 13 name")
    endif()
    string(APPEND renames "${name} warpsim_v13_${name}\n")
  endforeach()
  file(WRITE "${OUT_CC}" "${cc_text}")
  file(WRITE "${OUT_S}" "${s_text}")
  if(OUT_RENAMES)
    file(WRITE "${OUT_RENAMES}" "${renames}")
  endif()
else()
  message(FATAL_ERROR "generate.cmake: MODE must be common or version")
endif()
