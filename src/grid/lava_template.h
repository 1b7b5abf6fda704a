#pragma once
// The deploy and boot blocks of one kernel on one LAVA device type: a
// small YAML template (data/lava/templates/TYPE.yaml, compiled in; or a
// lab's own file with --template).  Format and placeholders: see
// data/lava/templates/qemu.yaml and docs/fleet.md.
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "guest/guest_arch.h"

namespace schedlab::grid {

struct LavaTemplate {
  std::string source;       // "built-in qemu" or the file's path, for messages
  std::string device_type;  // its device_type
  YAML::Node context;       // null when it has none
  YAML::Node deploy, boot;  // with placeholders
  bool needs_ramdisk = false;  // uses $ramdisk_url
  // The devices' architecture, which the ramdisk's programs must match:
  // the template's own `arch:` (schedlab's key, never written into a job),
  // else its LAVA context's arch (amd64, arm64, ...) when it is one schedlab
  // builds for; nullopt when the template does not say.
  std::optional<guest::GuestArch> arch;
};

// The built-in templates, "TYPE" or "TYPE (ARCH)" each, sorted.
std::vector<std::string> builtin_device_types();

// The built-in template of `device_type` for devices of `arch` (qemu has
// one per architecture: data/lava/templates/qemu.yaml, qemu-arm64.yaml);
// UsageError naming --device-type (and --arch), the value and the built-in
// types (and --template) when there is none.
LavaTemplate builtin_template(const std::string& device_type, guest::GuestArch arch = guest::GuestArch::kX86_64);

// A lab's template file, read as a regular file of bounded size.
// UsageError naming --template and the problem (unreadable, not YAML, an
// unknown key or placeholder, deploy or boot missing).
LavaTemplate template_file(const std::string& path);

// The same from a template's text; `source` names it in messages.
LavaTemplate template_text(const std::string& text, const std::string& source);

// The placeholders and what they stand for.
struct TemplateValues {
  std::string kernel_url, ramdisk_url, kernel_name;
  // The sha256 of a URL's file, when it is known: written as sha256sum
  // beside the url it replaces, so that LAVA checks what it downloaded.
  std::map<std::string, std::string> sha256;
};

// A copy of `block` (deploy or boot) with its placeholders replaced by
// `values`, each written quoted.
YAML::Node instantiate(const YAML::Node& block, const TemplateValues& values);

}  // namespace schedlab::grid
