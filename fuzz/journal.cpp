// Reading journals (/run/schedlab/<pid>.json) as `schedlab restore`, and
// every command that replays dead runs' journals, reads them.
//
// parse_journal (src/scenario/journal.cpp) is the reading half of
// restore_one, split from the undoing: restore_one catches what it throws,
// names the journal, keeps it and restores the others.  Its documented
// refusal is std::runtime_error saying what is wrong; anything else
// escaping (a JSON type_error, a sanitizer report) is a finding.  It never
// calls restore_stale_journals or undo_change: a journal can say "write
// this text to that path", "remove this tree" or "kill what is in that
// cgroup".
#include "fuzz_support.h"
#include "scenario/journal.h"

using namespace schedlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)parse_journal(std::string(fuzz::as_text(data, size)));
  } catch (const std::runtime_error&) {
    // restore_one: "unreadable journal (WHY)", named and kept
  }
  return 0;
}
