// `lava collect --server URL JOB_ID`: a job's record and log read through a
// LAVA server's REST API.  The server here answers with what lava-server
// 2023.01 answered on the development VM for a job `schedlab lava job`
// wrote, submitted through its REST API and run by its scheduler and
// lava-worker (tests/fixtures/lava/server, README.md there), served on
// loopback by tests/grid/serve_lava_api.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "integration/grid_support.h"
#include "integration/harness.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

const std::string kRecordedServer = std::string(SCHEDLAB_SOURCE_DIR) + "/tests/fixtures/lava/server";

// The recorded responses of `from`, served until this object goes.
class RecordedLavaServer {
 public:
  RecordedLavaServer(const TempDir& dir, const std::string& from) : dir_(dir) {
    const std::string command = "exec /usr/bin/python3 " + grid_script("serve_lava_api.py") + " " + from + " " +
                                dir.file("port") + " " + dir.file("requests");
    server_ = popen(command.c_str(), "w");  // its stdin: closing it stops the server
    for (int i = 0; i < 200 && !fs::exists(dir.file("port")); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));  // a start guard, not a timing
  }
  ~RecordedLavaServer() {
    if (server_) pclose(server_);
  }
  RecordedLavaServer(const RecordedLavaServer&) = delete;
  RecordedLavaServer& operator=(const RecordedLavaServer&) = delete;

  std::string url() const { return "http://127.0.0.1:" + dir_.read("port") + "/"; }
  // "PATH AUTHORIZATION" per request so far.
  std::string requests() const { return dir_.read("requests"); }

 private:
  const TempDir& dir_;
  FILE* server_ = nullptr;
};

TEST(LavaServer, AJobIsCollectedFromItsRecordAndLogWithTheLabsToken) {
  TempDir dir;
  RecordedLavaServer server(dir, kRecordedServer);
  ASSERT_TRUE(fs::exists(dir.file("port"))) << "the recorded server did not start";
  const std::string db = dir.file("grid.db");
  const Outcome o = run_schedlab({"lava", "collect", "2", "--server", server.url(), "--store", db, "--json",
                                  dir.file("c.json")},
                                 {"env", "LAVA_TOKEN=lab-token"});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("a: 1 boot, 3 runs, PASS"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("b: 1 boot, 3 runs, PASS"), std::string::npos) << o.out;
  EXPECT_EQ(server.requests(), "/api/v0.2/jobs/2/ Token lab-token\n/api/v0.2/jobs/2/logs/ Token lab-token\n");
  const auto lava = read_json(dir.file("c.json"))["sets"][0]["lava"];
  EXPECT_EQ(lava["job_id"], "2");
  EXPECT_EQ(lava["actual_device"], "qemu-grid3");
  EXPECT_EQ(lava["health"], "Complete");
  EXPECT_EQ(lava["source"], server.url().substr(0, server.url().size() - 1));
  EXPECT_EQ(o.out.find("lab-token"), std::string::npos);
  const Outcome compared = run_schedlab({"compare", "@label=a", "@label=b", "--store", db});
  EXPECT_EQ(compared.status, 0) << compared.err;
  EXPECT_NE(compared.out.find("lps"), std::string::npos) << compared.out;
}

TEST(LavaServer, AJobNotThereOrNotFinishedIsNamedAndNothingIsStored) {
  TempDir dir;
  // The same job while it was still running.
  fs::create_directories(dir.file("api/jobs"));
  std::ifstream in(kRecordedServer + "/jobs/2.json");
  const std::string record(std::istreambuf_iterator<char>(in), {});
  dir.write("api/jobs/3.json", std::regex_replace(record, std::regex(R"("state":"Finished")"), R"("state":"Running")"));
  RecordedLavaServer server(dir, dir.file("api"));
  ASSERT_TRUE(fs::exists(dir.file("port")));
  const Outcome missing = run_schedlab({"lava", "collect", "999", "--server", server.url(), "--no-store"});
  EXPECT_EQ(missing.status, 2) << missing.err;
  EXPECT_NE(missing.err.find("HTTP 404 (no such job on this server?)"), std::string::npos) << missing.err;
  const Outcome running = run_schedlab({"lava", "collect", "3", "--server", server.url(), "--store", dir.file("r.db")});
  EXPECT_EQ(running.status, 4) << running.err;
  EXPECT_NE(running.err.find("is Running: collect it when it has finished"), std::string::npos) << running.err;
  EXPECT_FALSE(fs::exists(dir.file("r.db")));
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"lava", "collect", "two", "--server", server.url()}, "lava collect 'two'"},
      {{"lava", "collect", "2", "--server", "http://me:hunter2@lab"}, "--server 'http://me:***@lab'"},
      {{"lava", "collect", "2", "--server", "ftp://lab"}, "--server 'ftp://lab'"},
      {{"lava", "collect", "2"}, "a job id with --server URL"},
  };
  for (const auto& [args, expected] : bad) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find("hunter2"), std::string::npos) << o.err;
  }
}

// Issue 30, defects 9 and 12: what the server answers is input.  A server
// that redirects to itself gets a few requests (it got 1,851), and an
// answer of the wrong shape is one line naming what was wrong (it was exit
// 70, "internal error"); neither stores anything.
TEST(LavaServer, ARedirectLoopAndAnswersOfTheWrongShapeAreOneLineEach) {
  TempDir dir;
  dir.write("api/jobs/5.redirect", "");
  dir.write("api/jobs/6.json", "[1, 2]");
  dir.write("api/jobs/7.json", R"({"state": 3})");
  dir.write("api/jobs/8.json", std::string(100000, '['));
  RecordedLavaServer server(dir, dir.file("api"));
  ASSERT_TRUE(fs::exists(dir.file("port")));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"5", "more than 5 redirects"},
      {"6", "its record: expected a JSON object, found array"},
      {"7", "(/state) type must be string, but is number"},
      {"8", "its record: nested deeper than 256 levels"},
  };
  for (const auto& [job, expected] : cases) {
    const Outcome o = run_schedlab({"lava", "collect", job, "--server", server.url(), "--store", dir.file("r.db")});
    EXPECT_EQ(o.status, 4) << job << ": " << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << job << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
    EXPECT_FALSE(fs::exists(dir.file("r.db")));
  }
  const std::string requests = server.requests();
  EXPECT_LE(std::count(requests.begin(), requests.end(), '\n'), 6 + 3) << "at most 1 + 5 redirects for job 5";
}

}  // namespace
}  // namespace schedlab::testing
