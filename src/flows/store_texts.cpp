#include "flows/store_texts.h"

#include <cstdlib>

namespace schedlab {

store::StoreChoice to_store_choice(const StoreOptionTexts& texts) {
  return store::choose_store(texts.store, texts.no_store);
}

StoreOptionTexts lava_store_texts(const StoreOptionTexts& texts) {
  StoreOptionTexts out = texts;
  const char* lab = std::getenv("SCHEDLAB_STORE");
  if (out.store.empty() && !(lab && *lab)) out.no_store = true;
  return out;
}

}  // namespace schedlab
