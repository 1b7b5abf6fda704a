#pragma once
// --store URL / --no-store on a command line, for every command that
// records or reads the result store (the texts and the store they choose:
// flows/store_texts.h).
#include "cli/cli_fwd.h"
#include "flows/store_texts.h"

namespace schedlab {

// Adds --store and, when `recording`, --no-store (their declarations:
// cli/command_option_entries.cpp, which lists the commands that take them).
void add_store_options(CLI::App& app, StoreOptionTexts& texts, bool recording);

}  // namespace schedlab
