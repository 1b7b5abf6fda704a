#pragma once
// The store's past sittings of one spec on one host: what the
// between-sitting model (stats/variance_components.h) is estimated from.
//
// A sitting is one invocation: the sets recorded with one `created` time
// (a --vary replicate=a,b experiment is one sitting, not two).  Sets
// `check` recorded as its evidence are left out: each is a commit under
// test, not the spec's own history.  Only PASS sets count.
//
// Which sets are "the same spec": the spec identity (spec/spec_identity.h)
// of each stored set of the workload on the host, computed from its
// document.  When the store indexes spec_id itself, same_spec_sittings is
// the one function to change.
#include <string>
#include <vector>

#include "core/result.h"
#include "store/store.h"
#include "store/store_choice.h"
#include "workloads/builtin.h"

namespace schedlab::store {

struct PastSitting {
  std::string created;          // the invocation's start (UTC)
  std::vector<ResultSet> sets;  // its sets of the spec
};

// The host a set was measured on (environment.system.hostname).
std::string host_of(const ResultSet& set);

// Whether two sets are one measurement (a stored copy of a file's set):
// same host, same runs, same first start time.
bool same_measurement(const ResultSet& a, const ResultSet& b);

// Past sittings of `like`'s spec on `like`'s host, oldest first, at most
// `limit` (the newest), leaving out every set that is one measurement with
// one of `exclude`.
std::vector<PastSitting> same_spec_sittings(Store& store, const ResultSet& like,
                                            const std::vector<const ResultSet*>& exclude,
                                            const WorkloadRegistry& workloads, std::size_t limit = 50);

// The same from the chosen store, opened read-only: no sittings (and the
// reason in `problem`) when there is no store (--no-store, nothing recorded
// yet) or it cannot be read — history is evidence, never a failure.
struct History {
  std::vector<PastSitting> sittings;
  std::string where;    // the store, for messages
  std::string problem;  // why there is no history, when there is none for that reason
};
History read_history(const StoreChoice& choice, const ResultSet& like, const std::vector<const ResultSet*>& exclude,
                     const WorkloadRegistry& workloads);

}  // namespace schedlab::store
