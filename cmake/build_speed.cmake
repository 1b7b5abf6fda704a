# How the C++ targets are compiled fast (docs/build.md has the measurements
# behind each choice; bench/setup_time repeats them).
#
# Unity (jumbo) builds: the .cpp files of a target are compiled in batches,
# each batch one translation unit, so the heavy headers nearly every file
# includes (nlohmann/json, fmt, CLI11, Boost.Math, GoogleTest) are parsed,
# and their templates instantiated, once per batch instead of once per
# file.  What this asks of the code: a name private to a .cpp (in its
# anonymous namespace, or static) must be unique within its target, and a
# .cpp file must not define macros or `using namespace` for the files after
# it.  -DSCHEDLAB_UNITY=OFF compiles file by file.
option(SCHEDLAB_UNITY "Compile each target's C++ sources in batches (CMake UNITY_BUILD)" ON)
# How many files a batch holds is a trade (docs/build.md has the figures):
# a template instantiated in two batches is compiled twice, so fewer, larger
# batches cost less CPU in all (schedlab_core at -O2 from clean: 386 CPU s
# in batches of 16, 253 in batches of 72, 156 as one); but an edit
# recompiles its whole batch, and a build has no more parallel work than
# batches.  So by default:
#   - with a compiler cache (CMAKE_CXX_COMPILER_LAUNCHER, e.g. ccache), the
#     developer's case, batches of 16: an edit recompiles 16 files;
#   - without one, every build is a cold build (the quick start, CI, a
#     package build): one batch per CPU of this machine, at least 16 files.
# -DSCHEDLAB_UNITY_BATCH=N fixes the size for every target;
# -DSCHEDLAB_UNITY_BATCH=target makes each target one batch: the least CPU
# in all, for a build that only parses (the tidy preset), and one batch
# holds every pairing of files, so a clash that some machine's batching
# could meet shows on every machine;
# -DSCHEDLAB_UNITY_BATCH=background is for a build whose wall time is
# hidden (scripts/test's clang build): one batch per target without a
# compiler cache, the batches of 16 with one (an edit stays cheap).
set(SCHEDLAB_UNITY_BATCH "" CACHE STRING
    "C++ files per unity batch: N, target (one batch per target), background, or empty (chosen as build_speed.cmake says)")
cmake_host_system_information(RESULT SCHEDLAB_CPUS QUERY NUMBER_OF_LOGICAL_CORES)

# schedlab_unity(TARGET): TARGET's C++ files in batches.
function(schedlab_unity target)
  if(NOT SCHEDLAB_UNITY)
    return()
  endif()
  set(batch "${SCHEDLAB_UNITY_BATCH}")
  if("${batch}" STREQUAL "background")
    set(batch "")
    if(NOT CMAKE_CXX_COMPILER_LAUNCHER)
      set(batch target)
    endif()
  endif()
  if("${batch}" STREQUAL "target")
    set(batch 0)  # CMake: every file of the target in one batch
  elseif("${batch}" STREQUAL "" AND CMAKE_CXX_COMPILER_LAUNCHER)
    set(batch 16)
  elseif("${batch}" STREQUAL "")
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.(cpp|cxx|cc)$")
    list(LENGTH sources files)
    math(EXPR batch "(${files} + ${SCHEDLAB_CPUS} - 1) / ${SCHEDLAB_CPUS}")
    if(batch LESS 16)
      set(batch 16)
    endif()
  elseif(NOT batch MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "SCHEDLAB_UNITY_BATCH=${batch}: a number of files (1 or more), target, background, or empty")
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH
                        UNITY_BUILD_BATCH_SIZE ${batch})
endfunction()
