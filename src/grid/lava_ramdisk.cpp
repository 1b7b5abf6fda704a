#include "grid/lava_ramdisk.h"

#include <fmt/format.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/error.h"
#include "grid/lava_assets.h"
#include "guest/cpio_archive.h"
#include "guest/elf_file.h"
#include "guest/initramfs.h"
#include "input/files.h"
#include "input/inflate.h"
#include "sys/helper_process.h"

namespace schedlab::grid {
namespace {

namespace fs = std::filesystem;

// A program or library the ramdisk carries, named by us or by the dynamic
// loader (libstdc++.so.6 is a symlink to the versioned file): resolved once.
std::string read_program(const std::string& path) { return input::read_named_file(path, input::kProgram); }

// Why `dest` cannot go into the ramdisk beside what is there ("" when it
// can): one file per path, and no file where a directory is or under a file.
std::string placement_problem(const std::vector<std::string>& contents, const std::set<std::string>& dirs,
                              const fs::path& dest) {
  if (std::find(contents.begin(), contents.end(), dest.string()) != contents.end())
    return "a DEST not already in the ramdisk (" + dest.string() + " is there: /init, /bin/busybox and "
           "/usr/bin/schedlab are schedlab's own)";
  if (dirs.count(dest.relative_path().string())) return "a DEST that is not a directory of the ramdisk";
  for (fs::path at = dest.parent_path(); at != at.root_path(); at = at.parent_path())
    if (std::find(contents.begin(), contents.end(), at.string()) != contents.end())
      return "a DEST whose directories are not files of the ramdisk (" + at.string() + " is a file)";
  return "";
}

// The shared objects `program` loads, as its own dynamic loader resolves
// them (`ld.so --list PROGRAM`, what ldd runs): "NAME => PATH (ADDR)" and
// the loader itself as "PATH (ADDR)"; the vDSO has no file.  Another
// architecture's loader runs under qemu-user (qemu-aarch64), which lists
// what the multiarch directories hold for it.
std::vector<std::string> shared_objects(const std::string& program, std::string_view bytes, guest::GuestArch arch) {
  const auto interpreter = guest::elf_interpreter(bytes, program);
  if (!interpreter) return {};
  std::vector<std::string> out = {*interpreter};
  std::vector<std::string> list = {*interpreter, "--list", program};
  if (arch != guest::host_arch()) {
    if (arch != guest::GuestArch::kArm64 || access("/usr/bin/qemu-aarch64", X_OK) != 0)
      throw Error(ExitStatus::kNotApplied, fmt::format("lava ramdisk --arch {}: no qemu-aarch64 to list the {} "
                                                       "libraries with their own loader (scripts/deps --arm64 "
                                                       "installs qemu-user)", to_string(arch), to_string(arch)));
    list.insert(list.begin(), "/usr/bin/qemu-aarch64");
  }
  std::istringstream listing(sys::capture_output(list));
  for (std::string line; std::getline(listing, line);) {
    const std::size_t arrow = line.find(" => ");
    const std::size_t start = arrow == std::string::npos ? line.find_first_not_of(" \t") : arrow + 4;
    if (start == std::string::npos || line[start] != '/') continue;
    out.push_back(line.substr(start, line.find(" (", start) - start));
  }
  if (out.size() == 1)
    throw Error(ExitStatus::kUsage, fmt::format("lava ramdisk: {} --list {} named no library", *interpreter, program));
  return out;
}

std::string gzip_bytes(const std::string& data) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

// Adds `path`'s parent directories that are not there yet.
void add_parents(guest::CpioArchive& a, std::set<std::string>& dirs, const fs::path& path) {
  std::string at;
  for (const auto& part : path.relative_path().parent_path()) {
    at += (at.empty() ? "" : "/") + part.string();
    if (dirs.insert(at).second) a.add_directory(at);
  }
}

}  // namespace

std::optional<guest::GuestArch> ramdisk_arch(std::string_view bytes) {
  if (bytes.substr(0, 2) != "\x1f\x8b") return std::nullopt;  // not gzip
  try {
    input::InflateLimits limits;
    limits.gzip = true;
    const std::string cpio = input::inflate_zlib(bytes, "ramdisk", limits);
    const auto schedlab = guest::cpio_file(cpio, "usr/bin/schedlab");
    if (!schedlab) return std::nullopt;
    return guest::arch_of_machine(guest::elf_machine_of(*schedlab, "usr/bin/schedlab"));
  } catch (const std::runtime_error&) {  // InputError too: not a ramdisk of ours, whatever else it is
  }
  return std::nullopt;
}

std::pair<std::string, std::string> parse_ramdisk_file(const std::string& text) {
  const std::size_t colon = text.find(':');
  const std::string source = text.substr(0, colon);
  const std::string dest = colon == std::string::npos ? "/root/" + fs::path(source).filename().string() : text.substr(colon + 1);
  bool dots = false;  // a "." or ".." would put the file elsewhere than it says
  for (const auto& part : fs::path(dest)) dots |= part == "." || part == "..";
  if (source.empty() || dest.empty() || dest[0] != '/' || dots || dest.back() == '/')
    throw UsageError("--add", text, "SRC[:DEST], DEST an absolute file name in the ramdisk (default /root/NAME)");
  return {source, dest};
}

Ramdisk build_lava_ramdisk(const RamdiskInputs& in) {
  guest::CpioArchive a;
  std::set<std::string> dirs;
  Ramdisk r;
  for (const char* dir : {"bin", "dev", "etc", "proc", "sys", "tmp", "run", "root", "usr", "usr/bin"}) {
    a.add_directory(dir);
    dirs.insert(dir);
  }
  a.add_char_device("dev/console", 5, 1, 0600);  // PID 1's stdio before devtmpfs is mounted
  auto add = [&](const std::string& path, const std::string& data, mode_t mode) {
    add_parents(a, dirs, path);
    a.add_file(fs::path(path).relative_path().string(), data, mode);
    r.contents.push_back(path);
  };
  add("/init", std::string(lava_ramdisk_init()), 0755);
  add("/bin/busybox", read_program(in.busybox), 0755);
  add("/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n", 0644);
  add("/etc/group", "root:x:0:\n", 0644);
  std::set<std::string> libraries;
  for (const auto& [program, dest] : {std::pair{in.schedlab, "/usr/bin/schedlab"}, {in.worker, "/usr/bin/schedlab-worker"}}) {
    const std::string bytes = read_program(program);  // once: carried, and asked for its loader
    add(dest, bytes, 0755);
    for (const auto& lib : shared_objects(program, bytes, in.arch)) libraries.insert(lib);
  }
  for (const auto& lib : libraries) add(lib, read_program(lib), 0755);
  for (const auto& [source, dest] : in.files) {
    if (const auto problem = placement_problem(r.contents, dirs, dest); !problem.empty())
      throw UsageError("--add", fmt::format("{}:{}", source, dest), problem);
    // Never through a symlink, and never more open than the file was:
    // a 0600 file stays 0600 (no set-id bits, no write for others).
    const auto file = input::read_packed_file(source, input::kRamdiskInput);
    add(dest, file.bytes, file.mode & 0755);
  }
  const std::string cpio = a.finish();
  r.cpio_bytes = cpio.size();
  r.bytes = gzip_bytes(cpio);
  return r;
}

}  // namespace schedlab::grid
