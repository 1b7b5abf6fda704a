// One rule for stores (issue 18): every kind of store the opener knows
// (store_kinds(), the list choose_store and open_store use) keeps the same
// rules.  A kind added to that list without a fixture here fails.
#include <gtest/gtest.h>

#include "support/skip.h"
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>

#include "spec/spec_identity.h"
#include "store/schema.h"
#include "store/store_kinds.h"
#include "support/postgres_server.h"
#include "support/synthetic_sets.h"
#include "support/temp_dir.h"
#include "support/registries.h"

namespace schedlab::store {
namespace {

namespace fs = std::filesystem;

// A fresh, empty store of one kind; its location holds a password where
// the kind takes one.  skip_reason() is not empty when this host cannot
// make one.
class KindFixture {
 public:
  virtual ~KindFixture() = default;
  virtual std::string location() const = 0;
  virtual std::string skip_reason() const { return ""; }
};

class SqliteFixture : public KindFixture {
 public:
  std::string location() const override { return dir_.file("new/dirs/r.db"); }

 private:
  testing::TempDir dir_;
};

class PostgresFixture : public KindFixture {
 public:
  std::string location() const override { return server_.url() + "&password=PLANTED"; }
  std::string skip_reason() const override { return server_.available() ? "" : server_.why_not(); }

 private:
  testing::PostgresServer server_;
};

const std::map<std::string, std::function<std::unique_ptr<KindFixture>()>> kFixtures = {
    {"sqlite", [] { return std::make_unique<SqliteFixture>(); }},
    {"postgresql", [] { return std::make_unique<PostgresFixture>(); }},
};

// Runs `rule` on a fresh store of every kind store_kinds() lists.
void for_each_kind(const std::function<void(const StoreKind&, const StoreChoice&)>& rule) {
  std::string skipped;
  for (const auto& kind : store_kinds()) {
    SCOPED_TRACE(kind.name);
    const auto fixture = kFixtures.find(kind.name);
    ASSERT_NE(fixture, kFixtures.end()) << "the store kind '" << kind.name
                                        << "' has no fixture here: add one, so that it keeps the store rules";
    const auto store = fixture->second();
    if (!store->skip_reason().empty()) {
      skipped += std::string(kind.name) + ": " + store->skip_reason() + "; ";
      continue;
    }
    const StoreChoice choice = choose_store(store->location(), false);
    ASSERT_EQ(choice.kind, kind.id) << "the kind does not claim its own location";
    rule(kind, choice);
  }
  if (!skipped.empty()) SCHEDLAB_SKIP(kPostgres) << skipped;
}

std::int64_t record_two(const StoreChoice& choice) {
  auto s = open_store(choice, Access::kWrite, testing::workload_registry());
  s->record(testing::synthetic_document({.kernel = "6.1.0"}));
  return s->record(testing::synthetic_document({.kernel = "6.2.0"})).id;
}

TEST(StoreRules, WhereAndDescribeNeverShowASecret) {
  for_each_kind([](const StoreKind&, const StoreChoice& choice) {
    const auto s = open_store(choice, Access::kWrite, testing::workload_registry());
    EXPECT_EQ(s->connection().where(), redact_secrets(choice.location));
    EXPECT_EQ(describe(choice), redact_secrets(choice.location));
    EXPECT_EQ(describe(choice).find("PLANTED"), std::string::npos) << describe(choice);
  });
}

TEST(StoreRules, AReaderCannotWriteAndNeverMigrates) {
  for_each_kind([](const StoreKind&, const StoreChoice& choice) {
    record_two(choice);
    auto reader = open_store(choice, Access::kRead, testing::workload_registry());
    EXPECT_EQ(reader->find({}).size(), 2u);
    EXPECT_THROW(reader->connection().exec("DELETE FROM sets"), StoreError);
    EXPECT_THROW(reader->record(testing::synthetic_document({.kernel = "6.3.0"})), StoreError);
    reader.reset();
    {
      auto writer = open_store(choice, Access::kWrite, testing::workload_registry());
      writer->connection().exec("DROP INDEX sets_spec; ALTER TABLE sets DROP COLUMN spec_id; "
                                "DELETE FROM schema_version WHERE version >= 3");
    }
    try {
      open_store(choice, Access::kRead, testing::workload_registry());
      ADD_FAILURE() << "a reader opened a store of an older schema";
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find("older than this schedlab"), std::string::npos) << e.what();
    }
    auto writer = open_store(choice, Access::kWrite, testing::workload_registry());
    EXPECT_EQ(schema_version(writer->connection()), kSchemaVersion) << "a writer migrates";
  });
}

TEST(StoreRules, RowsAreReadLikeResultFiles) {
  for_each_kind([](const StoreKind&, const StoreChoice& choice) {
    const std::int64_t bad = record_two(choice);
    open_store(choice, Access::kWrite, testing::workload_registry())->connection().query(
        "UPDATE sets SET set_json = ? WHERE id = ?", {std::string(100000, '[') + std::string(100000, ']'), bad});
    ::testing::internal::CaptureStderr();
    auto reader = open_store(choice, Access::kRead, testing::workload_registry());
    EXPECT_EQ(reader->load({1, bad}, "export").size(), 1u);
    EXPECT_THROW(reader->load({bad}, "export"), UsageError);
    const std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find(fmt::format("set {} skipped: set_json: nested deeper than 256 levels", bad)),
              std::string::npos) << said;
    EXPECT_EQ(reader->skipped().count(bad), 1u);
  });
}

