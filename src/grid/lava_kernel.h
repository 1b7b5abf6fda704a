#pragma once
#include <string>

namespace schedlab::grid {

// One kernel of a LAVA job as given: `NAME=URL[:RAMDISK_URL]`.
struct LavaKernel {
  std::string name;         // labels its sets; names its test definitions
  std::string url;          // the kernel image, as LAVA downloads it
  std::string ramdisk_url;  // "" = the job's --ramdisk
};

// Parses `text`, the value of `option`.  NAME: letters, digits, '.', '_',
// '-' (LAVA's test definition names allow no more; it names each boot's
// definition).  URLs: http://, https://, file:// or scp:// (what LAVA's
// downloader takes), without a password (a job is readable by the lab).
// The ramdisk URL starts at the first ':' after the kernel URL that is
// followed by one of those schemes, so "http://h:8080/k" stays whole.
// Throws UsageError naming the option, the value and what is allowed.
LavaKernel parse_lava_kernel(const std::string& option, const std::string& text);

// Checks a URL LAVA will download (--ramdisk); throws UsageError as above.
void check_lava_url(const std::string& option, const std::string& url);

// Whether `name` is a LAVA test definition name ([-_a-zA-Z0-9.]+).
bool is_definition_name(const std::string& name);

}  // namespace schedlab::grid
