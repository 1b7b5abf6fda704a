#include "guest/boot_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace schedlab::guest {
namespace {

// A run of the boot, placed in the invocation.
void place_run(RunRecord& run, const BootPlace& place, bool warmup) {
  const int inner = run.block > 0 ? run.block : run.index;
  run.boot = place.boot;
  run.block = warmup ? 0 : (place.block - 1) * place.runs_per_block + inner;
  if (run.sequence >= 0) run.sequence += place.sequence;
}

// The description a set takes from its first boot; runs stay with `into`.
void take_description(ResultSet& into, ResultSet& from) {
  std::vector<RunRecord> runs = std::move(into.runs), warmup = std::move(into.warmup_runs);
  std::vector<Warning> warnings = std::move(into.warnings);
  const Status status = into.status;
  const std::string error = into.error;
  const ordered_json guest = into.guest;
  const bool emulated = into.emulated;
  const std::vector<std::string> argv = into.argv;
  into = std::move(from);
  into.runs = std::move(runs);
  into.warmup_runs = std::move(warmup);
  into.warnings = std::move(warnings);
  into.status = status;
  into.error = error;
  into.guest = guest;
  into.emulated = emulated;
  into.argv = argv;
}

int merge_set(ResultSet& into, ResultSet from, const BootPlace& place) {
  const int offset = static_cast<int>(into.runs.size());
  const int added = static_cast<int>(from.runs.size() + from.warmup_runs.size());
  for (auto& run : from.warmup_runs) place_run(run, place, true);
  for (auto& run : from.runs) place_run(run, place, false);
  for (auto& w : from.warnings) {
    if (w.run > 0) w.run += offset;
    const bool again = w.run == 0 && std::any_of(into.warnings.begin(), into.warnings.end(), [&](const Warning& x) {
      return x.run == 0 && x.kind == w.kind && x.detail == w.detail;
    });
    if (!again) into.warnings.push_back(w);  // a set-wide note once, not once per boot
  }
  std::vector<RunRecord> runs = std::move(from.runs), warmup = std::move(from.warmup_runs);
  if (into.environment.empty()) take_description(into, from);
  for (auto& run : warmup) into.warmup_runs.push_back(std::move(run));
  for (auto& run : runs) into.runs.push_back(std::move(run));
  for (std::size_t i = 0; i < into.runs.size(); ++i) into.runs[i].index = static_cast<int>(i) + 1;
  return added;
}

}  // namespace

int add_boot_sets(std::vector<ResultSet>& sets, std::vector<ResultSet> from_boot, const BootPlace& place) {
  if (from_boot.size() != sets.size())
    throw std::runtime_error(fmt::format("the guest's result holds {} sets, not the {} expected", from_boot.size(),
                                         sets.size()));
  for (std::size_t i = 0; i < sets.size(); ++i)
    if (from_boot[i].label != sets[i].label)
      throw std::runtime_error(fmt::format("the guest's set {} is labelled '{}', not '{}'", i + 1,
                                           from_boot[i].label, sets[i].label));
  int added = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) added += merge_set(sets[i], std::move(from_boot[i]), place);
  return added;
}

}  // namespace schedlab::guest
