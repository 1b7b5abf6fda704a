# scripts/package (`cpack -G DEB` in a build directory) makes
# package/schedlab_VERSION_ARCH.deb from the install rules, into /usr;
# dpkg-shlibdeps (dpkg-dev) computes its Depends from the libraries the
# binaries link.  tests/package/deb_test.sh checks it, lintian included.

# The Maintainer: whoever builds the package, found as Debian's own tools
# find them (DEBFULLNAME and DEBEMAIL), else the git identity of the source
# tree (its user.name and user.email, else the author of its last commit).
function(schedlab_default_maintainer out)
  if(NOT "$ENV{DEBFULLNAME}" STREQUAL "" AND NOT "$ENV{DEBEMAIL}" STREQUAL "")
    set(${out} "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} config user.name
    OUTPUT_VARIABLE name OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} config user.email
    OUTPUT_VARIABLE email OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(name AND email)
    set(${out} "${name} <${email}>" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%an\ <%ae>
    OUTPUT_VARIABLE author OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(${out} "${author}" PARENT_SCOPE)
endfunction()
schedlab_default_maintainer(SCHEDLAB_DEFAULT_MAINTAINER)
# A build directory configured before keeps the old placeholder in its
# cache, which lintian rightly refuses (bogus-mail-host): replace it.
if(SCHEDLAB_MAINTAINER STREQUAL "schedlab developers <schedlab@invalid>")
  unset(SCHEDLAB_MAINTAINER CACHE)
endif()
set(SCHEDLAB_MAINTAINER "${SCHEDLAB_DEFAULT_MAINTAINER}"
    CACHE STRING "the Maintainer field of the .deb and its changelog: \"Name <mail>\"")

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "schedlab")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "reproduce, measure and compare Linux scheduler and process-lifecycle regressions")
# The extended description only: CPack (3.25) puts the summary before it as
# the synopsis and indents every line itself.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "schedlab runs the workloads scheduler regressions are reported with
(UnixBench spawn, execl, context1 and shell scripts, a pinned fork+exec
loop, schbench), under controlled scenarios (copies, pinning, cgroup depth,
autogroup, sysctls, sched features), records every figure that explains a
result, compares result sets with real statistics, answers git bisect run
and keeps a history with change points.")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${SCHEDLAB_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)  # the debug information stays in the build tree
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
include(CPack)

# /usr/share/doc/schedlab: the README and docs/, the copyright (the
# machine-readable format, cmake/deb/copyright) and a Debian changelog with
# one entry for this version, dated by the last commit so that the package
# builds reproducibly.
set(SCHEDLAB_DEB_DIR ${CMAKE_BINARY_DIR}/deb)
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%ct
  OUTPUT_VARIABLE SCHEDLAB_COMMIT_TIME OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(SCHEDLAB_COMMIT_TIME)
  set(saved_epoch "$ENV{SOURCE_DATE_EPOCH}")
  set(ENV{SOURCE_DATE_EPOCH} ${SCHEDLAB_COMMIT_TIME})
  string(TIMESTAMP SCHEDLAB_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
  set(ENV{SOURCE_DATE_EPOCH} "${saved_epoch}")
else()
  string(TIMESTAMP SCHEDLAB_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
configure_file(${CMAKE_SOURCE_DIR}/cmake/deb/changelog.in ${SCHEDLAB_DEB_DIR}/changelog @ONLY)
add_custom_command(
  OUTPUT ${SCHEDLAB_DEB_DIR}/changelog.gz
  # -n: no name or time stamp in the gzip header (reproducible)
  COMMAND gzip -9nc ${SCHEDLAB_DEB_DIR}/changelog > ${SCHEDLAB_DEB_DIR}/changelog.gz
  DEPENDS ${SCHEDLAB_DEB_DIR}/changelog
  COMMENT "Compressing the Debian changelog")
add_custom_target(schedlab_changelog ALL DEPENDS ${SCHEDLAB_DEB_DIR}/changelog.gz)
install(FILES README.md cmake/deb/copyright ${SCHEDLAB_DEB_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
