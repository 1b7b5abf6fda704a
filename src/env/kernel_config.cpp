#include "env/kernel_config.h"

#include <zlib.h>

#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::optional<std::string> read_gzip(const char* path) {
  gzFile f = gzopen(path, "rb");
  if (!f) return std::nullopt;
  std::string out;
  char buf[65536];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  const bool ok = n == 0;
  gzclose(f);
  if (!ok) return std::nullopt;
  return out;
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
  if (auto text = sys::read_text(boot)) {
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
