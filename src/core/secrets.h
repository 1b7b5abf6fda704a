#pragma once
// Credentials in text that schedlab records or prints: the one place that
// finds and masks them.  A PostgreSQL password reaches schedlab in --store
// or SCHEDLAB_STORE (postgresql://user:PASSWORD@host/db, ?password=..., or
// a libpq key=value string with password=...).  Everything that records a
// command line (redact_argv, at the set's JSON), names a store (Connection::where, describe),
// prints an error (run_app), spools sets or renders a report (html::escape)
// passes its text through redact_secrets, so no other code needs to know
// what a secret looks like.  The way to give a password without putting it
// in a command line is libpq's own: PGPASSFILE / ~/.pgpass or PGSERVICE.
#include <string>
#include <string_view>
#include <vector>

namespace schedlab {

// `text` with every credential masked as "***":
//  - in a URL (any scheme://, postgresql:// and postgres:// included) the
//    password of its user:password@ (-> user:***@) and the value of every
//    query parameter libpq treats as secret (?password=*** , sslpassword);
//  - in a libpq key=value string, or anywhere else in a message, the value
//    of each such keyword (password=***, password='***').
// The keywords are libpq's own (the options PQconninfoParse marks for
// display as "*"), and a PostgreSQL URL or a whole key=value string is
// parsed again by PQconninfoParse after masking: if libpq still reads a
// secret in it, all of it after the scheme is masked.  Text without
// credentials comes back unchanged, and masking twice gives the same text.
std::string redact_secrets(std::string_view text);

// A recorded command line (a result set's `argv`), each word through
// redact_secrets.  result_json.cpp applies it to every set it writes or
// reads, so a result file, a spool file or a store row never holds a
// password, and one written before masking existed gives none up.
std::vector<std::string> redact_argv(const std::vector<std::string>& argv);

}  // namespace schedlab
