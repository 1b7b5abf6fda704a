# `cpack -G DEB` in the build directory makes schedlab_VERSION_ARCH.deb from
# the install rules (cmake/reference.cmake), into /usr; dpkg-shlibdeps
# (dpkg-dev) computes its Depends from the libraries the binaries link.
set(SCHEDLAB_MAINTAINER "schedlab developers <schedlab@invalid>"
    CACHE STRING "the Maintainer field of the .deb")
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "schedlab")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "reproduce, measure and compare Linux scheduler and process-lifecycle regressions")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}
 schedlab runs the workloads scheduler regressions are reported with
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
