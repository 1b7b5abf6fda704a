#include "store/sitting_history.h"

#include <algorithm>
#include <map>

#include "spec/spec_identity.h"

namespace schedlab::store {
namespace {

// Sets of the workload on the host scanned at most: the newest ones.
constexpr std::size_t kScanned = 500;

bool recorded_by_check(const ResultSet& set) {
  return set.argv.size() > 1 && set.argv[1] == "check";
}

}  // namespace

std::string host_of(const ResultSet& set) {
  const auto& env = set.environment;
  if (!env.is_object() || !env.contains("system") || !env["system"].is_object()) return "";
  const auto& h = env["system"].value("hostname", ordered_json());
  return h.is_string() ? h.get<std::string>() : "";
}

bool same_measurement(const ResultSet& a, const ResultSet& b) {
  return host_of(a) == host_of(b) && a.runs.size() == b.runs.size() && !a.runs.empty() &&
         a.runs.front().started == b.runs.front().started;
}

std::vector<PastSitting> same_spec_sittings(Store& store, const ResultSet& like,
                                            const std::vector<const ResultSet*>& exclude,
                                            const WorkloadRegistry& workloads, std::size_t limit) {
  const std::string host = host_of(like);
  if (host.empty() || host == "unknown") return {};
  SetFilter filter;
  filter.workload = like.workload.name;
  filter.host = host;
  filter.pass_only = true;
  auto rows = store.find(filter);
  if (rows.size() > kScanned) rows.erase(rows.begin(), rows.end() - static_cast<std::ptrdiff_t>(kScanned));
  std::vector<std::int64_t> ids;
  ids.reserve(rows.size());
  for (const auto& r : rows) ids.push_back(r.id);
  const std::string id = spec_id(like, workloads);
  std::map<std::string, PastSitting> by_created;
  std::vector<std::string> order;
  for (const auto& doc : store.load(ids, "history")) {
    ResultSet set = result_file_from_json(result_file_json({doc})).sets.front();
    if (set.status != Status::kPass || recorded_by_check(set) || spec_id(set, workloads) != id) continue;
    if (std::any_of(exclude.begin(), exclude.end(), [&](const ResultSet* x) { return same_measurement(*x, set); }))
      continue;
    auto [it, added] = by_created.try_emplace(doc.created, PastSitting{doc.created, {}});
    if (added) order.push_back(doc.created);
    it->second.sets.push_back(std::move(set));
  }
  if (order.size() > limit) order.erase(order.begin(), order.end() - static_cast<std::ptrdiff_t>(limit));
  std::vector<PastSitting> out;
  out.reserve(order.size());
  for (const auto& created : order) out.push_back(std::move(by_created.at(created)));
  return out;
}

History read_history(const StoreChoice& choice, const ResultSet& like, const std::vector<const ResultSet*>& exclude,
                     const WorkloadRegistry& workloads) {
  History h;
  if (choice.kind == StoreChoice::Kind::kNone) {
    h.problem = "--no-store: no history read";
    return h;
  }
  h.where = describe(choice);
  try {
    auto store = open_store(choice, Access::kRead, workloads);
    h.sittings = same_spec_sittings(*store, like, exclude, workloads);
  } catch (const std::exception& e) {  // no store yet, or one that cannot be read
    h.problem = e.what();
  }
  return h;
}

}  // namespace schedlab::store
