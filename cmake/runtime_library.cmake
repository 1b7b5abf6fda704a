# schedlab_library(PREFIX MODULE SONAME HEADER [SUFFIX]): the library as
# pkg-config names it (target PkgConfig::PREFIX), as everywhere.  Only when
# cross-compiling, and only when the target's -dev package is missing, the
# target is made from the target architecture's runtime library (SONAME) and
# the build machine's headers (HEADER, under include/SUFFIX): in Debian
# bookworm libpq-dev and libyaml-cpp-dev cannot be installed for two
# architectures at once, their runtime packages can (libpq5:arm64,
# libyaml-cpp0.7:arm64), and their headers are the same on every 64-bit
# Linux architecture (pg_config_ext.h's int64 is `long int` on both).
function(schedlab_library prefix module soname header)
  set(suffix "${ARGN}")
  if(CMAKE_CROSSCOMPILING)
    pkg_check_modules(${prefix} QUIET IMPORTED_TARGET ${module})
  else()
    pkg_check_modules(${prefix} REQUIRED IMPORTED_TARGET ${module})
  endif()
  if(${prefix}_FOUND)
    return()
  endif()
  find_library(${prefix}_RUNTIME NAMES ${soname})
  find_path(${prefix}_HEADERS NAMES ${header} PATHS /usr/include PATH_SUFFIXES ${suffix} NO_CMAKE_FIND_ROOT_PATH)
  if(NOT ${prefix}_RUNTIME OR NOT ${prefix}_HEADERS)
    message(FATAL_ERROR "${module}: neither its ${CMAKE_LIBRARY_ARCHITECTURE} development package nor its runtime "
                        "library ${soname} with the build machine's ${header} (scripts/deps --arm64)")
  endif()
  message(STATUS "${module}: the runtime ${${prefix}_RUNTIME} with the headers in ${${prefix}_HEADERS}")
  add_library(PkgConfig::${prefix} UNKNOWN IMPORTED GLOBAL)
  set_target_properties(PkgConfig::${prefix} PROPERTIES IMPORTED_LOCATION ${${prefix}_RUNTIME}
                        INTERFACE_INCLUDE_DIRECTORIES ${${prefix}_HEADERS})
endfunction()
