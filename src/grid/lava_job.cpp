#include "grid/lava_job.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "core/utf8.h"
#include "core/version.h"
#include "core/whole_number.h"
#include "grid/shell_words.h"
#include "grid/yaml_text.h"
#include "input/input_error.h"
#include "input/yaml_document.h"
#include "stats/block_plan.h"

namespace schedlab::grid {
namespace {

constexpr long kConnectionMinutes = 2;

YAML::Node minutes(long n) {
  YAML::Node t(YAML::NodeType::Map);
  t.SetStyle(YAML::EmitterStyle::Flow);
  t["minutes"] = std::max(1L, n);
  return t;
}

// A LAVA timeout block ({minutes: 5}, {seconds: 90} ...) in whole minutes,
// rounded up; `fallback` when the block has none.
long timeout_minutes(const YAML::Node& action, long fallback) {
  const YAML::Node t = action["timeout"];
  if (!t || !t.IsMap()) return fallback;
  long seconds = 0;
  try {
    if (t["days"]) seconds += t["days"].as<long>() * 86400;
    if (t["hours"]) seconds += t["hours"].as<long>() * 3600;
    if (t["minutes"]) seconds += t["minutes"].as<long>() * 60;
    if (t["seconds"]) seconds += t["seconds"].as<long>();
  } catch (const YAML::Exception&) {
    return fallback;  // not LAVA's form: LAVA's validator says so when the job is submitted
  }
  return seconds > 0 ? (seconds + 59) / 60 : fallback;
}

long test_minutes(const JobSpec& spec) { return (spec.test_timeout.count() + 59) / 60; }

std::string default_job_name(const JobSpec& spec) {
  std::vector<std::string> names;
  for (const auto& k : spec.kernels) names.push_back(k.name);
  std::string name = fmt::format("schedlab {}: {} x {} boot{}", fmt::join(spec.command, " "), fmt::join(names, ", "),
                                 spec.boots, spec.boots == 1 ? "" : "s");
  if (utf8_length(name) <= kMaxJobNameChars) return name;
  return utf8_prefix(name, kMaxJobNameChars - 3) + "...";
}

YAML::Node test_action(const JobSpec& spec, const LavaKernel& kernel, const stats::PlannedRun& planned, int boot) {
  const std::string name = definition_name(kernel.name, boot, planned.block);
  YAML::Node metadata;
  metadata["format"] = quoted("Lava-Test Test Definition 1.0");
  metadata["name"] = quoted(name);
  metadata["description"] =
      quoted(fmt::format("schedlab on kernel {}: boot {} of {}, block {}", kernel.name, boot, spec.boots, planned.block));
  YAML::Node steps(YAML::NodeType::Sequence);
  steps.push_back(quoted(shell_command_line(boot_command(spec, kernel, planned.block))));
  YAML::Node definition;
  definition["from"] = "inline";
  definition["name"] = quoted(name);
  definition["path"] = "inline/schedlab.yaml";
  definition["repository"]["metadata"] = metadata;
  definition["repository"]["run"]["steps"] = steps;
  YAML::Node test;
  test["timeout"] = minutes(test_minutes(spec));
  test["definitions"].push_back(definition);
  return test;
}

YAML::Node job_metadata(const JobSpec& spec) {
  YAML::Node m;
  m["schedlab.version"] = quoted(std::string(tool_version()));
  m["schedlab.git"] = quoted(std::string(tool_git_sha()));
  m["schedlab.seed"] = quoted(std::to_string(spec.seed));
  m["schedlab.boots"] = quoted(std::to_string(spec.boots));
  m["schedlab.command"] = quoted(shell_command_line(spec.command));
  std::vector<std::string> kernels;
  for (const auto& k : spec.kernels) kernels.push_back(k.name);
  m["schedlab.kernels"] = quoted(fmt::format("{}", fmt::join(kernels, " ")));
  return m;
}

// Who sees the job, which devices take it, who hears of its end, and which
// of the submitter's tokens fill which test-shell variables.  Nothing secret
// is written: a secret is a token's name, which LAVA resolves.
void add_publishing(const JobSpec& spec, YAML::Node& job) {
  if (spec.visibility == "group") {
    for (const auto& g : spec.visibility_groups) job["visibility"]["group"].push_back(quoted(g));
  } else {
    job["visibility"] = spec.visibility;
  }
  for (const auto& tag : spec.tags) job["tags"].push_back(quoted(tag));
  if (!spec.notify.empty()) {
    job["notify"]["criteria"]["status"] = "finished";
    job["notify"]["verbosity"] = "quiet";
    for (const auto& who : spec.notify) {
      YAML::Node to;
      to["method"] = "email";
      to[who.find('@') == std::string::npos ? "user" : "email"] = quoted(who);
      YAML::Node recipient;
      recipient["to"] = to;
      job["notify"]["recipients"].push_back(recipient);
    }
  }
  for (const auto& [variable, token] : spec.secrets) job["secrets"][variable] = quoted(token);
}

}  // namespace

std::string definition_name(const std::string& kernel, int boot, int block) {
  return fmt::format("schedlab-boot{}-block{}-{}", boot, block, kernel);
}

std::optional<BootOfDefinition> parse_definition_name(const std::string& name) {
  static const std::regex pattern(R"(^(?:\d+_)?schedlab-boot(\d{1,6})-block(\d{1,6})-([-_a-zA-Z0-9.]+)$)");
  std::smatch m;
  if (!std::regex_match(name, m, pattern)) return std::nullopt;
  return BootOfDefinition{m[3].str(), std::stoi(m[1].str()), std::stoi(m[2].str())};
}

std::vector<std::string> boot_command(const JobSpec& spec, const LavaKernel& kernel, int block) {
  std::vector<std::string> words = {spec.schedlab};
  words.insert(words.end(), spec.command.begin(), spec.command.end());
  std::vector<std::string> ours = {"--lava"};
  if (spec.label_by_kernel) ours.insert(ours.end(), {"--label", kernel.name});
  if (spec.seed_per_block) ours.insert(ours.end(), {"--seed", std::to_string(spec.seed + static_cast<unsigned>(block))});
  // Before a command workload's own "--", if there is one.
  words.insert(std::find(words.begin() + 1, words.end(), "--"), ours.begin(), ours.end());
  return words;
}

long job_timeout_minutes(const JobSpec& spec) {
  const long deploy = timeout_minutes(spec.device.deploy, 10), boot = timeout_minutes(spec.device.boot, 10);
  return (deploy + boot + test_minutes(spec)) * static_cast<long>(spec.kernels.size()) * spec.boots + 5;
}

std::string job_yaml(const JobSpec& spec) {
  const auto order = stats::plan_blocks(static_cast<int>(spec.kernels.size()), spec.boots, spec.seed);
  YAML::Node job;
  job["job_name"] = quoted(spec.job_name.empty() ? default_job_name(spec) : spec.job_name);
  job["device_type"] = quoted(spec.device_type);
  const auto level = parse_whole_number(spec.priority, 0, 100);
  job["priority"] = level ? YAML::Node(*level) : YAML::Node(spec.priority);
  add_publishing(spec, job);
  job["timeouts"]["job"] = minutes(job_timeout_minutes(spec));
  job["timeouts"]["connection"] = minutes(kConnectionMinutes);
  // A default YAML::Node is a defined null: only a template's mapping is a context.
  if (spec.device.context.IsMap()) job["context"] = YAML::Clone(spec.device.context);
  job["metadata"] = job_metadata(spec);
  std::vector<int> booted(spec.kernels.size(), 0);
  for (const auto& planned : order) {
    const LavaKernel& k = spec.kernels[static_cast<std::size_t>(planned.variant)];
    const int boot_number = ++booted[static_cast<std::size_t>(planned.variant)];
    const TemplateValues values{k.url, k.ramdisk_url, k.name, spec.sha256};
    YAML::Node deploy_action, boot_action, test;
    deploy_action["deploy"] = instantiate(spec.device.deploy, values);
    boot_action["boot"] = instantiate(spec.device.boot, values);
    test["test"] = test_action(spec, k, planned, boot_number);
    job["actions"].push_back(deploy_action);
    job["actions"].push_back(boot_action);
    job["actions"].push_back(test);
  }
  return emit_yaml(job);
}

std::vector<std::string> kernels_in_job(const std::string& definition) {
  std::vector<std::string> kernels;
  try {
    const YAML::Node m = input::load_yaml_document(definition, "the job's definition")["metadata"];
    if (!m || !m["schedlab.kernels"]) return kernels;
    std::istringstream names(m["schedlab.kernels"].as<std::string>());
    for (std::string k; names >> k;) kernels.push_back(k);
  } catch (const YAML::Exception&) {
    kernels.clear();
  } catch (const input::InputError&) {
    kernels.clear();
  }
  return kernels;
}

int boots_in_job(const std::string& definition) {
  try {
    const YAML::Node m = input::load_yaml_document(definition, "the job's definition")["metadata"];
    if (!m || !m["schedlab.boots"]) return 0;
    return static_cast<int>(kernels_in_job(definition).size()) * m["schedlab.boots"].as<int>();
  } catch (const YAML::Exception&) {
    return 0;
  } catch (const input::InputError&) {
    return 0;
  }
}

}  // namespace schedlab::grid
