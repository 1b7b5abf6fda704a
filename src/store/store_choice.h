#pragma once
// Which store a command uses: --store URL, else SCHEDLAB_STORE, else the
// default SQLite file; --no-store for none.  The kinds of store and their
// rules are in store_kinds.h.
#include <memory>
#include <string>

#include "store/store.h"

namespace schedlab::store {

struct StoreChoice {
  enum class Kind { kNone, kSqlite, kPostgres };
  Kind kind = Kind::kSqlite;
  std::string location;  // the SQLite path, the postgresql:// URL or key=value string
};

// $XDG_DATA_HOME/schedlab, else ~/.local/share/schedlab.
std::string data_directory();

// Resolves --store (empty when not given) and --no-store with the
// environment, and checks the store's location as its kind does
// (store_kinds.h) before anything runs.  Throws UsageError naming the
// option (or SCHEDLAB_STORE), its value masked by redact_secrets.
StoreChoice choose_store(const std::string& store_option, bool no_store);

// Opens the chosen store through its kind: kWrite creates and migrates it;
// kRead opens it read-only, never creating or migrating anything (a
// missing SQLite file is "no store yet", UsageError).  Throws StoreError
// when it cannot be reached; `choice.kind` must not be kNone.  The store
// computes spec ids with `workloads`, which must outlive it.
std::unique_ptr<Store> open_store(const StoreChoice& choice, Access access, const WorkloadRegistry& workloads);

// The location for messages, through redact_secrets.
std::string describe(const StoreChoice& choice);

}  // namespace schedlab::store
