# The man page and the shell completions are written by the built schedlab
# itself (schedlab --help-man, --completion bash|zsh), from the descriptors
# its command line is parsed with; then everything is installed where a
# Debian system looks for it.
set(SCHEDLAB_REFERENCE_DIR ${CMAKE_BINARY_DIR}/reference)
add_custom_command(
  OUTPUT ${SCHEDLAB_REFERENCE_DIR}/schedlab.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${SCHEDLAB_REFERENCE_DIR}
  COMMAND $<TARGET_FILE:schedlab> --help-man > ${SCHEDLAB_REFERENCE_DIR}/schedlab.1
  # -n: no name or time stamp in the gzip header, so the page builds reproducibly
  COMMAND gzip -9nf ${SCHEDLAB_REFERENCE_DIR}/schedlab.1
  DEPENDS schedlab
  COMMENT "Generating the schedlab(1) man page")
add_custom_command(
  OUTPUT ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab
  COMMAND ${CMAKE_COMMAND} -E make_directory ${SCHEDLAB_REFERENCE_DIR}/bash ${SCHEDLAB_REFERENCE_DIR}/zsh
  COMMAND $<TARGET_FILE:schedlab> --completion bash > ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab
  COMMAND $<TARGET_FILE:schedlab> --completion zsh > ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab
  DEPENDS schedlab
  COMMENT "Generating the bash and zsh completions")
add_custom_target(schedlab_reference ALL DEPENDS ${SCHEDLAB_REFERENCE_DIR}/schedlab.1.gz
                  ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab)

# Debian's zsh reads vendor completions from /usr/share/zsh/vendor-completions;
# elsewhere site-functions is usual (set this to share/zsh/site-functions).
set(SCHEDLAB_ZSH_COMPLETION_DIR ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions
    CACHE STRING "where the zsh completion is installed, under the prefix")

# A build of only schedlab and its worker (scripts/quickstart's) has no man
# page, completions or compressed changelog (packaging.cmake) yet:
# `cmake --install` writes them first, rather than fail on a missing file.
# Only when missing: an install run as root should not rebuild the tree.
set(SCHEDLAB_GENERATED_INSTALLS ${SCHEDLAB_REFERENCE_DIR}/schedlab.1.gz ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab
    ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab ${CMAKE_BINARY_DIR}/deb/changelog.gz)
install(CODE "
  foreach(file ${SCHEDLAB_GENERATED_INSTALLS})
    if(NOT EXISTS \"\${file}\")
      message(STATUS \"Writing the man page, completions and changelog (this build had not)\")
      execute_process(COMMAND \"${CMAKE_COMMAND}\" --build \"${CMAKE_BINARY_DIR}\"
                              --target schedlab_reference schedlab_changelog RESULT_VARIABLE status)
      if(status)
        message(FATAL_ERROR \"cmake --build ${CMAKE_BINARY_DIR} --target schedlab_reference schedlab_changelog failed\")
      endif()
      break()
    endif()
  endforeach()")
install(TARGETS schedlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS schedlab-worker RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/schedlab)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/schedlab.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab DESTINATION ${SCHEDLAB_ZSH_COMPLETION_DIR})
