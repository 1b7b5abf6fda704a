#include "guest/initramfs.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "core/error.h"
#include "guest/cpio_archive.h"
#include "guest/elf_file.h"
#include "guest/guest_init.h"
#include "guest/kernel_modules.h"
#include "core/sha256.h"
#include "input/files.h"
#include "input/unpack.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;

// The archive our /init needs; `modules` go to /modules in load order.
std::string our_archive(const KernelFiles& k, const std::string& busybox, const std::vector<std::string>& modules) {
  CpioArchive a;
  for (const char* dir : {"bin", "dev", "proc", "sys", "mnt", "modules"}) a.add_directory(dir);
  a.add_char_device("dev/console", 5, 1, 0600);  // PID 1's stdio before devtmpfs is mounted
  a.add_file("init", guest_init_script(), 0755);
  a.add_file("bin/busybox", input::read_named_file(busybox, input::kProgram), 0755);
  if (!k.config.empty()) a.add_file("config", input::read_named_file(k.config, input::kKernelConfig), 0644);
  std::string order;
  for (const auto& file : modules) {
    const std::string name = input::unpacked_name(fs::path(file).filename().string());
    a.add_file("modules/" + name, module_bytes(file), 0644);
    order += name + "\n";
  }
  if (!modules.empty()) a.add_file("modules.order", order, 0644);
  return a.finish();
}

// The release as part of a file name: anything but [A-Za-z0-9._+-] becomes '_'.
std::string file_safe(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '+' && c != '-') c = '_';
  return text;
}

}  // namespace

std::string guest_cache_dir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const fs::path base = xdg && *xdg ? fs::path(xdg) : fs::path(home && *home ? home : "/root") / ".cache";
  const fs::path dir = base / "schedlab" / "guest";
  std::error_code ec;
  fs::create_directories(dir.parent_path(), ec);
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) throw SystemError("kernels: create", dir.string(), errno);
  if (const auto problem = sys::private_dir_problem(dir.string()); !problem.empty())
    throw Error(ExitStatus::kNotApplied, fmt::format("kernels: cache directory {}: {}; refusing to boot "
                                                     "images from it (remove it if it is not yours)",
                                                     dir.string(), problem));
  return dir.string();
}

std::string static_busybox() {
  for (const char* path : {"/bin/busybox", "/usr/bin/busybox"}) {
    const auto bytes = input::read_optional_file(path, input::kProgram);
    if (!bytes) continue;
    try {
      if (!elf_has_interpreter(*bytes, path)) return path;
    } catch (const std::runtime_error&) {
    }
    throw Error(ExitStatus::kNotApplied, fmt::format("kernels: {} is not a static busybox; the guest's "
                                                     "initramfs needs one: apt-get install busybox-static", path));
  }
  throw Error(ExitStatus::kNotApplied, "kernels: no busybox; the guest's initramfs needs a static one: "
                                       "apt-get install busybox-static");
}

Initramfs prepare_initramfs(const std::string& option, const KernelFiles& k, const std::string& busybox,
                            const std::string& cache_dir) {
  Initramfs out;
  out.modules = boot_modules(option, k);
  std::string image = k.initrd.empty() ? std::string() : input::read_named_file(k.initrd, input::kInitrd);
  align_archive(image);
  image += our_archive(k, busybox, out.modules);
  out.key = sha256_hex(image).substr(0, 16);
  out.path = fmt::format("{}/initramfs-{}-{}.cpio", cache_dir, file_safe(k.release), out.key);
  std::error_code ec;
  out.cache_hit = fs::is_regular_file(out.path, ec) && fs::file_size(out.path, ec) == image.size();
  if (!out.cache_hit) sys::write_file_atomically(out.path, image, 0600);
  return out;
}

}  // namespace schedlab::guest
