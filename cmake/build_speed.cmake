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
# it.  -DSCHEDLAB_UNITY=OFF compiles file by file (the tidy preset does, so
# every file is also checked on its own).
option(SCHEDLAB_UNITY "Compile each target's C++ sources in batches (CMake UNITY_BUILD)" ON)
# A batch too large leaves a CPU idle at the end of the build and makes an
# edit recompile more; too small parses the headers more often.
set(SCHEDLAB_UNITY_BATCH 16 CACHE STRING "C++ files per unity batch")

# schedlab_unity(TARGET): TARGET's C++ files in batches.
function(schedlab_unity target)
  if(SCHEDLAB_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH
                          UNITY_BUILD_BATCH_SIZE ${SCHEDLAB_UNITY_BATCH})
  endif()
endfunction()

