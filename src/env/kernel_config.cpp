#include "env/kernel_config.h"

#include "input/files.h"
#include "input/inflate.h"
#include "input/input_error.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::optional<std::string> read_gzip(const char* path) {
  const auto packed = input::read_system_file(path);
  if (!packed) return std::nullopt;
  try {
    return input::inflate_zlib(*packed, path, {.max_bytes = input::kKernelConfig.max_bytes, .gzip = true});
  } catch (const input::InputError&) {
    return std::nullopt;
  }
}

}  // namespace

KernelConfig KernelConfig::parse(const std::string& text) {
  KernelConfig c;
  c.text_ = "\n" + text;
  c.source_ = "text";
  return c;
}

KernelConfig KernelConfig::load(const std::string& release) {
  if (auto text = read_gzip("/proc/config.gz")) {
    auto c = parse(*text);
    c.source_ = "/proc/config.gz";
    return c;
  }
  const std::string boot = "/boot/config-" + release;
  if (auto text = input::read_optional_file(boot, input::kKernelConfig)) {
    auto c = parse(*text);
    c.source_ = boot;
    return c;
  }
  return {};
}

std::string KernelConfig::value(const std::string& option) const {
  if (!available()) return "unknown";
  const std::string key = "\n" + option + "=";
  size_t pos = text_.find(key);
  if (pos == std::string::npos) return "n";
  pos += key.size();
  return text_.substr(pos, text_.find('\n', pos) - pos);
}

}  // namespace schedlab
