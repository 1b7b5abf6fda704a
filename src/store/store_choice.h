#pragma once
// Which store a command uses: --store URL, else SCHEDLAB_STORE, else the
// default SQLite file; --no-store for none.
#include <memory>
#include <string>

#include "store/store.h"

namespace schedlab::store {

struct StoreChoice {
  enum class Kind { kNone, kSqlite, kPostgres };
  Kind kind = Kind::kSqlite;
  std::string location;  // the SQLite path or the postgresql:// URL
};

// $XDG_DATA_HOME/schedlab, else ~/.local/share/schedlab.
std::string data_directory();

// Resolves --store (empty when not given) and --no-store with the
// environment.  Throws UsageError naming the option (or SCHEDLAB_STORE)
// for a value that is neither a path nor a postgresql:// URL.
StoreChoice choose_store(const std::string& store_option, bool no_store);

enum class Access {
  kWrite,  // create the SQLite file (and its directory) when missing
  kRead,   // a missing SQLite file is "no store yet" (UsageError); nothing is created
};

// Opens and migrates the chosen store.  Throws StoreError when it cannot be
// reached; `choice.kind` must not be kNone.
std::unique_ptr<Store> open_store(const StoreChoice& choice, Access access);

// The location for messages (a URL without its password).
std::string describe(const StoreChoice& choice);

}  // namespace schedlab::store
