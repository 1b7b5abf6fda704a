#pragma once
// `schedlab lava ramdisk`: the ramdisk a LAVA device boots schedlab from.
// A gzip'd newc cpio (what LAVA's ramdisk deploys take, and what it unpacks
// to add its test overlay) holding a static busybox, /init
// (data/lava/init.sh: mounts, then a shell on the console for LAVA), this
// schedlab and its worker, the shared libraries they load (as their own
// dynamic loader resolves them, `ld.so --list`, under qemu-user for another
// architecture's) and any files the user adds.  It needs no kernel modules:
// the console is the 8250 serial port (arm64: the PL011),
// and cgroup2, tracefs and tmpfs are built into the kernels it is for, so
// one ramdisk serves every kernel of a job.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "guest/guest_arch.h"

namespace schedlab::grid {

struct RamdiskInputs {
  guest::GuestArch arch = guest::GuestArch::kX86_64;  // the devices'
  std::string schedlab, worker;  // the programs to carry (guest::guest_programs)
  std::string busybox;           // static, for `arch`
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

// The architecture of the programs a ramdisk carries (its
// usr/bin/schedlab's ELF machine), read from its gzip'd newc bytes, bounded
// as every decompression of outside bytes is; nullopt for bytes that are not
// such a ramdisk (a kernel image, a lab's own root file system) or a
// schedlab of another machine.  `lava job` checks it against the device's.
std::optional<guest::GuestArch> ramdisk_arch(std::string_view bytes);

// "SRC[:DEST]" of --add: DEST absolute, default /root/<SRC's name>.
// Throws UsageError naming --add.
std::pair<std::string, std::string> parse_ramdisk_file(const std::string& text);

}  // namespace schedlab::grid
