// One secrets rule (issue 18, case 3): a PostgreSQL password given in
// --store or SCHEDLAB_STORE, in each form libpq takes, reaches no artefact
// of a run or of the commands that read its results: result file, spool
// file, store rows, exported file, HTML report, stdout, stderr.  Failed
// before: argv kept the URL as typed, and errors printed it.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <libpq-fe.h>

#include <filesystem>
#include <fstream>

#include "integration/store_fixtures.h"
#include "support/postgres_server.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPlanted = "PLANTED";

// Everything every command printed, and every file it left, searched at the end.
class Artefacts {
 public:
  explicit Artefacts(const TempDir& dir) : dir_(dir) {}
  // Runs schedlab in `dir` with its data directory there (spool files).
  Outcome run(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    std::vector<std::string> prefix = {"env", "--chdir=" + dir_.path(), "XDG_DATA_HOME=" + dir_.file("data")};
    prefix.insert(prefix.end(), env.begin(), env.end());
    Outcome o = run_schedlab(args, prefix);
    printed_ += o.out + o.err;
    return o;
  }
  void add(const std::string& text) { printed_ += text; }
  // Where the planted password appears: "stdout/stderr", a file's path, or nothing.
  std::vector<std::string> leaks(const std::string& secret) const {
    std::vector<std::string> where;
    if (printed_.find(secret) != std::string::npos) where.push_back("stdout/stderr or store rows");
    for (const auto& entry : fs::recursive_directory_iterator(dir_.path())) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), {});
      if (text.find(secret) != std::string::npos) where.push_back(entry.path().string());
    }
    return where;
  }

 private:
  const TempDir& dir_;
  std::string printed_;
};

// Every row of every table of the store, as PostgreSQL prints it.
std::string postgres_rows(const std::string& url) {
  PGconn* c = PQconnectdb(url.c_str());
  std::string rows;
  for (const char* table : {"sets", "runs", "run_values", "metrics", "set_warnings", "schema_version"}) {
    PGresult* r = PQexec(c, fmt::format("SELECT t::text FROM {} t", table).c_str());
    EXPECT_EQ(PQresultStatus(r), PGRES_TUPLES_OK) << table << ": " << PQerrorMessage(c);
    for (int i = 0; i < PQntuples(r); ++i) rows += std::string(PQgetvalue(r, i, 0)) + "\n";
    PQclear(r);
  }
  PQfinish(c);
  return rows;
}

struct Form {
  std::string name;
  std::vector<std::string> store_args;  // --store VALUE, or nothing
  std::vector<std::string> env;         // SCHEDLAB_STORE=VALUE, or nothing
};

// The three ways libpq takes a password, pointing at a server that is not there.
std::vector<Form> unreachable_forms() {
  return {{"user:password@", {"--store", "postgresql://grid:PLANTED1@127.0.0.1:1/results"}, {}},
          {"?password=", {}, {"SCHEDLAB_STORE=postgresql://127.0.0.1:1/results?password=PLANTED2"}},
          {"password= key=value", {"--store", "host=127.0.0.1 port=1 dbname=results password=PLANTED3"}, {}}};
}

// The same ways, pointing at the test's server (trust authentication: the
// password is accepted and ignored).
std::vector<Form> reachable_forms(const PostgresServer& server, const std::string& socket_dir) {
  return {{"user:password@", {"--store", "postgresql://schedlab:PLANTED4@/postgres?host=" + socket_dir}, {}},
          {"?password=", {}, {"SCHEDLAB_STORE=" + server.url() + "&password=PLANTED5"}},
          {"password= key=value",
           {"--store", "host=" + socket_dir + " user=schedlab dbname=postgres password=PLANTED6"}, {}}};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

void run_and_read(Artefacts& a, const Form& form, int n, bool reachable) {
  SCOPED_TRACE(form.name);
  const std::string result = "r" + std::to_string(n) + ".json";
  const Outcome run = a.run(with({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json", result},
                                 form.store_args), form.env);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE((reachable ? run.out : run.err).find(reachable ? "stored: set" : "are kept in"), std::string::npos)
      << run.out << run.err;
  EXPECT_EQ(a.run({"report", result, "-o", "file" + std::to_string(n) + ".html"}).status, 0);
  const Outcome history = a.run(with({"history", "--json"}, form.store_args), form.env);
  EXPECT_EQ(history.status, reachable ? 0 : 4) << history.err;
  if (!reachable) return;
  EXPECT_EQ(a.run(with({"export", "@kernel=*", "--json", "e" + std::to_string(n) + ".json"}, form.store_args),
                  form.env).status, 0);
  EXPECT_EQ(a.run(with({"report", "@kernel=*", "-o", "store" + std::to_string(n) + ".html"}, form.store_args),
                  form.env).status, 0);
  EXPECT_EQ(a.run(with({"compare", "@kernel=*"}, form.store_args), form.env).status, 0);
}

}  // namespace

TEST(Secrets, APlantedPasswordReachesNoArtefact) {
  PostgresServer server;
  if (!server.available()) SCHEDLAB_SKIP(kPostgres) << server.why_not();
  TempDir dir;
  Artefacts artefacts(dir);
  int n = 0;
  for (const auto& form : unreachable_forms()) run_and_read(artefacts, form, ++n, false);
  const std::string socket_dir = server.url().substr(server.url().find("host=") + 5,
                                                     server.url().find("&user") - server.url().find("host=") - 5);
  for (const auto& form : reachable_forms(server, socket_dir)) run_and_read(artefacts, form, ++n, true);
  artefacts.add(postgres_rows(server.url()));

  // Refused before anything runs, with the password masked: a URL libpq
  // cannot parse (it quotes the bad token), one that is not a URL to us.
  for (const std::string bad : {"postgresql://u:PL%zzANTED7@db/x", "POSTGRESQL://u:PLANTED8@db/x"}) {
    const Outcome o = artefacts.run({"history", "--store", bad});
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
  }
  // A file (and its import) from before masking existed.
  auto old = read_json(dir.file("r1.json"));
  old["sets"][0]["argv"] = {"schedlab", "run", "spawn", "--store", "postgresql://u:PLANTED9@db/x"};
  std::ofstream(dir.file("old.json")) << old.dump();
  EXPECT_EQ(artefacts.run({"report", "old.json", "-o", "old.html"}).status, 0);
  EXPECT_EQ(artefacts.run({"import", "old.json", "--store", "old.db"}).status, 0);
  EXPECT_EQ(artefacts.run({"export", "1", "--json", "old-export.json", "--store", "old.db"}).status, 0);
  fs::remove(dir.file("old.json"));  // the planted input itself

  for (const std::string& secret : {std::string(kPlanted), std::string("ANTED7")}) {
    const auto leaks = artefacts.leaks(secret);
    EXPECT_TRUE(leaks.empty()) << secret << " in " << fmt::format("{}", fmt::join(leaks, ", "));
  }
  EXPECT_FALSE(fs::is_empty(dir.file("data/schedlab/spool"))) << "no spool file was searched";
  server.stop();
}

}  // namespace schedlab::testing
