#pragma once
// `schedlab export --kcidb`: stored sets as a KCIDB document (KernelCI's
// common results schema, v5.3, github.com/kernelci/kcidb-io), ready for
// kcidb-submit.  Per set:
//   checkout  the kernel as measured: its release and uname version; its
//             git commit when the release names a full one (KCIDB wants
//             40 hex digits; CONFIG_LOCALVERSION_AUTO's short g<sha> goes
//             to misc); with --tree-name, --git-url, --branch, --commit
//             or --git-tree (grid/kcidb_checkout.h), its tree's name,
//             repository, branch and commit;
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
// twice, from any store, gives the same ids and KCIDB merges them.  A
// commit given (--commit, --git-tree) is part of the checkout's and its
// builds' identity: the same kernel said to come from another commit is
// another checkout; the tree's name, URL and branch describe it and leave
// its id alone (a corrected name updates the checkout KCIDB has).
#include <string>
#include <vector>

#include "grid/kcidb_checkout.h"
#include "store/set_document.h"
#include "workloads/builtin.h"

namespace schedlab::grid {

inline constexpr int kKcidbMajor = 5, kKcidbMinor = 3;

// Whether `origin` is a KCIDB origin: ^[a-z0-9_]+$.
bool valid_kcidb_origin(const std::string& origin);

// The document for `docs`, in order; each checkout and build once, every
// checkout described by `checkout` (checked_identity's).  Throws
// std::runtime_error for a malformed set; UsageError when a commit is
// given and the sets are of more than one kernel's source, or their
// kernel's release names another commit.  `workloads` gives each set its
// spec id (store/set_document.h).
ordered_json kcidb_document(const std::vector<store::SetDocument>& docs, const std::string& origin,
                            const WorkloadRegistry& workloads, const CheckoutIdentity& checkout = {});

}  // namespace schedlab::grid
