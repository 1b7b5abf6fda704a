#pragma once
// The one place grid code asks "does this text carry a secret?".  A LAVA
// job definition is readable by everyone who can see the job (and kept in
// the server's database); a KCIDB document is public.  Issue 18 brings one
// redact_secrets() for the whole tool; until it lands this forwards to the
// store's password redaction, and every grid caller goes through here, so
// the swap is one function body.
#include <string>

namespace schedlab::grid {

// `text` with every password it holds replaced by "***": the password of a
// URL's user information (scheme://user:PASSWORD@host) and the value of a
// libpq `password=` parameter (in a URL's query or a keyword/value string).
std::string redact_secrets(const std::string& text);

// Whether redact_secrets would change `text`.
bool holds_secret(const std::string& text);

}  // namespace schedlab::grid
