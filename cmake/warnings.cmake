# Warnings for every target we own; -Werror when SCHEDLAB_WERROR (CI) is on.
function(schedlab_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wformat=2
    # Aggregates with default member initializers are filled partially on purpose.
    -Wno-missing-field-initializers)
  if(SCHEDLAB_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(SCHEDLAB_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
