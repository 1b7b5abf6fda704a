// The SQLite store's file rules through the real binary (issue 18, cases 4
// and 7): a planted symlink or another user's file is refused before
// anything is measured; the store's directories are private; a reader
// reads a store it cannot write, a read-only mount included, and never
// migrates one.  Each case failed before.
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "integration/harness.h"
#include "integration/store_fixtures.h"
#include "support/mounts.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

mode_t mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

// The read-only commands, each given `db`; `out` is where report writes.
std::vector<std::vector<std::string>> readers(const std::string& db, const std::string& out) {
  return {{"history", "--store", db},
          {"history", "--json", "--store", db},
          {"trend", "--workload", "spawn", "--store", db},
          {"export", "1", "--store", db},
          {"compare", "@kernel=6.*", "--store", db},
          {"report", "@kernel=6.*", "-o", out, "--store", db}};
}

}  // namespace

TEST(StoreFiles, APlantedSymlinkIsRefusedBeforeMeasuring) {
  TempDir dir;
  fs::create_symlink(dir.file("victim.db"), dir.file("r.db"));
  const Outcome run = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "1", "--json",
                                    dir.file("r.json"), "--store", dir.file("r.db")});
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("store '" + dir.file("r.db") + "': it is a symbolic link"), std::string::npos)
      << run.err;
  EXPECT_EQ(line_count(run.err), 1u) << run.err;
  EXPECT_FALSE(fs::exists(dir.file("victim.db"))) << "the link was followed";
  EXPECT_FALSE(fs::exists(dir.file("r.json"))) << "it measured before refusing";
  const Outcome history = run_schedlab({"history", "--store", dir.file("r.db")});
  EXPECT_EQ(history.status, 2) << history.err;

  // A link planted beside a real store, where SQLite's write-ahead log goes.
  import_kernels(dir, dir.file("s.db"), 1);
  fs::create_symlink(dir.file("victim-wal"), dir.file("s.db-wal"));
  for (const auto& args : {std::vector<std::string>{"history", "--store", dir.file("s.db")},
                           {"import", dir.file("kernels.json"), "--store", dir.file("s.db")}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[0] << ": " << o.err;
    EXPECT_NE(o.err.find("s.db-wal': it is a symbolic link"), std::string::npos) << o.err;
  }
  EXPECT_FALSE(fs::exists(dir.file("victim-wal")));
}

TEST(StoreFiles, AnotherUsersStoreIsRefused) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to give a file to another user";
  TempDir dir;
  const std::string db = dir.file("r.db");
  import_kernels(dir, db, 2);
  ASSERT_EQ(chown(db.c_str(), 65534, 65534), 0);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"run", "spawn", "--duration", "100ms", "--runs", "1", "--json", dir.file("r.json"), "--store", db},
           {"import", dir.file("kernels.json"), "--store", db},
           {"history", "--store", db},
           {"export", "1", "--store", db}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[0] << ": " << o.err;
    EXPECT_NE(o.err.find("store '" + db + "': it is owned by uid 65534"), std::string::npos) << o.err;
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
  }
  EXPECT_FALSE(fs::exists(dir.file("r.json"))) << "it measured before refusing";
}

TEST(StoreFiles, TheDirectoriesAStoreNeedsAreMadePrivate) {
  TempDir dir;
  const Outcome run = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "1"},
                                   {"env", "XDG_DATA_HOME=" + dir.file("data")});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(mode_of(dir.file("data/schedlab")), 0700u);
  EXPECT_EQ(mode_of(dir.file("data")), 0700u);
  import_kernels(dir, dir.file("a/b/r.db"), 1);
  EXPECT_EQ(mode_of(dir.file("a")), 0700u);
  EXPECT_EQ(mode_of(dir.file("a/b")), 0700u);
  EXPECT_EQ(mode_of(dir.path()), 0777u) << "an existing directory is left as it is";
}

