#include "grid/lava_collect.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/sha256.h"
#include "core/utf8.h"
#include "grid/boot_vetting.h"
#include "grid/lava_job.h"
#include "input/json_document.h"
#include "guest/boot_merge.h"

namespace schedlab::grid {
namespace {

// The kernel's name in a set's label, as `kernels` labels its sets.
std::string label_for(const std::string& kernel, const std::string& label) {
  if (label == kernel || label.rfind(kernel + " ", 0) == 0) return label;
  return label.empty() ? kernel : kernel + " " + label;
}

// A decoded block's sets, read as result files are; throws for a block
// that is not a result file or holds no set.
std::vector<ResultSet> sets_of(const ResultBlock& block) {
  auto sets = result_file_from_json(input::parse_json_document(block.json, "the result block '" + block.file + "'",
                                                                input::kResultFile.max_bytes)).sets;
  if (sets.empty()) throw std::runtime_error("it holds no set");
  return sets;
}

// Places every decoded block: by its test definition's name, or (a job
// written by hand) as the next boot of the set's own label.  A block that
// did not decode is a problem (its boot is missing); one that is not a
// result file is refused.
std::vector<PlacedBoot> place_boots(const LavaLog& log, Collected& out) {
  std::vector<PlacedBoot> boots;
  std::map<std::string, int> seen;  // unnamed boots per label and file
  for (const auto& found : log.blocks) {
    const std::string name = block_name(found.block.file, found.block.testrun);
    if (!found.problem.empty()) {
      out.problems.push_back(fmt::format("{} did not decode: {}", name, printable(found.problem)));
      continue;
    }
    PlacedBoot b;
    b.file = found.block.file;
    b.testrun = found.block.testrun;
    b.printed_in = found.printed_in;
    b.digest = sha256_hex(found.block.json);
    try {
      b.sets = sets_of(found.block);
    } catch (const std::exception& e) {
      out.refused.push_back(fmt::format("{} is not a result file: {}: refused", name, printable(e.what())));
      continue;
    }
    if (const auto d = parse_definition_name(found.block.testrun)) {
      b.kernel = d->kernel;
      b.boot = d->boot;
      b.block = d->block;
    } else {
      b.kernel = b.sets.front().label.empty() ? "lava" : b.sets.front().label;
      b.boot = b.block = ++seen[b.kernel + "\n" + b.file];
    }
    for (auto& set : b.sets) set.label = label_for(b.kernel, set.label);
    boots.push_back(std::move(b));
  }
  return boots;
}

ordered_json cases_of(const LavaLog& log, const std::string& testrun) {
  ordered_json cases = ordered_json::array();
  for (const auto& c : log.cases) {
    if (c.definition != testrun) continue;
    ordered_json j = {{"case", c.name}, {"result", c.result}};
    if (c.measurement) j["measurement"] = *c.measurement;
    if (!c.units.empty()) j["units"] = c.units;
    cases.push_back(j);
  }
  return cases;
}

// QEMU without KVM is TCG: its figures are the emulator's.
bool emulated(const LavaLog& log) {
  if (log.boot_commands.empty()) return false;
  return std::any_of(log.boot_commands.begin(), log.boot_commands.end(), [](const std::string& c) {
    return c.find("qemu-system") != std::string::npos && c.find("-enable-kvm") == std::string::npos &&
           c.find("accel=kvm") == std::string::npos && c.find("-accel kvm") == std::string::npos;
  });
}

ordered_json describe_job(const LavaJobInfo& info) {
  ordered_json j = {{"source", info.source}, {"job_id", info.job_id}};
  if (!info.job.is_null()) {
    for (const char* key : {"description", "requested_device_type", "actual_device", "submit_time", "start_time",
                            "end_time", "state", "health"})
      if (info.job.contains(key)) j[key] = info.job[key];
  }
  j["boots"] = ordered_json::array();
  return j;
}

// A kernel's sets before its first boot: labels only (add_boot_sets gives
// them the first boot's description and environment).
std::vector<ResultSet> empty_sets(const PlacedBoot& first, bool is_emulated) {
  std::vector<ResultSet> sets;
  for (const auto& s : first.sets) {
    ResultSet set;
    set.label = s.label;
    set.argv = s.argv;  // what the test shell ran
    set.emulated = is_emulated;
    if (is_emulated)
      set.warnings.push_back({"emulated", 0, "measured in a LAVA qemu guest without KVM (QEMU's TCG emulation): its "
                                             "figures say nothing about the kernel's performance"});
    sets.push_back(std::move(set));
  }
  return sets;
}

void mark_failed(std::vector<ResultSet>& sets, const PlacedBoot& b) {
  for (const auto& s : b.sets) {
    if (s.status == Status::kPass) continue;
    for (auto& set : sets) {
      if (set.status != Status::kPass) continue;
      set.status = s.status;
      set.error = fmt::format("{} boot {} (block {}): {}", b.kernel, b.boot, b.block, s.error);
    }
  }
}

// One kernel's (and result file's) sets, and the "lava" block they share.
struct Group {
  std::string key;  // kernel and file
  std::vector<ResultSet> sets;
  ordered_json lava;
};

// The planned boots the log did not bring back: a problem, and an ERROR
// for the sets of their kernels (what did come back is kept).
void mark_missing(const JobPlan& plan, const std::vector<PlacedBoot>& kept, std::vector<Group>& groups,
                  Collected& out) {
  const auto missing = missing_boots(plan, kept);
  if (missing.empty() && !plan.cut) return;
  std::vector<std::string> named;
  for (const auto& m : missing) {
    named.push_back(fmt::format("{} boot {} (block {})", m.kernel, m.boot, m.block));
    for (auto& g : groups)
      for (auto& set : g.sets)
        if (g.key.rfind(m.kernel + "\n", 0) == 0 && set.status == Status::kPass) {
          set.status = Status::kError;
          set.error = fmt::format("the log has no result of boot {} (block {})", m.boot, m.block);
        }
  }
  const std::string cut = plan.cut ? "the log ends before the job did (LAVA recorded no end of the job)" : "";
  out.problems.push_back(missing.empty() ? cut
                                         : fmt::format("the log has no result of {}{}", fmt::join(named, ", "),
                                                       cut.empty() ? "" : ": " + cut));
}

}  // namespace

Collected collect_sets(const LavaLog& log, const LavaJobInfo& info, const WorkloadRegistry& workloads) {
  Collected out;
  out.refused = log.refused;
  const bool is_emulated = emulated(log);
  const JobPlan plan = job_plan(log, info.kernels);
  std::vector<Group> groups;  // first seen first
  std::vector<PlacedBoot> kept;
  int sequence = 0;
  for (auto& b : vet_boots(place_boots(log, out), plan, log.runs_signalled, workloads, out.refused)) {
    const std::string key = b.kernel + "\n" + b.file;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.key == key; });
    if (it == groups.end()) it = groups.insert(groups.end(), {key, empty_sets(b, is_emulated), describe_job(info)});
    const int runs_per_block = static_cast<int>(b.sets.front().runs.size());
    const guest::BootPlace place{b.boot, b.block, std::max(1, runs_per_block), sequence};
    try {
      sequence += guest::add_boot_sets(it->sets, b.sets, place);
    } catch (const std::runtime_error& e) {
      out.refused.push_back(fmt::format("{}: {}: refused", block_name(b.file, b.testrun), printable(e.what())));
      continue;
    }
    it->lava["boots"].push_back(
        {{"boot", b.boot}, {"block", b.block}, {"definition", b.testrun}, {"cases", cases_of(log, b.testrun)}});
    mark_failed(it->sets, b);
    ++out.boots;
    kept.push_back(std::move(b));
  }
  mark_missing(plan, kept, groups, out);
  for (auto& g : groups)
    for (auto& set : g.sets) {
      if (plan.boots.empty() && info.boots_expected > 0 && set.status == Status::kPass &&
          out.boots < info.boots_expected) {
        set.status = Status::kError;
        set.error = fmt::format("the job brought back {} of its {} boots", out.boots, info.boots_expected);
      }
      out.sets.push_back(std::move(set));
      out.lava.push_back(g.lava);
    }
  return out;
}

std::vector<store::SetDocument> set_documents(const Collected& c, const std::string& created) {
  std::vector<store::SetDocument> docs;
  for (std::size_t i = 0; i < c.sets.size(); ++i) {
    ordered_json set = c.sets[i];
    set["lava"] = c.lava[i];
    docs.push_back({std::move(set), created});
  }
  return docs;
}

}  // namespace schedlab::grid
