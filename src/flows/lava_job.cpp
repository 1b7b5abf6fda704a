// `schedlab lava job`: the job's options and command checked, a run's typed
// spec added, the job written.
#include "flows/lava_job.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>

#include "core/duration.h"
#include "core/error.h"
#include "core/utf8.h"
#include "core/whole_number.h"
#include "core/secrets.h"
#include "core/sha256.h"
#include "grid/lava_kernel.h"
#include "grid/lava_ramdisk.h"
#include "guest/guest_arch.h"
#include "input/files.h"
#include "spec/option_bounds.h"
#include "spec/seed_option.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

// The store is the lab's: never written into a job (its URL may hold a
// password, and the job is readable by everyone who can see it).
[[noreturn]] void refuse_store() {
  throw UsageError("lava job: -- ... --store/--no-store: a store is never written into a job; give the lab's "
                   "test shells SCHEDLAB_STORE (a LAVA secret, or the worker's environment), or store the "
                   "results with schedlab lava collect");
}

void check_words(const std::vector<std::string>& command) {
  if (command.empty())
    throw UsageError("lava job: missing the command after '--': schedlab lava job --kernel NAME=URL ... -- run "
                     "WORKLOAD [options] (or suite quick|lkml, or check --baseline FILE)");
  for (const auto& word : command) {
    if (redact_secrets(word) != word)
      throw UsageError(fmt::format("lava job: -- ... '{}': a password would be written into the job, which "
                                   "everyone who can see it reads; give the lab the credentials instead",
                                   redact_secrets(word)));
    if (!valid_utf8(word)) throw UsageError("lava job: -- ...: every word of the command must be UTF-8");
    if (word == "--store" || word.rfind("--store=", 0) == 0 || word == "--no-store") refuse_store();
    if (word == "--lava") throw UsageError("lava job: -- ... --lava: the job adds it to every boot's command");
  }
}

// suite quick|lkml [--scale quick|full]: the suite's own options.
void check_suite(grid::JobSpec& spec, const std::string& timeout_text) {
  const auto& c = spec.command;
  if (c.size() < 2 || (c[1] != "quick" && c[1] != "lkml"))
    throw UsageError("lava job", fmt::format("-- suite {}", c.size() < 2 ? "" : c[1]), "-- suite quick|lkml");
  bool full = false;
  for (std::size_t i = 2; i < c.size(); ++i) {
    if (c[i] == "--scale" && i + 1 < c.size() && (c[i + 1] == "quick" || c[i + 1] == "full")) {
      full = c[++i] == "full";
      continue;
    }
    throw UsageError(fmt::format("lava job: -- suite ... '{}': the suite in a test shell takes --scale quick|full "
                                 "(its results travel in the job's log; --json and --kernels are for this host)",
                                 c[i]));
  }
  if (timeout_text.empty()) spec.test_timeout = std::chrono::minutes(c[1] == "quick" ? 30 : full ? 480 : 120);
}

// check --baseline FILE ...: the file must be in the test shell's file
// system (the ramdisk, or the lab's root file system).
void check_check(grid::JobSpec& spec, const std::string& timeout_text) {
  static const std::set<std::string> with_value = {"--baseline", "--bad", "--threshold", "--max-runs"};
  static const std::set<std::string> flags = {"--trust-baseline", "--no-wait"};
  const auto& c = spec.command;
  bool baseline = false;
  for (std::size_t i = 1; i < c.size(); ++i) {
    if (flags.count(c[i])) continue;
    if (with_value.count(c[i]) && i + 1 < c.size()) {
      baseline |= c[i] == "--baseline";
      ++i;
      continue;
    }
    throw UsageError(fmt::format("lava job: -- check ... '{}': in a test shell check takes --baseline FILE, --bad "
                                 "FILE, --threshold PCT, --max-runs N, --trust-baseline and --no-wait (its verdict "
                                 "and runs travel in the job's log)", c[i]));
  }
  if (!baseline) throw UsageError("lava job: -- check needs --baseline FILE (a path in the test shell's file system)");
  if (timeout_text.empty()) spec.test_timeout = std::chrono::minutes(60);
}

