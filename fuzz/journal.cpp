// Reading journals (/run/schedlab/<pid>.json) as `schedlab restore`, and
// every command before it starts, reads the journals of dead runs.
//
// restore_one() in src/scenario/journal.cpp reads a journal and undoes its
// changes in one function, so this target repeats its reading steps in its
// order (the document, pid and start_time inside its try, then each change
// newest first through Change's from_json) and stops there.  It never calls
// restore_stale_journals or undo_change: a journal can say "write this text
// to that path", "remove this tree" or "kill what is in that cgroup".  When
// the reading is split from the undoing, call that function instead.
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "scenario/change.h"

using namespace schedlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(fuzz::as_text(data, size));
    (void)j.at("pid").get<long>();
    (void)j.at("start_time").get<unsigned long long>();
  } catch (const std::exception&) {
    return 0;  // restore_one: "unreadable journal", named and kept
  }
  // From here restore_one has no handler: a JSON error escapes to main
  // ("internal error", exit 70) and the other journals are not restored.
  const auto& changes = j.at("changes");
  for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
    try {
      (void)it->get<Change>();
    } catch (const std::runtime_error&) {
      // Our own validation, "unknown change kind" (restore_one lets this
      // escape too; it is the same defect as a type error here, issue 10
      // item 7, so only the type errors are left to be found).
    }
  }
  return 0;
}
