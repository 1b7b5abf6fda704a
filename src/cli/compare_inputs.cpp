// compare's inputs: result files and store selectors side by side.  The
// store is opened (read-only) only when a selector is given.
#include "cli/store_commands.h"
#include "core/error.h"
#include "store/result_file.h"
#include "store/selector.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>

namespace schedlab {

// Two sets with one label (the same kernel measured twice) would be
// indistinguishable in a table: each gets where it came from, and a
// number when one source holds both.
void disambiguate_labels(std::vector<ResultSet>& sets, const std::vector<std::string>& sources) {
  std::map<std::string, int> count;
  for (const auto& set : sets) count[set.label]++;
  std::map<std::string, int> seen;
  for (size_t i = 0; i < sets.size(); ++i) {
    if (count[sets[i].label] < 2) continue;
    const std::string source = std::filesystem::path(sources[i]).filename().string();
    const std::string key = sets[i].label + "\n" + source;
    const int k = ++seen[key];
    sets[i].label += " (" + source + (k > 1 ? fmt::format(" #{}", k) : "") + ")";
  }
}

std::vector<ResultSet> read_compare_inputs(const std::vector<std::string>& inputs, const std::string& store,
                                           const std::string& workload, const WorkloadRegistry& workloads) {
  bool any_selector = false;
  for (const auto& input : inputs)
    if (store::is_selector(input)) {
      store::parse_selector(input);  // a bad selector is refused before the store is opened
      any_selector = true;
    }
  if (!workload.empty() && !any_selector)
    throw UsageError("--workload", workload, "store selectors to restrict (@kernel=..., @label=..., ids)");
  // The default store is looked at only when a selector needs it.
  std::unique_ptr<store::Store> s;
  if (any_selector || !store.empty()) {
    const auto choice = to_store_choice({store, false});
    if (any_selector) s = store::open_store(choice, store::Access::kRead, workloads);
  }
  std::vector<ResultSet> sets;
  std::vector<std::string> sources;
  for (const auto& input : inputs) {
    auto file = store::is_selector(input)
                    ? result_file_from_json(store::result_file_json(store::select_sets(*s, input, workload)))
                    : read_result_file(input, workloads);
    for (auto& set : file.sets) {
      sets.push_back(std::move(set));
      sources.push_back(input);
    }
  }
  disambiguate_labels(sets, sources);
  return sets;
}

}  // namespace schedlab
