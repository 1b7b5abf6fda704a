#include "cli/store_options.h"

#include <CLI/CLI.hpp>
#include <cstdlib>

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

store::StoreChoice to_store_choice(const StoreOptionTexts& texts) {
  return store::choose_store(texts.store, texts.no_store);
}

StoreOptionTexts lava_store_texts(const StoreOptionTexts& texts) {
  StoreOptionTexts out = texts;
  const char* lab = std::getenv("SCHEDLAB_STORE");
  if (out.store.empty() && !(lab && *lab)) out.no_store = true;
  return out;
}

std::vector<std::string> store_arguments(const StoreOptionTexts& texts) {
  if (texts.no_store) return {"--no-store"};
  if (!texts.store.empty()) return {"--store", texts.store};
  return {};
}

}  // namespace schedlab
