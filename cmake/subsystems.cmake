# One static library per subsystem (src/NAME -> warpsim_NAME), each compiled against an include
# root that holds only the folders it may include: its own and those of the subsystems it depends
# on, transitively (build/layers/NAME/, one symbolic link per allowed folder). An include that
# runs up the layers (cache/ including an sm/ header) therefore fails to compile: the header is
# not on the path. A subsystem may depend only on subsystems declared before it, so the layers
# cannot form a cycle. docs/architecture.md draws the resulting picture.
#
# Plug-ins register themselves from static initializers that nothing references, so every
# subsystem library is linked whole (WHOLE_ARCHIVE) wherever it is linked.

set(WARPSIM_SRC "${CMAKE_SOURCE_DIR}/src")
set(WARPSIM_LAYER_ROOTS "${CMAKE_BINARY_DIR}/layers")
set(WARPSIM_VERSION_INCLUDE "${CMAKE_BINARY_DIR}/generated/version")

# warpsim_subsystem(NAME [DEPENDS SUBSYSTEM...] [EXCLUDE REGEX...] [SOURCES FILE...]
#                   [LIBRARIES TARGET...])
#   NAME       the folder under src/; every .cc below it is compiled (minus EXCLUDE matches)
#   DEPENDS    the subsystems NAME's code includes directly (each declared earlier)
#   SOURCES    further sources outside src/NAME (generated files, workloads/)
#   LIBRARIES  outside libraries NAME's headers or code use
function(warpsim_subsystem name)
  cmake_parse_arguments(arg "" "" "DEPENDS;EXCLUDE;SOURCES;LIBRARIES" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${WARPSIM_SRC}/${name}/*.cc")
  foreach(pattern ${arg_EXCLUDE})
    list(FILTER sources EXCLUDE REGEX "${pattern}")
  endforeach()
  list(APPEND sources ${arg_SOURCES})

  set(closure ${name})
  foreach(dep ${arg_DEPENDS})
    if(NOT TARGET warpsim_${dep})
      message(FATAL_ERROR "subsystem ${name} depends on ${dep}, which is not declared before it")
    endif()
    get_property(dep_closure GLOBAL PROPERTY WARPSIM_LAYER_${dep})
    list(APPEND closure ${dep_closure})
  endforeach()
  list(REMOVE_DUPLICATES closure)
  set_property(GLOBAL PROPERTY WARPSIM_LAYER_${name} ${closure})
  set(libraries ${arg_LIBRARIES})
  foreach(dep ${arg_DEPENDS})
    get_property(dep_libraries GLOBAL PROPERTY WARPSIM_LIBRARIES_${dep})
    list(APPEND libraries ${dep_libraries})
  endforeach()
  list(REMOVE_DUPLICATES libraries)
  set_property(GLOBAL PROPERTY WARPSIM_LIBRARIES_${name} ${libraries})

  set(root "${WARPSIM_LAYER_ROOTS}/${name}")
  file(REMOVE_RECURSE "${root}")
  file(MAKE_DIRECTORY "${root}")
  foreach(folder ${closure})
    file(CREATE_LINK "${WARPSIM_SRC}/${folder}" "${root}/${folder}" SYMBOLIC)
  endforeach()

  add_library(warpsim_${name} STATIC ${sources})
  # Position-independent: the CUDA runtime shared libraries are made of the same objects.
  set_target_properties(warpsim_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(warpsim_${name} PRIVATE "${root}" "${WARPSIM_VERSION_INCLUDE}")
  foreach(dep ${arg_DEPENDS})
    target_link_libraries(warpsim_${name} PUBLIC "$<LINK_LIBRARY:WHOLE_ARCHIVE,warpsim_${dep}>")
  endforeach()
  target_link_libraries(warpsim_${name} PUBLIC ${arg_LIBRARIES})
endfunction()

# The include root of subsystem NAME, for targets outside src/ compiled as part of it.
function(warpsim_layer_root name out)
  set(${out} "${WARPSIM_LAYER_ROOTS}/${name}" PARENT_SCOPE)
endfunction()

# The subsystem libraries of NAME and everything below it (`archives`: their files), and the
# outside libraries they use (`libraries`).
function(warpsim_layer_closure name targets archives libraries)
  get_property(closure GLOBAL PROPERTY WARPSIM_LAYER_${name})
  set(target_list "")
  set(files "")
  foreach(folder ${closure})
    list(APPEND target_list warpsim_${folder})
    list(APPEND files "$<TARGET_FILE:warpsim_${folder}>")
  endforeach()
  get_property(outside GLOBAL PROPERTY WARPSIM_LIBRARIES_${name})
  set(${targets} ${target_list} PARENT_SCOPE)
  set(${archives} ${files} PARENT_SCOPE)
  set(${libraries} ${outside} PARENT_SCOPE)
endfunction()
