# The bpf probes' kernel programs (src/probes/bpf/lifecycle.bpf.c for bpf,
# funclat.bpf.c for bpf-funclat): each compiled
# for the BPF target with BTF (-g) so that libbpf can relocate its field
# accesses against the running kernel's BTF at load (CO-RE), its DWARF
# stripped, and turned into a C skeleton header by bpftool, which embeds the
# object in the schedlab binary: nothing is installed beside it.  The
# kernel types it reads are declared in src/probes/bpf/kernel_types.h, so
# the build needs no BTF of its own kernel.  Debian: clang, bpftool,
# libbpf-dev (scripts/deps); llvm-strip is optional (llvm).
find_package(PkgConfig REQUIRED)
find_program(SCHEDLAB_BPF_CLANG NAMES clang clang-14 REQUIRED)
find_program(SCHEDLAB_BPFTOOL NAMES bpftool PATHS /usr/sbin /sbin REQUIRED)
find_program(SCHEDLAB_BPF_STRIP NAMES llvm-strip llvm-strip-14)
pkg_check_modules(LIBBPF REQUIRED IMPORTED_TARGET libbpf)

set(SCHEDLAB_BPF_DIR ${CMAKE_BINARY_DIR}/bpf)
file(MAKE_DIRECTORY ${SCHEDLAB_BPF_DIR})

# schedlab_bpf_skeleton(NAME): src/probes/bpf/NAME.bpf.c ->
# ${SCHEDLAB_BPF_DIR}/NAME.skel.h, whose C struct is sl_NAME.
function(schedlab_bpf_skeleton name)
  set(src ${CMAKE_SOURCE_DIR}/src/probes/bpf/${name}.bpf.c)
  set(obj ${SCHEDLAB_BPF_DIR}/${name}.bpf.o)
  set(skel ${SCHEDLAB_BPF_DIR}/${name}.skel.h)
  set(includes -I${CMAKE_SOURCE_DIR}/src)
  foreach(dir ${LIBBPF_INCLUDE_DIRS})
    list(APPEND includes -I${dir})
  endforeach()
  set(strip_step)
  if(SCHEDLAB_BPF_STRIP)
    set(strip_step COMMAND ${SCHEDLAB_BPF_STRIP} -g ${obj})  # keeps .BTF and .BTF.ext, which CO-RE needs
  endif()
  add_custom_command(OUTPUT ${skel}
    COMMAND ${SCHEDLAB_BPF_CLANG} -target bpf -g -O2 -Wall -Werror ${includes} -c ${src} -o ${obj}
    ${strip_step}
    COMMAND sh -c "\"$0\" gen skeleton \"$1\" name sl_${name} > \"$2\"" ${SCHEDLAB_BPFTOOL} ${obj} ${skel}
    DEPENDS ${src} ${CMAKE_SOURCE_DIR}/src/probes/bpf/lifecycle.h ${CMAKE_SOURCE_DIR}/src/probes/bpf/kernel_types.h
            ${CMAKE_SOURCE_DIR}/src/probes/bpf/funclat.h
    COMMENT "BPF skeleton ${name}.skel.h"
    VERBATIM)
  set_property(GLOBAL APPEND PROPERTY SCHEDLAB_BPF_SKELETONS ${skel})
endfunction()

schedlab_bpf_skeleton(lifecycle)
schedlab_bpf_skeleton(funclat)
get_property(skeletons GLOBAL PROPERTY SCHEDLAB_BPF_SKELETONS)
# A target of its own, so that scripts/tidy can generate the headers
# without building anything else.
add_custom_target(schedlab_bpf_skeletons DEPENDS ${skeletons})
