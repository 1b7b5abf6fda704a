#pragma once
// --store URL / --no-store, for every command that records or reads the
// result store, and the one call run, check and suite make to record.
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "core/result.h"
#include "store/store_choice.h"

namespace schedlab {

struct StoreOptionTexts {
  std::string store;      // empty: SCHEDLAB_STORE, else the default SQLite file
  bool no_store = false;
};

// Adds --store and, when `recording`, --no-store (their declarations:
// cli/command_option_entries.cpp, which lists the commands that take them).
void add_store_options(CLI::App& app, StoreOptionTexts& texts, bool recording);

// Throws UsageError for a bad value (before anything runs).
store::StoreChoice to_store_choice(const StoreOptionTexts& texts);

// --lava: a test shell's default SQLite file would vanish with its guest;
// the lab's SCHEDLAB_STORE (a LAVA secret, or the worker's environment) is
// used when the test shell has one, else no store: the results reach one
// through the job's log (schedlab lava collect).  --store/--no-store win.
StoreOptionTexts lava_store_texts(const StoreOptionTexts& texts);

// The arguments that pass the same choice on to `schedlab run` (suite).
std::vector<std::string> store_arguments(const StoreOptionTexts& texts);

}  // namespace schedlab
