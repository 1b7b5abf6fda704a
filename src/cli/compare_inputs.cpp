// compare's inputs: result files and store selectors side by side.  The
// store is opened (read-only) only when a selector is given.
#include "cli/store_commands.h"
#include "core/error.h"
#include "report/result_file.h"
#include "store/selector.h"

namespace schedlab {

std::vector<ResultSet> read_compare_inputs(const std::vector<std::string>& inputs, const std::string& store,
                                           const std::string& workload) {
  const auto choice = to_store_choice({store, false});
  bool any_selector = false;
  for (const auto& input : inputs)
    if (store::is_selector(input)) {
      store::parse_selector(input);  // a bad selector is refused before the store is opened
      any_selector = true;
    }
  if (!workload.empty() && !any_selector)
    throw UsageError("--workload", workload, "store selectors to restrict (@kernel=..., @label=..., ids)");
  std::unique_ptr<store::Store> s;
  if (any_selector) s = store::open_store(choice, store::Access::kRead);
  std::vector<ResultSet> sets;
  for (const auto& input : inputs) {
    auto file = store::is_selector(input)
                    ? result_file_from_json(store::result_file_json(store::select_sets(*s, input, workload)))
                    : read_result_file(input);
    for (auto& set : file.sets) sets.push_back(std::move(set));
  }
  return sets;
}

}  // namespace schedlab
