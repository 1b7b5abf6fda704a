#include "grid/kcidb.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "core/error.h"
#include "core/json_leaves.h"
#include "core/sha256.h"

namespace schedlab::grid {
namespace {

std::string id(const std::string& origin, const std::string& kind, const std::string& what) {
  return fmt::format("{}:{}-{}", origin, kind, sha256_hex(what).substr(0, 20));
}

// A KCIDB path component: [a-zA-Z0-9_-]+.
std::string path_part(const std::string& text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
  return out.empty() ? "_" : out;
}

// KCIDB's "architecture" ([a-z0-9_]*): x86_64, aarch64 ...
std::string architecture(const std::string& machine) {
  std::string out;
  for (char c : machine)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') out += static_cast<char>(std::tolower(c));
  return out;
}

struct Kernel {
  std::string release, version, commit, machine, host;
  std::string name;    // the kernel's label in `kernels` and `lava job` (NAME=...); "" on a host
  std::string config;  // the options the environment records of its .config
  std::string given_commit;  // --commit or --git-tree's HEAD: "" when none
  // What tells two builds apart: two kernels built from one tree with
  // another config, or reproducibly (the same release and version), are
  // still two builds when the experiment named them apart.
  std::string build_key() const {
    return release + "\n" + version + "\n" + machine + "\n" + name + "\n" + config + given();
  }
  std::string source_key() const { return release + "\n" + version; }
  // A given commit joins the key: the same kernel said to come from
  // another commit is another checkout.  Without one the key is as it
  // always was, so ids exported before stay the same.
  std::string checkout_key() const { return source_key() + given(); }
  std::string given() const { return given_commit.empty() ? "" : "\n" + given_commit; }
};

// The name the experiment gave the kernel: a guest's kernel NAME, or for a
// LAVA boot the first word of the set's label (lava job labels each
// kernel's sets NAME, a --vary variant's "NAME KEY=VALUE").
std::string kernel_name(const ordered_json& set) {
  if (std::string name = text_at(set, {"guest", "kernel", "name"}); !name.empty()) return name;
  if (!set.contains("lava")) return "";
  const std::string label = set.value("label", "");
  return label.substr(0, label.find(' '));
}

Kernel kernel_of(const ordered_json& set, const store::SetColumns& c) {
  const ordered_json* env_kernel = nullptr;
  if (set.contains("environment") && set["environment"].is_object() && set["environment"].contains("kernel"))
    env_kernel = &set["environment"]["kernel"];
  const std::string config = env_kernel && env_kernel->is_object() && env_kernel->contains("config")
                                 ? (*env_kernel)["config"].dump()
                                 : "";
  return {c.kernel, text_at(set, {"environment", "kernel", "version"}), c.kernel_commit,
          text_at(set, {"environment", "kernel", "machine"}), c.host, kernel_name(set), config};
}

// schedlab.WORKLOAD, then each --vary key of the set's variant:
// schedlab.spawn.psi-on.cgroup_depth-3 (KCIDB: [a-zA-Z0-9_-]+ parts).
std::string test_path(const ordered_json& set, const std::string& workload) {
  std::string path = "schedlab." + path_part(workload);
  const ordered_json* requested = nullptr;
  if (set.contains("scenario") && set["scenario"].is_object() && set["scenario"].contains("requested"))
    requested = &set["scenario"]["requested"];
  if (!requested || !requested->is_object() || !requested->contains("vary")) return path;
  const ordered_json& vary = (*requested)["vary"];
  if (!vary.is_object()) return path;
  for (const auto& [key, value] : vary.items())
    path += "." + path_part(key + "-" + (value.is_string() ? value.get<std::string>() : value.dump()));
  return path;
}

ordered_json checkout(const std::string& origin, const Kernel& k, const CheckoutIdentity& identity) {
  ordered_json j = {{"id", id(origin, "checkout", k.checkout_key())},
                    {"origin", origin},
                    {"comment", k.release},
                    {"valid", true},
                    {"misc", {{"kernel_release", k.release}, {"kernel_version", k.version}}}};
  const bool full_sha = k.commit.size() == 40 && std::all_of(k.commit.begin(), k.commit.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
  });
  if (full_sha) j["git_commit_hash"] = k.commit;
  else if (!k.commit.empty() && k.commit != k.release) j["misc"]["kernel_commit"] = k.commit;
  describe_checkout(j, identity);
  return j;
}

ordered_json build(const std::string& origin, const Kernel& k) {
  ordered_json j = {{"id", id(origin, "build", k.build_key())},
                    {"origin", origin},
                    {"checkout_id", id(origin, "checkout", k.checkout_key())},
                    {"comment", k.name.empty() ? k.release : k.name + " (" + k.release + ")"},
                    {"status", "PASS"},
                    {"misc", {{"kernel_release", k.release}}}};
  if (!k.name.empty()) j["misc"]["kernel_name"] = k.name;
  if (!architecture(k.machine).empty()) j["architecture"] = architecture(k.machine);
  return j;
}

const char* test_status(const std::string& status) {
  if (status == "PASS") return "DONE";
  if (status == "SKIP") return "SKIP";
  return "ERROR";
}

ordered_json test_misc(const ordered_json& set, const ResultSet& parsed, const store::SetColumns& c) {
  ordered_json summary = ordered_json::object();
  for (const auto& [name, s] : parsed.summarize())
    summary[name] = {{"n", s.n}, {"mean", s.mean}, {"median", s.median}, {"stddev", s.stddev}, {"min", s.min},
                     {"max", s.max}};
  ordered_json runs = ordered_json::array();
  for (const auto& run : parsed.runs)
    if (auto v = run.values.get(parsed.workload.primary_metric)) runs.push_back(*v);
  ordered_json misc = {{"label", c.label}, {"host", c.host},
                       {"primary_metric", c.primary_metric}, {"unit", c.primary_unit}, {"better", c.primary_better},
                       {"runs", runs}, {"summary", summary},
                       {"workload", set.value("workload", ordered_json::object())},
                       {"scenario", set.value("scenario", ordered_json::object())},
                       {"warnings", c.warnings}, {"tool", set.value("tool", ordered_json::object())},
                       {"schedlab_set_sha256", c.content_hash}};
  if (set.contains("emulated")) misc["emulated"] = set["emulated"];
  if (set.contains("lava")) misc["lava"] = set["lava"];
  if (!c.error.empty()) misc["error"] = c.error;
  return misc;
}

// Where the set ran: the LAVA device for a collected set (the board a lab
// names, not the dispatcher's host), else the host.
ordered_json environment(const ordered_json& set, const std::string& host) {
  ordered_json env = {{"comment", host}, {"misc", {{"hostname", host}}}};
  const std::string device = text_at(set, {"lava", "actual_device"});
  const std::string type = text_at(set, {"lava", "requested_device_type"});
  if (device.empty() && type.empty()) return env;
  env["comment"] = fmt::format("LAVA device {}{}", device.empty() ? "(not named)" : device,
                               type.empty() ? "" : " (" + type + ")");
  if (!device.empty()) env["misc"]["lava_device"] = device;
  if (!type.empty()) env["misc"]["lava_device_type"] = type;
  if (const std::string job = text_at(set, {"lava", "job_id"}); !job.empty()) env["misc"]["lava_job_id"] = job;
  return env;
}

ordered_json test(const std::string& origin, const store::SetDocument& doc, const store::SetColumns& c,
                  const Kernel& k, const ResultSet& parsed) {
  ordered_json j = {{"id", fmt::format("{}:set-{}", origin, c.content_hash.substr(0, 32))},
                    {"origin", origin},
                    {"build_id", id(origin, "build", k.build_key())},
                    {"path", test_path(doc.set, c.workload)},
                    {"status", test_status(c.status)},
                    {"comment", fmt::format("schedlab {} ({}) on {}", c.workload, c.label, c.host)},
                    {"environment", environment(doc.set, c.host)}};
  if (!c.started.empty()) j["start_time"] = c.started;
  double seconds = 0;
  for (const auto& run : parsed.runs) seconds += run.window_s;
  j["duration"] = seconds;
  if (c.primary_mean && std::isfinite(*c.primary_mean) && c.status == "PASS") {
    j["number"] = {{"value", *c.primary_mean}};
    if (!c.primary_unit.empty()) j["number"]["unit"] = c.primary_unit;
  }
  j["misc"] = test_misc(doc.set, parsed, c);
  return j;
}

// Every other metric of a passed set as a test of its own under the set's
// path (schedlab.spawn.sys_s), its mean as the number with its unit: a
// KCIDB dashboard charts numbers per test path, so a side metric that moved
// (run_delay_us/loop) is seen where it moved.
std::vector<ordered_json> metric_tests(const ordered_json& set_test, const ResultSet& parsed) {
  std::vector<ordered_json> out;
  if (set_test["status"] != "DONE") return out;
  for (const auto& [metric, s] : parsed.summarize()) {
    if (metric == parsed.workload.primary_metric || s.n == 0 || !std::isfinite(s.mean)) continue;
    const MetricSpec* spec = find_metric(parsed.metrics, metric);
    ordered_json t = {{"id", set_test["id"].get<std::string>() + ":" + path_part(metric)},
                      {"origin", set_test["origin"]},
                      {"build_id", set_test["build_id"]},
                      {"path", set_test["path"].get<std::string>() + "." + path_part(metric)},
                      {"status", "DONE"},
                      {"comment", fmt::format("{} of {}", metric, set_test["comment"].get<std::string>())},
                      {"environment", set_test["environment"]},
                      {"number", {{"value", s.mean}}},
                      {"misc", {{"metric", metric}, {"n", s.n}, {"median", s.median}, {"stddev", s.stddev},
                                {"schedlab_set_sha256", set_test["misc"]["schedlab_set_sha256"]}}}};
    if (set_test.contains("start_time")) t["start_time"] = set_test["start_time"];
    if (spec && !spec->unit.empty()) t["number"]["unit"] = spec->unit;
    if (spec) t["misc"]["better"] = to_string(spec->better);
    out.push_back(std::move(t));
  }
  return out;
}

// A commit given for the checkout is one kernel's source: refused for sets
// of several (each kernel's sets are exported on their own), and for a
// kernel whose release names another (CONFIG_LOCALVERSION_AUTO's -g<sha>:
// a tree whose HEAD moved on since the build).
void check_given_commit(const std::vector<Kernel>& kernels, const CheckoutIdentity& identity) {
  if (identity.commit.empty()) return;
  std::set<std::string> sources, releases;
  for (const Kernel& k : kernels) {
    sources.insert(k.source_key());
    releases.insert(k.release);
  }
  if (sources.size() > 1)
    throw UsageError(fmt::format("export --kcidb: {} ({}) is one kernel's source, and these sets are of {} kernels "
                                 "({}): export each kernel's sets on their own (@kernel=RELEASE)",
                                 identity.commit_source, identity.commit.substr(0, 12), sources.size(),
                                 fmt::join(releases, ", ")));
  for (const Kernel& k : kernels) {
    std::string named = k.commit;
    std::transform(named.begin(), named.end(), named.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    if (!named.empty() && named != k.release && identity.commit.rfind(named, 0) != 0)
      throw UsageError(fmt::format("export --kcidb: {} {} is not the source of kernel {}, whose release names "
                                   "commit {}: give that kernel's commit",
                                   identity.commit_source, identity.commit.substr(0, 12), k.release, k.commit));
  }
}

}  // namespace

bool valid_kcidb_origin(const std::string& origin) {
  return !origin.empty() && std::all_of(origin.begin(), origin.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

ordered_json kcidb_document(const std::vector<store::SetDocument>& docs, const std::string& origin,
                            const WorkloadRegistry& workloads, const CheckoutIdentity& checkout_identity) {
  ordered_json out = {{"version", {{"major", kKcidbMajor}, {"minor", kKcidbMinor}}},
                      {"checkouts", ordered_json::array()},
                      {"builds", ordered_json::array()},
                      {"tests", ordered_json::array()}};
  std::vector<store::SetColumns> columns;
  std::vector<Kernel> kernels;
  for (const auto& doc : docs) {
    columns.push_back(store::extract_columns(doc, workloads));
    kernels.push_back(kernel_of(doc.set, columns.back()));
    kernels.back().given_commit = checkout_identity.commit;
  }
  check_given_commit(kernels, checkout_identity);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const store::SetDocument& doc = docs[i];
    const store::SetColumns& c = columns[i];
    const Kernel& k = kernels[i];
    ordered_json co = checkout(origin, k, checkout_identity), b = build(origin, k);
    if (seen.insert(co["id"].get<std::string>()).second) out["checkouts"].push_back(std::move(co));
    if (seen.insert(b["id"].get<std::string>()).second) out["builds"].push_back(std::move(b));
    const ResultSet parsed = result_file_from_json({{"schema", kResultSchema}, {"created", doc.created},
                                                    {"sets", ordered_json::array({doc.set})}}).sets.front();
    ordered_json t = test(origin, doc, c, k, parsed);
    std::vector<ordered_json> metrics = metric_tests(t, parsed);
    out["tests"].push_back(std::move(t));
    for (auto& m : metrics) out["tests"].push_back(std::move(m));
  }
  return out;
}

}  // namespace schedlab::grid