TEST(StoreRules, AStoreFileIsNeverALinkNorAnotherUsersAndItsDirectoriesArePrivate) {
  for_each_kind([](const StoreKind& kind, const StoreChoice& choice) {
    if (!kind.is_file) return;
    record_two(choice);
    const fs::path db = choice.location;
    struct stat st {};
    ASSERT_EQ(stat(db.parent_path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u) << db.parent_path();
    fs::rename(db, db.string() + ".real");
    fs::create_symlink(db.string() + ".real", db);
    EXPECT_THROW(choose_store(db.string(), false), UsageError);
    for (const Access access : {Access::kRead, Access::kWrite})
      EXPECT_THROW(open_store(choice, access, testing::workload_registry()), UsageError);
    fs::remove(db);
    fs::rename(db.string() + ".real", db);
    if (geteuid() != 0) return;
    ASSERT_EQ(chown(db.c_str(), 65534, 65534), 0);
    EXPECT_THROW(choose_store(db.string(), false), UsageError);
    for (const Access access : {Access::kRead, Access::kWrite})
      EXPECT_THROW(open_store(choice, access, testing::workload_registry()), UsageError);
  });
}

}  // namespace
}  // namespace schedlab::store

namespace schedlab::store {
namespace {

// Migration 4: a set stored before the whole-number fix, its spec id
// computed from "50" (as import, lava collect and kernels' guest files
// stored them), is read again after the upgrade, its id recomputed.
TEST(StoreRules, TheUpgradeRecomputesEverySpecId) {
  for_each_kind([](const StoreKind&, const StoreChoice& choice) {
    ResultSet set = testing::synthetic_set({.kernel = "6.1.0"});
    set.workload.name = "exec";
    set.workload.params = Params{};
    set.workload.params.set("iterations", std::int64_t{50});
    std::int64_t id = 0;
    {
      auto writer = open_store(choice, Access::kWrite, testing::workload_registry());
      id = writer->record({ordered_json(set), "2026-11-01T00:00:00Z"}).id;
      writer->connection().query("UPDATE sets SET spec_id = ? WHERE id = ?", {std::string("0123456789ab"), id});
      writer->connection().exec("DELETE FROM schema_version WHERE version = 4");
    }
    ::testing::internal::CaptureStderr();
    {
      auto writer = open_store(choice, Access::kWrite, testing::workload_registry());  // migrates
      EXPECT_EQ(schema_version(writer->connection()), kSchemaVersion);
    }
    auto reader = open_store(choice, Access::kRead, testing::workload_registry());
    const auto rows = reader->find({});
    const std::string said = ::testing::internal::GetCapturedStderr();
    ASSERT_EQ(rows.size(), 1u) << said;
    EXPECT_EQ(rows.at(0).spec_id, spec_id(set, testing::workload_registry()));
    EXPECT_EQ(said.find("changed outside schedlab"), std::string::npos) << said;
  });
}

}  // namespace
}  // namespace schedlab::store
