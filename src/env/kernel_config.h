#pragma once
#include <optional>
#include <string>

namespace schedlab {

// The kernel's build configuration, from /proc/config.gz or
// /boot/config-<release>.  Empty when neither exists.
class KernelConfig {
 public:
  static KernelConfig load(const std::string& release);
  static KernelConfig parse(const std::string& text);  // for tests

  bool available() const { return !text_.empty(); }
  const std::string& source() const { return source_; }
  // "y", "m", "n" (from "# CONFIG_X is not set" or absent), or "unknown"
  // when no configuration could be read.
  std::string value(const std::string& option) const;

 private:
  std::string text_;
  std::string source_;
};

}  // namespace schedlab
