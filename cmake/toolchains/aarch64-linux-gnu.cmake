# Cross build for arm64 with Debian's cross toolchain and multiarch
# libraries (scripts/deps --arm64): `cmake --preset arm64`.
#   compilers      aarch64-linux-gnu-gcc/g++ (crossbuild-essential-arm64)
#   libraries      the :arm64 packages in /usr/lib/aarch64-linux-gnu, found
#                  through CMAKE_LIBRARY_ARCHITECTURE and the arm64
#                  pkg-config directory
#   running        qemu-user's qemu-aarch64 runs the tests and the build's
#                  own tools (gtest_discover_tests); the arm64 loader and
#                  libc are installed by multiarch, so no sysroot is needed
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
# pkg-config reads only the arm64 .pc files (and the architecture-
# independent ones), never the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
