#pragma once
// What schedlab's children see of its environment: all of it but the
// credentials.  The store, the LAVA server and libpq read secrets from the
// environment (PGPASSWORD, LAVA_TOKEN, a password in SCHEDLAB_STORE ...);
// a workload, a `command` or QEMU has no business with them, and a
// `command` such as `make test` may print its environment into a log.  The
// rest is kept: a command needs its PATH, HOME and tool settings.  Every
// exec of a child (sys/worker_process, sys/helper_process) takes its
// environment from here, so no child can be started with them.
#include <string>
#include <string_view>
#include <vector>

namespace schedlab {

// The variables removed whatever their value: what libpq reads for a
// password or key (PGPASSWORD, PGPASSFILE, PGSERVICEFILE, PGSYSCONFDIR,
// PGSSLKEY) and the LAVA token, plus those added with scrub_also().
std::vector<std::string> scrubbed_variable_names();

// Adds names to remove (--scrub-env NAME); a name must be a non-empty
// word without '='.  Throws UsageError naming `option` otherwise.
void scrub_also(const std::string& option, const std::string& name);

// Whether the "NAME=VALUE" entry must not reach a child: NAME is one of
// scrubbed_variable_names(), or it is SCHEDLAB_STORE and VALUE holds a
// password as redact_secrets finds them (postgresql://user:SECRET@host/db).
bool is_secret_entry(std::string_view entry);

// `environ` without the secret entries, in its order.
std::vector<std::string> child_environment();

}  // namespace schedlab
