#pragma once
// Files whose contents schedlab trusts (the result store) in places where
// another user may have put something first.  A root schedlab must never
// write through a symbolic link planted at such a path, nor take another
// user's file, whose rows it would believe, for its own.
#include <sys/types.h>

#include <string>

namespace schedlab::sys {

// "" when nothing is at `path` (or lstat cannot tell), or when it is a
// regular file owned by us or by root; otherwise why it must not be opened ("a symbolic link",
// "not a regular file", "owned by uid 65534 (nobody), not by you or
// root").  Never follows a link; never throws.
std::string planted_file_problem(const std::string& path);

// Creates every missing directory of `dir`, each with mode 0700; the
// existing ones are left as they are.  Throws SystemError naming the one
// that could not be made.
void make_private_directories(const std::string& dir);

// Makes `path` a new empty file with `mode`, never opening what is already
// there (O_CREAT|O_EXCL|O_NOFOLLOW): false when something is.  Throws
// SystemError for any other failure.
bool create_new_file(const std::string& path, mode_t mode);

}  // namespace schedlab::sys
