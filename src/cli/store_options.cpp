#include "cli/store_options.h"

#include <CLI/CLI.hpp>
#include <cstdlib>

#include "cli/command_options.h"

namespace schedlab {

void add_store_options(CLI::App& app, StoreOptionTexts& texts, bool recording) {
  bind_option(app, "", "--store", texts.store);
  if (recording) bind_option(app, "", "--no-store", texts.no_store);
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
