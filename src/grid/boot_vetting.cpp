#include "grid/boot_vetting.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>

#include "core/utf8.h"
#include "spec/spec_identity.h"

namespace schedlab::grid {
namespace {

bool same_boot(const BootOfDefinition& a, const BootOfDefinition& b) {
  return a.kernel == b.kernel && a.boot == b.boot && a.block == b.block;
}

bool planned(const JobPlan& plan, const PlacedBoot& b) {
  const BootOfDefinition placed{b.kernel, b.boot, b.block};
  return std::any_of(plan.boots.begin(), plan.boots.end(), [&](const auto& p) { return same_boot(p, placed); });
}

// Why a block is not the job's own, before its spec is looked at;
// nullopt when it may be.  `kept` are the blocks accepted so far.
std::optional<std::string> placement_problem(const PlacedBoot& b, const JobPlan& plan, bool runs_signalled,
                                             const std::vector<PlacedBoot>& kept) {
  if (runs_signalled && b.printed_in != b.testrun)
    return fmt::format("printed {}, not in the test run it names",
                       b.printed_in.empty() ? "outside every test run" : "in " + printable(b.printed_in));
  if (!plan.kernels.empty() && std::find(plan.kernels.begin(), plan.kernels.end(), b.kernel) == plan.kernels.end())
    return fmt::format("kernel '{}' is not one of the job's ({})", printable(b.kernel),
                       printable(fmt::format("{}", fmt::join(plan.kernels, ", "))));
  if (!plan.boots.empty() && !parse_definition_name(b.testrun)) return "its test run is not one of the job's";
  if (!plan.boots.empty() && !planned(plan, b))
    return fmt::format("boot {} (block {}) of {} is not one the job planned", b.boot, b.block, b.kernel);
  for (const auto& k : kept) {
    if (k.digest == b.digest) return "a copy of " + block_name(k.file, k.testrun);
    if (k.kernel == b.kernel && k.file == b.file && (k.boot == b.boot || k.block == b.block))
      return fmt::format("a second result of {} boot {} (block {}): {} was first", printable(b.kernel), b.boot,
                         b.block, block_name(k.file, k.testrun));
  }
  return std::nullopt;
}

// A block's spec identity: the spec id of each of its sets (one per --vary variant).
std::string identity_of(const PlacedBoot& b, const WorkloadRegistry& workloads) {
  std::vector<std::string> ids;
  ids.reserve(b.sets.size());
  for (const auto& set : b.sets) ids.push_back(spec_id(set, workloads));
  return fmt::format("{}", fmt::join(ids, " "));
}

// Per result file, the identity most of its blocks measured (the first printed on a tie).
std::map<std::string, std::string> job_identities(const std::vector<PlacedBoot>& boots,
                                                  const std::vector<std::string>& ids) {
  std::map<std::string, std::vector<std::pair<std::string, int>>> counts;  // file: identities, first seen first
  for (std::size_t i = 0; i < boots.size(); ++i) {
    auto& seen = counts[boots[i].file];
    auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == ids[i]; });
    if (it == seen.end()) seen.emplace_back(ids[i], 1);
    else ++it->second;
  }
  std::map<std::string, std::string> out;
  for (const auto& [file, seen] : counts)
    out[file] = std::max_element(seen.begin(), seen.end(), [](const auto& a, const auto& b) {
                  return a.second < b.second;  // max_element keeps the first of equals
                })->first;
  return out;
}

// Why `b` is not of the job's spec, and where it differs from `like`, a block that is.
std::string spec_problem(const PlacedBoot& b, const std::string& id, const PlacedBoot& like,
                         const std::string& job_id, const WorkloadRegistry& workloads) {
  std::vector<std::string> differences;
  if (b.sets.size() == like.sets.size())
    for (std::size_t i = 0; i < b.sets.size() && differences.empty(); ++i)
      differences = spec_differences(b.sets[i], like.sets[i], workloads);
  const std::string where = fmt::format("{}", fmt::join(differences, "; "));
  return fmt::format("it measured spec {}, the job's blocks of this file measured {}{}", id, job_id,
                     where.empty() ? "" : " (" + printable(where) + ")");
}

}  // namespace

std::string block_name(const std::string& file, const std::string& testrun) {
  return fmt::format("the result block '{}' of {}", printable(file), testrun.empty() ? "the log" : printable(testrun));
}

JobPlan job_plan(const LavaLog& log, const std::vector<std::string>& job_kernels) {
  JobPlan plan;
  plan.kernels = job_kernels;
  for (const auto& name : log.planned)
    if (const auto d = parse_definition_name(name)) {
      plan.boots.push_back(*d);
      if (job_kernels.empty() && std::find(plan.kernels.begin(), plan.kernels.end(), d->kernel) == plan.kernels.end())
        plan.kernels.push_back(d->kernel);
    }
  plan.cut = !log.planned.empty() && !log.job_ended;
  return plan;
}

std::vector<PlacedBoot> vet_boots(std::vector<PlacedBoot> boots, const JobPlan& plan, bool runs_signalled,
                                  const WorkloadRegistry& workloads, std::vector<std::string>& refused) {
  std::vector<PlacedBoot> placed;
  for (auto& b : boots) {
    if (const auto why = placement_problem(b, plan, runs_signalled, placed))
      refused.push_back(fmt::format("{}: {}: refused", block_name(b.file, b.testrun), *why));
    else
      placed.push_back(std::move(b));
  }
  std::vector<std::string> ids;
  ids.reserve(placed.size());
  for (const auto& b : placed) ids.push_back(identity_of(b, workloads));
  const auto job = job_identities(placed, ids);
  std::vector<std::string> why(placed.size());
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const std::string& job_id = job.at(placed[i].file);
    if (ids[i] == job_id) continue;
    std::size_t like = 0;  // a block of the file that measured the job's spec: one exists
    while (placed[like].file != placed[i].file || ids[like] != job_id) ++like;
    why[i] = spec_problem(placed[i], ids[i], placed[like], job_id, workloads);
  }
  std::vector<PlacedBoot> kept;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (why[i].empty()) kept.push_back(std::move(placed[i]));
    else refused.push_back(fmt::format("{}: {}: refused", block_name(placed[i].file, placed[i].testrun), why[i]));
  }
  return kept;
}

std::vector<BootOfDefinition> missing_boots(const JobPlan& plan, const std::vector<PlacedBoot>& kept) {
  std::vector<BootOfDefinition> missing;
  for (const auto& p : plan.boots)
    if (std::none_of(kept.begin(), kept.end(), [&](const PlacedBoot& b) {
          return same_boot(p, {b.kernel, b.boot, b.block});
        }))
      missing.push_back(p);
  return missing;
}

}  // namespace schedlab::grid
