#pragma once
// The store's schema and its migrations.  Every database carries a
// `schema_version` table with one row per migration applied.  Opening runs
// the migrations it lacks, in one transaction under a lock (SQLite's write
// lock, a PostgreSQL advisory lock), so machines of a grid that start
// together migrate once.  A database newer than this schedlab is refused.
#include "store/connection.h"
#include "workloads/builtin.h"

namespace schedlab::store {

// The newest schema this build writes and reads.
inline constexpr int kSchemaVersion = 4;

// The version recorded in `c`; 0 for a database without the table.
int schema_version(Connection& c);

// Brings `c` to `target` (kSchemaVersion unless a test asks for an older
// one); the spec ids an upgrade fills in are the ones `workloads` gives.
// Throws StoreError when the database is newer than this build.
void migrate(Connection& c, const WorkloadRegistry& workloads, int target = kSchemaVersion);

// For a read-only connection, which never migrates: throws UsageError
// "no store yet" for a database schedlab never used, and StoreError, one
// line, for a schema older (saying which commands upgrade it) or newer
// than this build's.
void check_schema(Connection& c);

}  // namespace schedlab::store
