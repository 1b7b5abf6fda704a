#pragma once
// What run, check and suite call once their result sets are complete.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "store/store_choice.h"

namespace schedlab::store {

struct RecordContext {
  // The workloads the store computes spec ids with (store.h).
  const WorkloadRegistry& workloads;
  // A result file that also holds the sets (--json), named in the message
  // when the store fails.  The sets are spooled all the same: the file may
  // be a scratch file (suite without --json) or be overwritten later.
  std::optional<std::string> kept_in;
  // Where to say which ids the sets got; nullptr says nothing on success.
  std::ostream* say = nullptr;
};

// What became of the sets: recorded in the store, or else (when it failed)
// written to a spool file, or else neither.
struct RecordOutcome {
  std::vector<Recorded> recorded;  // empty on failure
  std::string spool;               // the spool file when the store failed and one was written
  bool kept() const { return !recorded.empty() || !spool.empty(); }
};

// Records `file.sets` in the chosen store (nothing for --no-store).  Never
// throws and never loses a measurement: when the store cannot be opened or
// a write fails (disk full, server gone), the sets are written to a spool
// file under data_directory()/spool (else /tmp), and one line on stderr
// says what failed, where the sets are, and to run `schedlab import` on it.
RecordOutcome record_result_sets(const StoreChoice& choice, const ResultFile& file, const RecordContext& context);

// The same for sets as JSON documents, each recorded (and spooled) exactly
// as it is, fields this build does not model included (lava collect's
// `lava` block).
RecordOutcome record_set_documents(const StoreChoice& choice, const std::vector<SetDocument>& docs,
                                   const RecordContext& context);

}  // namespace schedlab::store