std::vector<grid::LavaKernel> parse_kernels(const LavaJobTexts& t, bool needs_ramdisk, const std::string& device) {
  if (t.kernels.empty()) throw UsageError("lava job: --kernel NAME=URL[:RAMDISK_URL] is required (once per kernel)");
  if (!t.ramdisk.empty()) grid::check_lava_url("--ramdisk", t.ramdisk);
  std::vector<grid::LavaKernel> kernels;
  for (const auto& text : t.kernels) {
    auto k = grid::parse_lava_kernel("--kernel", text);
    for (const auto& other : kernels)
      if (other.name == k.name)
        throw UsageError("--kernel", redact_secrets(text), fmt::format("a NAME no other --kernel has ('{}' is taken)", k.name));
    if (k.ramdisk_url.empty()) k.ramdisk_url = t.ramdisk;
    if (needs_ramdisk && k.ramdisk_url.empty())
      throw UsageError(fmt::format("--kernel '{}': device type {} boots a ramdisk that carries schedlab: give "
                                   "NAME=URL:RAMDISK_URL or --ramdisk URL (docs/fleet.md)",
                                   text, device));
    if (!needs_ramdisk && !k.ramdisk_url.empty())
      throw UsageError(fmt::format("--kernel '{}': the template of device type {} boots no ramdisk "
                                   "($ramdisk_url); drop the ramdisk URL or use another --template", text, device));
    kernels.push_back(std::move(k));
  }
  return kernels;
}

void parse_job_fields(const LavaJobTexts& t, grid::JobSpec& spec) {
  spec.boots = static_cast<int>(whole_in("--boots", t.boots, kBootsBounds));
  spec.seed = parse_seed_option(t.seed);
  check_lava_priority("--priority", t.priority);
  spec.priority = t.priority;
  if (t.schedlab.empty() || t.schedlab.find_first_of(" \t\n'\"$`\\;&|<>") != std::string::npos)
    throw UsageError("--schedlab", t.schedlab, "a program name or path without blanks or shell characters");
  spec.schedlab = t.schedlab;
  if (utf8_length(t.job_name) > grid::kMaxJobNameChars || t.job_name.find('\n') != std::string::npos || !valid_utf8(t.job_name) ||
      redact_secrets(t.job_name) != t.job_name)
    throw UsageError("--job-name", redact_secrets(t.job_name), fmt::format("one line of at most {} characters", grid::kMaxJobNameChars));
  spec.job_name = t.job_name;
  if (!t.test_timeout.empty())
    spec.test_timeout = std::chrono::duration_cast<std::chrono::seconds>(parse_duration("--test-timeout", t.test_timeout, false));
}

// A word LAVA keeps as it is: printable, no blank, no quote.
bool plain_word(const std::string& w, std::size_t max_chars) {
  if (w.empty() || w.size() > max_chars) return false;
  return std::all_of(w.begin(), w.end(), [](char c) { return std::isgraph(static_cast<unsigned char>(c)) && c != '"' && c != '\''; });
}

// A name (a token, a group, a user): LAVA's name characters, as its test
// definitions have them ([-_a-zA-Z0-9.]), at most 128.
bool name_word(const std::string& w) { return w.size() <= 128 && grid::is_definition_name(w); }

// The groups of "group:NAME[,NAME...]", or none for public and personal.
std::vector<std::string> visibility_groups(const std::string& option, const std::string& text) {
  if (text == "public" || text == "personal") return {};
  auto groups = text.rfind("group:", 0) == 0 ? sys::split(text.substr(6), ",") : std::vector<std::string>{};
  if (groups.empty() || !std::all_of(groups.begin(), groups.end(), name_word))
    throw UsageError(option, text, "public, personal or group:NAME[,NAME...] (LAVA group names)");
  return groups;
}

void parse_visibility(const std::string& text, grid::JobSpec& spec) {
  spec.visibility_groups = visibility_groups("--visibility", text);
  spec.visibility = spec.visibility_groups.empty() ? text : "group";
}

// VARIABLE[=TOKEN]: the test shell's variable, filled by LAVA from the
// submitter's token of that name.  A token is a name, never a value: a URL,
// a password or anything with ':', '/', '@' or '=' is refused, so that no
// secret is ever written into a job anyone may read.
std::pair<std::string, std::string> parse_secret(const std::string& text) {
  const auto eq = text.find('=');
  const std::string variable = text.substr(0, eq), token = eq == std::string::npos ? variable : text.substr(eq + 1);
  const bool variable_ok = !variable.empty() && !std::isdigit(static_cast<unsigned char>(variable[0])) &&
                           std::all_of(variable.begin(), variable.end(), [](char c) {
                             return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
                           });
  if (!variable_ok || !name_word(token))
    throw UsageError("--secret", redact_secrets(text), "VARIABLE[=TOKEN]: an upper-case shell variable and the name "
                                                       "of one of your LAVA tokens (letters, digits, _ - .), never "
                                                       "the secret itself");
  return {variable, token};
}

