#pragma once
// `schedlab lava ramdisk`: the ramdisk a LAVA device boots schedlab from.
// A gzip'd newc cpio (what LAVA's ramdisk deploys take, and what it unpacks
// to add its test overlay) holding a static busybox, /init
// (data/lava/init.sh: mounts, then a shell on the console for LAVA), this
// schedlab and its worker, the shared libraries they load (as their own
// dynamic loader resolves them, `ld.so --list`) and any files the user
// adds.  It needs no kernel modules: the console is the 8250 serial port,
// and cgroup2, tracefs and tmpfs are built into the kernels it is for, so
// one ramdisk serves every kernel of a job.
#include <string>
#include <vector>

namespace schedlab::grid {

struct RamdiskInputs {
  std::string schedlab, worker;  // the programs to carry (this schedlab's own by default)
  // Extra files: {source on this host, absolute path in the ramdisk}.
  std::vector<std::pair<std::string, std::string>> files;
};

struct Ramdisk {
  std::string bytes;                   // gzip'd cpio
  std::vector<std::string> contents;   // every file's path in the ramdisk, in order
  std::size_t cpio_bytes = 0;          // before compression
};

// Builds it in memory; deterministic for the same inputs.  Throws Error
// naming the file or the package that is missing (busybox-static), and
// UsageError for an added file that is a symlink, FIFO, device or too large
// (input/files.h) or whose DEST is taken (/init, another --add).
Ramdisk build_lava_ramdisk(const RamdiskInputs& inputs);

// "SRC[:DEST]" of --add: DEST absolute, default /root/<SRC's name>.
// Throws UsageError naming --add.
std::pair<std::string, std::string> parse_ramdisk_file(const std::string& text);

}  // namespace schedlab::grid
