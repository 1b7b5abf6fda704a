#pragma once
// The store's rows checked as they are read, by the rules a result file
// is read by: a database is data from outside (another user's, an older
// schedlab's, a hand edit), and SQLite keeps whatever type a row was given.
// A cell of the wrong type, text that is not UTF-8 or longer than a result
// may be, or a set_json that result files' reader refuses makes its set
// bad: every reader of the store (set_reader.cpp) skips it, naming it.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "store/connection.h"
#include "store/set_document.h"

namespace schedlab::store {

// A stored set the reader refused: `what` names the column and the problem,
// one line, printable ASCII (it may quote nothing from the row).
class BadRow : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A whole number: an integer cell, or a real one without a fraction.
std::int64_t int_cell(const SqlValue& v, const char* column);
// A finite number; NULL gives nullopt.
std::optional<double> number_cell(const SqlValue& v, const char* column);
// UTF-8 text of at most kCellLimit bytes (longer comes as an OversizedCell); NULL gives "".
std::string text_cell(const SqlValue& v, const char* column);

// The document of a sets row: `set_json` read as result files are
// (input/result_text.h, then result_file_from_json), its argv masked
// (redact_argv, core/secrets.h).  Throws BadRow.
SetDocument document_cells(const SqlValue& created, const SqlValue& set_json);

// The spec id of a sets row, recomputed from its document (spec/
// spec_identity.h), never taken from its spec_id column: a row whose
// column says another id (planted, or written by another schedlab) is bad
// — BadRow — for else history would list it, and trend average it, under a
// spec it did not measure.
std::string checked_spec_id(const std::string& stored, const SqlValue& created, const SqlValue& set_json,
                            const WorkloadRegistry& workloads);

}  // namespace schedlab::store