// The file name a URL ends in: "bzImage" of "https://lab/k/bzImage?x=1".
std::string url_file_name(const std::string& url) {
  const std::string path = url.substr(0, url.find_first_of("?#"));
  return path.substr(path.rfind('/') + 1);
}

// --file FILE: a local copy of a file some URL of the job names (by its
// file name); its sha256 goes beside each such URL, so that LAVA checks
// that it deployed what was meant (a mirror's stale copy, a truncated
// download).  A copy of a ramdisk also says the architecture of the
// programs it carries.
struct LocalCopy {
  std::string path, name, sha256;
  std::optional<guest::GuestArch> arch;  // of a ramdisk's schedlab
};

std::vector<LocalCopy> read_local_copies(const std::vector<std::string>& files) {
  std::vector<LocalCopy> copies;
  for (const auto& file : files) {
    const std::string bytes = input::read_named_file(file, input::kDeployedFile);
    copies.push_back({file, std::filesystem::path(file).filename().string(), sha256_hex(bytes), grid::ramdisk_arch(bytes)});
  }
  return copies;
}

void add_checksums(const std::vector<LocalCopy>& copies, grid::JobSpec& spec) {
  for (const auto& copy : copies) {
    std::vector<std::string> urls;
    for (const auto& k : spec.kernels)
      for (const auto& url : {k.url, k.ramdisk_url})
        if (!url.empty() && url_file_name(url) == copy.name) urls.push_back(url);
    if (urls.empty())
      throw UsageError("--file", copy.path, fmt::format("a local copy of a file some --kernel or --ramdisk URL names "
                                                        "(by its file name); none ends in '{}'", copy.name));
    for (const auto& url : urls) spec.sha256[url] = copy.sha256;
  }
}

// The devices' architecture: --arch, else the one the local copies of the
// ramdisks say (all alike), else unknown (the built-in templates' default,
// x86_64).
std::optional<guest::GuestArch> job_arch(const LavaJobTexts& t, const std::vector<LocalCopy>& copies) {
  if (!t.arch.empty()) return guest::parse_guest_arch("--arch", t.arch);
  std::optional<guest::GuestArch> found;
  for (const auto& copy : copies) {
    if (copy.arch && found && *found != *copy.arch)
      throw UsageError("--file", copy.path, fmt::format("ramdisks of one architecture (it carries {} programs, another "
                                                        "--file {}): one job boots one kind of device",
                                                        guest::to_string(*copy.arch), guest::to_string(*found)));
    if (copy.arch) found = copy.arch;
  }
  return found;
}

// The template for the devices, and their architecture held against what
// the user said and what the ramdisks carry: a mismatch is refused before
// a job that cannot run is written.
grid::LavaTemplate pick_template(const LavaJobTexts& t, const std::optional<guest::GuestArch>& arch) {
  if (t.template_file.empty())
    return grid::builtin_template(t.device_type.empty() ? "qemu" : t.device_type, arch.value_or(guest::GuestArch::kX86_64));
  grid::LavaTemplate device = grid::template_file(t.template_file);
  if (!t.arch.empty() && device.arch && *device.arch != *arch)
    throw UsageError(fmt::format("--arch {}: --template '{}' is for {} devices (its arch)", t.arch, t.template_file,
                                 guest::to_string(*device.arch)));
  return device;
}

void check_ramdisk_arch(grid::JobSpec& spec, const std::vector<LocalCopy>& copies) {
  const auto& device = spec.device;
  for (const auto& copy : copies) {
    if (!copy.arch) continue;
    if (device.arch && *copy.arch != *device.arch)
      throw UsageError(fmt::format("--file '{}': the ramdisk carries {} programs, and device type {} ({}) is {}: "
                                   "make one for it (schedlab lava ramdisk --arch {} --guest-schedlab ... "
                                   "--guest-busybox ...) or name the devices' architecture with --arch",
                                   copy.path, guest::to_string(*copy.arch), spec.device_type, device.source,
                                   guest::to_string(*device.arch), guest::to_string(*device.arch)));
    spec.ramdisk_arch_checked = device.arch.has_value();
  }
}

