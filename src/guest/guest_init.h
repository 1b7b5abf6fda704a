#pragma once
#include <string_view>

namespace schedlab::guest {

// The guest's /init (data/guest/init.sh), compiled in so an installed
// schedlab needs no data directory.  Part of the initramfs cache key.
std::string_view guest_init_script();

}  // namespace schedlab::guest
