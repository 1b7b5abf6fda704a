#pragma once
// `schedlab export --kcidb`: stored sets as a KCIDB document (KernelCI's
// common results schema, v5.3, github.com/kernelci/kcidb-io), ready for
// kcidb-submit.  Per set:
//   checkout  the kernel as measured: its release and uname version; its
//             git commit when the release names a full one (KCIDB wants
//             40 hex digits; CONFIG_LOCALVERSION_AUTO's short g<sha> goes
//             to misc);
//   build     that kernel on its machine architecture, status PASS (it
//             booted and ran the workload);
//   test      path "schedlab.<workload>", status DONE for a completed set
//             (a measurement, not a judgement), ERROR or SKIP otherwise;
//             the primary metric's mean as "number" (value, unit); every
//             metric's summary, the per-run values of the primary metric,
//             the spec, the scenario, the warnings and, for grid sets, the
//             LAVA job in "misc" (free-form in the schema).
// Ids are the origin, ':' and a digest of what they identify (the test's:
// the set's content hash, the store's own key), so exporting the same sets
// twice, from any store, gives the same ids and KCIDB merges them.
#include <string>
#include <vector>

#include "store/set_document.h"
#include "workloads/builtin.h"

namespace schedlab::grid {

inline constexpr int kKcidbMajor = 5, kKcidbMinor = 3;

// Whether `origin` is a KCIDB origin: ^[a-z0-9_]+$.
bool valid_kcidb_origin(const std::string& origin);

// The document for `docs`, in order; each checkout and build once.
// Throws std::runtime_error for a malformed set.  `workloads` gives each
// set its spec id (store/set_document.h).
ordered_json kcidb_document(const std::vector<store::SetDocument>& docs, const std::string& origin,
                            const WorkloadRegistry& workloads);

}  // namespace schedlab::grid
