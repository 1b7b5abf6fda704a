#include "cli/store_options.h"

#include <CLI/CLI.hpp>

namespace schedlab {

void add_store_options(CLI::App& app, StoreOptionTexts& texts, bool recording) {
  app.add_option("--store", texts.store,
                 "the result store: a SQLite file, a postgresql://... URL or a libpq key=value string "
                 "(default: $SCHEDLAB_STORE, else $XDG_DATA_HOME/schedlab/results.db); a password belongs in "
                 "~/.pgpass or PGSERVICE, and is masked wherever schedlab records or prints it")
      ->type_name("URL")->group("Store options");
  if (recording)
    app.add_flag("--no-store", texts.no_store, "do not record the result sets in the store")
        ->group("Store options");
}

}  // namespace schedlab
