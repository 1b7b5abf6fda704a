#!/bin/sh
# Every byte from outside enters through src/input/ (docs/security.md,
# "One way in"): a file read, a JSON or YAML parse, a decompression, a URL
# fetched or a real number parsed anywhere else fails this test, so a new
# reader cannot be born without the module's limits.
# Usage: input_sites.sh SOURCE_DIR
set -eu
cd "$1"

# What reads, parses, inflates or fetches directly.
forbidden='ifstream|fopen\(|gzopen|gzread|json::parse\(|YAML::Load|curl_easy_perform|[^a-z_]inflate\(|uncompress\(|lzma_code\(|ZSTD_decompress|sys::read_text|sys::read_line|read_text_or_throw|read_regular_file|read_bounded\(|read_capped\(|strtod\(|std::stod\(|std::stof\(|std::stold\(|atof\('

# The only places allowed, each with why (file, then what it may use):
#  src/input/: the module itself.
#  src/sys/: the system calls under it (sys/bounded_read.h); sys/ reads
#    /proc itself through the same capped read_text.
#  src/worker/*.c: the C worker cannot call C++; it reads kernel files
#    (/proc/PID/stat of its own children, its threads' schedstat,
#    /sys/devices/system/cpu/possible) into fixed-size buffers, bounded by
#    construction, besides its own pipes and channel.
allowed='^src/input/|^src/sys/|^src/worker/leftovers\.c:.*fopen\(|^src/worker/wakeup\.c:.*fopen\(|^src/worker/wakeup_work\.c:.*fopen\('

found=$(grep -rnE --include='*.cpp' --include='*.h' --include='*.c' --include='*.in' "$forbidden" src |
        grep -vE "$allowed" |
        grep -vE '^[^:]+:[0-9]+: *//' || true)
if [ -n "$found" ]; then
  echo "bytes from outside read, parsed or fetched outside src/input/ (use input/files.h, json_document.h,"
  echo "yaml_document.h, inflate.h, unpack.h, http.h or numbers.h):"
  echo "$found"
  exit 1
fi
