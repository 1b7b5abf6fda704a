#pragma once
// --store URL / --no-store as typed, for every command that records or
// reads the result store, and the store they choose.  cli/store_options.h
// binds them to a command line; flows take the texts as their requests
// carry them.
#include <string>

#include "store/store_choice.h"

namespace schedlab {

struct StoreOptionTexts {
  std::string store;      // empty: SCHEDLAB_STORE, else the default SQLite file
  bool no_store = false;
};

// Throws UsageError for a bad value (before anything runs).
store::StoreChoice to_store_choice(const StoreOptionTexts& texts);

// --lava: a test shell's default SQLite file would vanish with its guest;
// the lab's SCHEDLAB_STORE (a LAVA secret, or the worker's environment) is
// used when the test shell has one, else no store: the results reach one
// through the job's log (schedlab lava collect).  --store/--no-store win.
StoreOptionTexts lava_store_texts(const StoreOptionTexts& texts);

}  // namespace schedlab
