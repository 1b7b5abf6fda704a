#pragma once
// Words added to a guest kernel's command line (kernels --append, and a
// baseline's guest.append that check --kernel boots with): text a kernel
// command line can hold, which cannot take the guest away from schedlab.
#include <cstddef>
#include <string>

namespace schedlab::input {

// Room left for schedlab's own words in the kernel's 2048-byte line.
inline constexpr std::size_t kMaxAppendBytes = 1024;

// Throws InputError "WHERE 'TEXT': expected ..." unless `text` is at most
// kMaxAppendBytes of printable ASCII (no control character, no escape
// sequence) and no word of it is init=, rdinit= (which would replace
// schedlab's /init) or "--" (after which words go to /init as arguments).
void check_kernel_append(const std::string& where, const std::string& text);

}  // namespace schedlab::input
