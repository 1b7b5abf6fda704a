#include "guest/kernel_files.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <regex>

#include "core/error.h"
#include "input/files.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxRelease = 64;  // __NEW_UTS_LEN
bool is_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

bool is_dir(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

std::uint16_t le16(std::string_view s, std::size_t at) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(s[at]) |
                                    static_cast<unsigned char>(s[at + 1]) << 8);
}

// The first 64 KiB of a file: the setup header and the version string are there.
std::string image_head(const std::string& path) {
  return input::read_file_head(path, std::size_t{64} * 1024);
}

// The configuration beside the image (DIR/config-R), or a source tree's .config.
std::string find_config(const fs::path& image, const std::string& release) {
  const fs::path beside = image.parent_path() / ("config-" + release);
  if (is_file(beside)) return beside.string();
  const std::string s = image.string();
  for (const std::string tail : {"/arch/x86/boot/bzImage", "/arch/arm64/boot/Image"}) {
    if (s.size() <= tail.size() || s.compare(s.size() - tail.size(), tail.size(), tail) != 0) continue;
    const fs::path dot_config = fs::path(s.substr(0, s.size() - tail.size())) / ".config";
    if (is_file(dot_config)) return dot_config.string();
  }
  return "";
}

// ROOT/lib/modules/R (or ROOT/usr/lib/modules/R) for ROOT/boot/vmlinuz-R.
std::string find_modules(const fs::path& image, const std::string& release) {
  if (image.parent_path().filename() != "boot") return "";
  const fs::path root = image.parent_path().parent_path();
  for (const char* lib : {"lib/modules", "usr/lib/modules"}) {
    const fs::path dir = root / lib / release;
    if (is_dir(dir)) return dir.string();
  }
  return "";
}

// A kernel someone else can write is code someone else chose: booted as
// root only when the user says they trust it.
void refuse_foreign(const std::string& option, const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || st.st_uid == 0 || st.st_uid == geteuid()) return;
  throw UsageError(option, path, fmt::format("a kernel file owned by root or by you (this one is uid {}'s: "
                                             "--trust-kernel boots it anyway)",
                                             st.st_uid));
}

void check_name(const std::string& option, const std::string& text, const std::string& name) {
  static const std::regex ok("[A-Za-z0-9][A-Za-z0-9._+-]*");
  if (!std::regex_match(name, ok))
    throw UsageError(option, text, "NAME=VMLINUZ[:INITRD] with a NAME of letters, digits and . _ + - "
                                   "(it labels the result set)");
}

// Only what a release is made of: the image is input, and its release
// labels sets and reaches the store and the terminal.
std::string release_word(std::string_view text) {
  text = text.substr(0, kMaxRelease + 1);
  const std::size_t end = text.find_first_of(std::string_view(" \0", 2));
  if (end == std::string_view::npos || end == 0) return "";
  const std::string_view release = text.substr(0, end);
  static const std::regex ok("[A-Za-z0-9][A-Za-z0-9._+~-]*");
  return std::regex_match(release.begin(), release.end(), ok) ? std::string(release) : "";
}

// The release of the image at `path` as its architecture keeps it.
std::string release_of(GuestArch arch, const std::string& path) {
  if (arch == GuestArch::kX86_64) return image_release(image_head(path));
  return banner_release(input::read_named_file(path, input::kKernelImage));
}

}  // namespace

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::absolute(path, ec);
  return (ec ? fs::path(path) : p).lexically_normal().string();
}

std::string banner_release(std::string_view image) {
  constexpr std::string_view kBanner = "Linux version ";
  const std::size_t at = image.find(kBanner);
  return at == std::string_view::npos ? "" : release_word(image.substr(at + kBanner.size()));
}

std::string image_release(std::string_view image) {
  // Boot protocol (Documentation/arch/x86/boot.rst): "HdrS" at 0x202, the
  // version at 0x206, kernel_version at 0x20E (an offset from 0x200).
  if (image.size() < 0x210 || image.substr(0x202, 4) != "HdrS" || le16(image, 0x206) < 0x200) return "";
  const std::size_t at = 0x200u + le16(image, 0x20E);
  if (at >= image.size()) return "";
  return release_word(image.substr(at));
}

KernelArg parse_kernel_arg(const std::string& option, const std::string& text) {
  KernelArg arg;
  std::string rest = text;
  if (const auto eq = text.find('='); eq != std::string::npos) {
    arg.name = text.substr(0, eq);
    check_name(option, text, arg.name);
    rest = text.substr(eq + 1);
  }
  const auto colon = rest.rfind(':');
  const bool split = colon != std::string::npos && !is_file(rest);
  arg.vmlinuz = split ? rest.substr(0, colon) : rest;
  if (split) arg.initrd = rest.substr(colon + 1);
  if (arg.vmlinuz.empty() || (split && arg.initrd.empty()))
    throw UsageError(option, text, "[NAME=]VMLINUZ[:INITRD], e.g. cloud=/boot/vmlinuz-6.1.0-57-cloud-amd64");
  return arg;
}

void use_config(const std::string& option, const std::string& file, KernelFiles& kernel) {
  if (!is_file(file)) throw UsageError(option, file, "a kernel configuration file that exists (a built .config)");
  kernel.config = absolute_path(file);
}

KernelFiles locate_kernel(const std::string& option, const KernelArg& arg, bool trusted) {
  const std::string shown = arg.name.empty() ? arg.vmlinuz : arg.name + "=" + arg.vmlinuz;
  if (is_dir(arg.vmlinuz))
    throw UsageError(option, shown, "a kernel image file (VMLINUZ; this is a directory)");
  if (!is_file(arg.vmlinuz)) throw UsageError(option, shown, "a kernel image that exists (VMLINUZ)");
  if (!arg.initrd.empty() && !is_file(arg.initrd))
    throw UsageError(option, arg.initrd, "an initrd that exists (VMLINUZ:INITRD)");
  if (!trusted) {
    refuse_foreign(option, arg.vmlinuz);
    if (!arg.initrd.empty()) refuse_foreign(option, arg.initrd);
  }
  KernelFiles k;
  k.vmlinuz = absolute_path(arg.vmlinuz);
  k.initrd = arg.initrd.empty() ? "" : absolute_path(arg.initrd);
  const auto arch = image_arch(image_head(k.vmlinuz));
  if (!arch)
    throw UsageError(option, shown, "an x86 bzImage (vmlinuz, arch/x86/boot/bzImage) or an arm64 Image "
                                    "(arch/arm64/boot/Image): this file is neither");
  k.arch = *arch;
  k.release = release_of(k.arch, k.vmlinuz);
  if (k.release.empty())
    throw UsageError(option, shown, fmt::format("a kernel image that states its release ({} image without one)",
                                                to_string(k.arch)));
  k.name = arg.name.empty() ? k.release : arg.name;
  k.config = find_config(k.vmlinuz, k.release);
  k.modules = find_modules(k.vmlinuz, k.release);
  return k;
}

}  // namespace schedlab::guest
