#include "guest/kernel_modules.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "core/error.h"
#include "env/kernel_config.h"
#include "guest/elf_file.h"
#include "guest/kernel_needs.h"
#include "input/files.h"
#include "input/unpack.h"
#include "sys/proc_files.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;

// Module names use '_' and '-' interchangeably; the kernel shows '_'.
std::string canonical(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// The modules of a lib/modules/RELEASE tree: canonical name -> file, and
// the names built into the kernel (modules.builtin).
class ModuleTree {
 public:
  explicit ModuleTree(const std::string& dir) : dir_(dir) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const std::string file = it->path().filename().string();
      const auto ko = file.find(".ko");
      if (ko != std::string::npos && it->is_regular_file()) files_[canonical(file.substr(0, ko))] = it->path().string();
    }
    for (const auto& line : sys::split(input::read_optional_file(dir + "/modules.builtin", input::kKernelConfig).value_or(""), "\n")) {
      const std::string file = fs::path(line).filename().string();
      builtin_.insert(canonical(file.substr(0, file.find(".ko"))));
    }
  }
  bool builtin(const std::string& name) const { return builtin_.count(name) > 0; }
  const std::string* find(const std::string& name) const {
    const auto it = files_.find(name);
    return it == files_.end() ? nullptr : &it->second;
  }
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  std::map<std::string, std::string> files_;
  std::set<std::string> builtin_;
};

// Appends `name` after everything it depends on (depth first, each once).
void add_in_load_order(const ModuleTree& tree, const std::string& name, const std::string& option,
                       std::set<std::string>& seen, std::vector<std::string>& order) {
  if (!seen.insert(name).second || tree.builtin(name)) return;
  const std::string* file = tree.find(name);
  if (!file)
    throw UsageError(option, tree.dir(), fmt::format("a modules tree holding {}.ko (or a kernel with it built in)", name));
  if (!is_module_name(*file))
    throw UsageError(option, *file, "a kernel module: .ko, .ko.xz, .ko.zst or .ko.gz");
  std::vector<std::string> deps;
  try {
    deps = module_depends(module_bytes(*file), *file);
  } catch (const std::runtime_error& e) {
    throw UsageError(option, *file, fmt::format("a kernel module ({})", e.what()));
  }
  for (const auto& dep : deps) add_in_load_order(tree, canonical(dep), option, seen, order);
  order.push_back(*file);
}

}  // namespace

bool is_module_name(std::string_view file) {
  const std::string name = input::unpacked_name(file);
  return name.size() > 3 && name.compare(name.size() - 3, 3, ".ko") == 0;
}

std::string module_bytes(const std::string& file) {
  const auto packing = input::packing_of_name(file);
  // The limit holds for the file as read and again for what it unpacks to.
  const auto packed = input::read_packed_file(file, input::kKernelModule).bytes;
  return input::unpack(packed, packing, file, {.max_bytes = input::kKernelModule.max_bytes});
}

std::vector<std::string> module_depends(std::string_view elf, const std::string& file) {
  const std::string_view info = elf_section(elf, ".modinfo", file);
  std::vector<std::string> out;
  for (std::size_t at = 0; at < info.size();) {
    const std::size_t end = std::min(info.find('\0', at), info.size());
    const std::string_view field = info.substr(at, end - at);
    if (field.substr(0, 8) == "depends=")
      for (const auto& dep : sys::split(std::string(field.substr(8)), ",")) out.push_back(dep);
    at = end + 1;
  }
  return out;
}

std::vector<std::string> boot_modules(const std::string& option, const KernelFiles& k) {
  const KernelConfig config =
      k.config.empty() ? KernelConfig() : KernelConfig::parse(input::read_named_file(k.config, input::kKernelConfig));
  const std::string shown = k.name + "=" + k.vmlinuz;
  check_kernel_config(option, shown, k.config, guest_needs(k.arch));
  std::optional<ModuleTree> tree;
  if (!k.modules.empty()) tree.emplace(k.modules);
  std::set<std::string> seen;
  std::vector<std::string> order;
  // The guest's needs a module may meet (=m, or a configuration that is
  // not known): what /init loads before its first mount.
  for (const auto& need : guest_needs(k.arch)) {
    if (need.module.empty()) continue;
    const std::string value = config.value(need.option);
    if (value == "y") continue;
    if (tree) add_in_load_order(*tree, need.module, option, seen, order);
    else if (value == "m" && k.initrd.empty())
      throw UsageError(option, shown, fmt::format("its modules: {}=m, but there is no lib/modules/{} beside "
                                                  "the image and no initrd (VMLINUZ:INITRD)", need.option, k.release));
  }
  return order;
}

}  // namespace schedlab::guest
