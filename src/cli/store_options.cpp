#include "cli/store_options.h"

#include <CLI/CLI.hpp>

#include "cli/command_options.h"

namespace schedlab {

void add_store_options(CLI::App& app, StoreOptionTexts& texts, bool recording) {
  bind_option(app, "", "--store", texts.store);
  if (recording) bind_option(app, "", "--no-store", texts.no_store);
}

}  // namespace schedlab
