#include "store/selector.h"

#include <fmt/format.h>

#include <filesystem>

#include "core/error.h"
#include "core/whole_number.h"
#include "store/set_filter.h"

namespace schedlab::store {
namespace {

constexpr const char* kSelectorForms =
    "@kernel=PATTERN, @label=PATTERN, @host=PATTERN, @spec=ID, @id=N or a bare set id (see 'schedlab history')";

std::int64_t parse_id(const std::string& arg, const std::string& text) {
  if (auto id = parse_whole_number<std::int64_t>(text, 1, INT64_MAX)) return *id;
  throw UsageError("selector", arg, kSelectorForms);
}

}  // namespace

bool is_selector(const std::string& arg) {
  if (!arg.empty() && arg[0] == '@') return true;
  std::error_code ec;
  return parse_whole_number<std::int64_t>(arg, 1, INT64_MAX) && !std::filesystem::exists(arg, ec);
}

SetFilter parse_selector(const std::string& arg) {
  SetFilter f;
  if (arg.empty() || arg[0] != '@') {
    f.id = parse_id(arg, arg);
    return f;
  }
  const size_t eq = arg.find('=');
  const std::string key = arg.substr(1, eq == std::string::npos ? std::string::npos : eq - 1);
  const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
  if (value.empty()) throw UsageError("selector", arg, kSelectorForms);
  check_pattern("selector", arg);
  if (key == "kernel") f.kernel = value;
  else if (key == "label") f.label = value;
  else if (key == "host") f.host = value;
  else if (key == "spec") {
    check_spec_id("selector", value);
    f.spec = value;
  }
  else if (key == "id") f.id = parse_id(arg, value);
  else
    throw UsageError("selector", arg, kSelectorForms);
  return f;
}

}  // namespace schedlab::store

namespace schedlab::store {

std::vector<std::int64_t> select_ids(Store& store, const std::string& arg, const std::string& workload) {
  SetFilter filter = parse_selector(arg);
  filter.workload = workload;
  std::vector<std::int64_t> ids;
  for (const auto& row : store.find(filter)) ids.push_back(row.id);
  if (ids.empty())
    throw UsageError(fmt::format("{}: no stored set matches{} in '{}' (see 'schedlab history')", arg,
                                 workload.empty() ? "" : " with --workload " + workload,
                                 store.connection().where()));
  return ids;
}

std::vector<SetDocument> select_sets(Store& store, const std::string& arg, const std::string& workload) {
  return store.load(select_ids(store, arg, workload), arg);
}

}  // namespace schedlab::store
