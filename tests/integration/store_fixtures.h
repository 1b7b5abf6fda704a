#pragma once
// What the store's safety tests share: a store made through the real
// binary, rows planted in it with SQLite's own C API (as a hostile user or
// a hand edit would, below schedlab's reader), and running schedlab as the
// unprivileged user nobody.
#include <sqlite3.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"

namespace schedlab::testing {

inline const std::vector<std::string> kAsNobody = {"setpriv", "--reuid=65534", "--regid=65534",
                                                   "--clear-groups"};

// Runs `sql` on the database file `db` directly; fails the test on error.
inline void plant(const std::string& db, const std::string& sql) {
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK) << db;
  char* error = nullptr;
  const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
  const std::string why = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(handle);
  ASSERT_EQ(rc, SQLITE_OK) << sql.substr(0, 200) << ": " << why;
}

// One spawn set per kernel 6.1.0 .. 6.N.0 (ids 1..N), imported through the
// real binary into `db`.
inline void import_kernels(const TempDir& dir, const std::string& db, int kernels) {
  ResultFile file{"2026-11-30T00:00:00Z", {}};
  for (int minor = 1; minor <= kernels; ++minor)
    file.sets.push_back(synthetic_set({.kernel = "6." + std::to_string(minor) + ".0", .day = minor,
                                       .seed = static_cast<std::uint64_t>(minor)}));
  write_result_file(dir.file("kernels.json"), file);
  const Outcome imported = run_schedlab({"import", dir.file("kernels.json"), "--store", db});
  ASSERT_EQ(imported.status, 0) << imported.err;
}

inline std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace schedlab::testing
