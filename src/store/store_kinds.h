#pragma once
// The kinds of database a store can live in.  choose_store and open_store
// know no other: a --store value (or SCHEDLAB_STORE) belongs to the first
// kind that claims it, which checks it before anything is measured and
// opens it.  Every kind gives the same guarantees, and
// tests/unit/store/store_rules_test.cpp holds each kind listed here to
// them: where() never shows a secret; a kRead connection refuses writes
// and is never migrated; rows are read through row_reader.h; and, for a
// kind whose store is a file, no symbolic link, no other user's file and
// private (0700) directories when it creates them.
#include <memory>
#include <string>
#include <vector>

#include "store/connection.h"
#include "store/store_choice.h"

namespace schedlab::store {

struct StoreKind {
  StoreChoice::Kind id;
  const char* name;  // "postgresql", "sqlite"
  bool is_file;      // the store is a file here: the file rules apply
  // Whether a --store value names a store of this kind.
  bool (*claims)(const std::string& value);
  // The location this kind opens for `value`.  Throws UsageError naming
  // `option` (the value with its secrets masked) for one it refuses.
  std::string (*resolve)(const std::string& option, const std::string& value);
  // Throws StoreError when it cannot be reached; UsageError when the
  // rules refuse it, or when a kRead finds no store there.
  std::unique_ptr<Connection> (*connect)(const std::string& location, Access access);
};

// In the order they claim values: the last one claims every value.
const std::vector<StoreKind>& store_kinds();

// The kind of `id` (not kNone).
const StoreKind& store_kind(StoreChoice::Kind id);

}  // namespace schedlab::store
