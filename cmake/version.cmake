# The tool version and the git sha of the source tree are stamped into every
# result, so results from different builds are never confused.
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE SCHEDLAB_GIT_SHA OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} status --porcelain --untracked-files=no
  OUTPUT_VARIABLE SCHEDLAB_GIT_DIRTY OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT SCHEDLAB_GIT_SHA)
  set(SCHEDLAB_GIT_SHA "unknown")
elseif(SCHEDLAB_GIT_DIRTY)
  set(SCHEDLAB_GIT_SHA "${SCHEDLAB_GIT_SHA}-dirty")
endif()
configure_file(${CMAKE_SOURCE_DIR}/src/core/version.cpp.in ${CMAKE_BINARY_DIR}/version.cpp @ONLY)
