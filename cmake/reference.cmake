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

install(TARGETS schedlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS schedlab-worker RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/schedlab)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/schedlab.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/bash/schedlab
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${SCHEDLAB_REFERENCE_DIR}/zsh/_schedlab DESTINATION ${SCHEDLAB_ZSH_COMPLETION_DIR})