void parse_publishing(const LavaJobTexts& t, grid::JobSpec& spec) {
  parse_visibility(t.visibility, spec);
  for (const auto& tag : t.tags) {
    if (!plain_word(tag, 50)) throw UsageError("--tag", tag, "a device tag: at most 50 printable characters, no blank or quote");
    spec.tags.push_back(tag);
  }
  for (const auto& who : t.notify) {
    const auto at = who.find('@');
    const bool address = at != std::string::npos && at > 0 && at + 1 < who.size() && plain_word(who, 254);
    if (!address && !name_word(who))
      throw UsageError("--notify", who, "an e-mail address or a LAVA user name, told when the job ends");
    spec.notify.push_back(who);
  }
  for (const auto& s : t.secrets) spec.secrets.push_back(parse_secret(s));
}

}  // namespace

void check_lava_priority(const std::string& option, const std::string& text) {
  if (text != "high" && text != "medium" && text != "low" && !parse_whole_number(text, 0, 100))
    throw UsageError(option, text, "high, medium, low or a whole number from 0 to 100");
}

void check_lava_visibility(const std::string& option, const std::string& text) { visibility_groups(option, text); }

grid::JobSpec make_job_spec(const LavaJobTexts& t) {
  grid::JobSpec spec;
  const std::vector<LocalCopy> copies = read_local_copies(t.files);
  spec.device = pick_template(t, job_arch(t, copies));
  spec.device_type = t.device_type.empty() ? spec.device.device_type : t.device_type;
  if (spec.device_type.empty())
    throw UsageError("--template", t.template_file, "a template with a device_type, or --device-type T");
  spec.kernels = parse_kernels(t, spec.device.needs_ramdisk, spec.device_type);
  parse_job_fields(t, spec);
  parse_publishing(t, spec);
  add_checksums(copies, spec);
  check_ramdisk_arch(spec, copies);
  spec.command = t.command;
  check_words(spec.command);
  const std::string& what = spec.command.front();
  if (what == "run") return spec;  // its spec: use_run_spec
  if (what == "suite") check_suite(spec, t.test_timeout);
  else if (what == "check") check_check(spec, t.test_timeout);
  else
    throw UsageError(fmt::format("lava job: after '--' comes what every boot runs: run WORKLOAD [options], suite "
                                 "quick|lkml or check --baseline FILE; found '{}'", what));
  return spec;
}

// run WORKLOAD [options]: checked by run's own parsers, as kernels checks it.
void use_run_spec(grid::JobSpec& job, const GuestSpec& spec, const std::string& timeout_text) {
  auto refuse = [](const char* option, const char* why) {
    throw UsageError(fmt::format("lava job: -- run ... {}: {}", option, why));
  };
  const RunOptions& o = spec.parsed.settings.options;
  if (o.json_path) refuse("--json", "the result file travels in the job's log (schedlab lava collect)");
  if (o.label) refuse("--label", "each kernel's sets are labelled by its --kernel NAME");
  job.command = spec.run_args;
  job.label_by_kernel = true;
  job.seed_per_block = spec.seed_per_block();
  if (timeout_text.empty())  // as kernels' deadline: boot allowance plus three times the spec's own time
    job.test_timeout = std::chrono::seconds(300 + static_cast<long>(3 * spec.expected_s));
}

void write_lava_job(const grid::JobSpec& job, const std::string& output) {
  const std::string yaml = grid::job_yaml(job);
  if (job.device.needs_ramdisk && !job.ramdisk_arch_checked)
    std::cerr << fmt::format("lava job: the ramdisk is taken on trust to carry programs for the devices ({}); "
                             "--file with its local copy checks them and writes its sha256sum\n",
                             job.device.arch ? guest::to_string(*job.device.arch) : "an architecture the template does not say");
  if (const long minutes = grid::job_timeout_minutes(job); minutes > grid::kUsualJobMinutes)
    std::cerr << fmt::format("lava job: warning: the job's timeout is {:.1f} hours ({} boots): longer than the day "
                             "labs usually allow one job; fewer --boots per job, or several jobs, fit\n",
                             static_cast<double>(minutes) / 60, job.kernels.size() * static_cast<std::size_t>(job.boots));
  if (output.empty()) {
    std::cout << yaml;
    return;
  }
  try {
    sys::write_file_atomically(output, yaml, 0644);
  } catch (const SystemError& e) {
    throw Error(ExitStatus::kCannotSave, fmt::format("cannot save the job: {}", e.what()));
  }
  std::cerr << fmt::format("lava job: {} kernel{} x {} boot{} on device type {}, seed {}: {} (submit it with "
                           "lavacli jobs submit {})\n",
                           job.kernels.size(), job.kernels.size() == 1 ? "" : "s", job.boots,
                           job.boots == 1 ? "" : "s", job.device_type, job.seed, output, output);
}

}  // namespace schedlab