// A root-owned store in a directory nobody cannot write: no -wal or -shm
// can be made there, so SQLite's ordinary read-only open fails.
TEST(StoreReaders, ANonRootUserReadsARootOwnedStore) {
  if (!can_switch_user()) SCHEDLAB_SKIP(kNobody) << "needs root, setpriv and a build tree user nobody can read";
  TempDir dir;
  ASSERT_EQ(mkdir(dir.file("root").c_str(), 0755), 0);
  const std::string db = dir.file("root/r.db");
  import_kernels(dir, db, 3);
  ASSERT_EQ(mode_of(db), 0644u);
  const std::string before = slurp(db);
  for (const auto& args : readers(db, dir.file("report.html"))) {
    const Outcome o = run_schedlab(args, kAsNobody);
    EXPECT_EQ(o.status, 0) << args[0] << ": " << o.err;
    EXPECT_EQ(o.err, "") << args[0];
  }
  EXPECT_EQ(slurp(db), before) << "a reader changed the store";
  EXPECT_FALSE(fs::exists(db + "-wal"));

  // With a writer connected, its -wal and -shm exist (root's, 0644): they
  // are read, so the writer's last commit is seen.
  sqlite3* writer = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &writer), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(writer, "UPDATE sets SET label = 'seen' WHERE id = 3", nullptr, nullptr, nullptr),
            SQLITE_OK);
  ASSERT_TRUE(fs::exists(db + "-wal") && fs::exists(db + "-shm"));
  const Outcome history = run_schedlab({"history", "--label", "seen", "--store", db}, kAsNobody);
  EXPECT_EQ(history.status, 0) << history.err;
  EXPECT_NE(history.out.find("seen"), std::string::npos) << history.out;
  sqlite3_close(writer);
}

TEST(StoreReaders, AStoreOnAReadOnlyMountIsRead) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to mount";
  TempDir dir;
  const std::string mnt = dir.file("ro");
  const TmpfsMount tmpfs(mnt, "16m");
  ASSERT_EQ(tmpfs.why(), "");
  import_kernels(dir, mnt + "/r.db", 3);
  EXPECT_EQ(tmpfs.make_read_only(), "");
  for (const auto& args : readers(mnt + "/r.db", dir.file("report.html"))) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 0) << args[0] << ": " << o.err;
  }
}

TEST(StoreReaders, AReaderNeverMigratesAnOlderStore) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  import_kernels(dir, db, 2);
  // Schema 2, as schedlab wrote it before migration 3 (the spec id) existed.
  plant(db, "DROP INDEX sets_spec; ALTER TABLE sets DROP COLUMN spec_id; "
            "DELETE FROM schema_version WHERE version >= 3");
  for (const auto& args : readers(db, dir.file("report.html"))) {
    const Outcome o = run_schedlab(args);
    EXPECT_NE(o.status, 0) << args[0];
    EXPECT_NE(o.err.find("has schema version 2, older than this schedlab"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("import that records in it upgrades it"), std::string::npos) << o.err;
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
  }
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  int version = 0;
  sqlite3_exec(handle, "SELECT MAX(version) FROM schema_version",
               [](void* v, int, char** cells, char**) { *static_cast<int*>(v) = std::atoi(cells[0]); return 0; },
               &version, nullptr);
  sqlite3_close(handle);
  EXPECT_EQ(version, 2) << "a read-only command migrated the store";
  ASSERT_EQ(run_schedlab({"import", dir.file("kernels.json"), "--store", db}).status, 0);
  const Outcome history = run_schedlab({"history", "--json", "--store", db});
  ASSERT_EQ(history.status, 0) << "import upgrades it: " << history.err;
  // The sets stored before the upgrade got their spec id from their JSON.
  const auto sets = ordered_json::parse(history.out).at("sets");
  ASSERT_EQ(sets.size(), 2u);
  for (const auto& set : sets) EXPECT_EQ(set.at("spec_id").get<std::string>().size(), 12u) << set.dump();
}

}  // namespace schedlab::testing
