// Unit tests for src/core/secrets.cpp and redact_argv: every
// way libpq takes a password is masked, everything else is left alone.
#include <gtest/gtest.h>

#include "core/result.h"
#include "core/secrets.h"

namespace schedlab {
namespace {

TEST(Secrets, UrlPasswordsAreMasked) {
  EXPECT_EQ(redact_secrets("postgresql://grid:s3cret@db.lab/results"), "postgresql://grid:***@db.lab/results");
  EXPECT_EQ(redact_secrets("postgres://grid:a:b@db/x?sslmode=require"), "postgres://grid:***@db/x?sslmode=require");
  EXPECT_EQ(redact_secrets("postgresql://u:p%40ss@db/x"), "postgresql://u:***@db/x");
  EXPECT_EQ(redact_secrets("postgresql://u:a b@h/d"), "postgresql://u:***@h/d") << "libpq takes a space";
  EXPECT_EQ(redact_secrets("postgresql:///postgres?host=/tmp/x&user=s&password=PW&sslpassword=K"),
            "postgresql:///postgres?host=/tmp/x&user=s&password=***&sslpassword=***");
  EXPECT_EQ(redact_secrets("postgresql://h/d?pass%77ord=PW"), "postgresql://h/d?pass%77ord=***")
      << "libpq decodes the key";
  EXPECT_EQ(redact_secrets("postgresql://h?password=PW"), "postgresql://h?password=***");
  EXPECT_EQ(redact_secrets("POSTGRESQL://u:PW@h"), "POSTGRESQL://u:***@h");
  EXPECT_EQ(redact_secrets("https://user:token@example.org/x.img"), "https://user:***@example.org/x.img");
}

TEST(Secrets, KeywordValuesAreMasked) {
  EXPECT_EQ(redact_secrets("host=db password=PW user=x"), "host=db password=*** user=x");
  EXPECT_EQ(redact_secrets("host=db password = 'a b\\' c' user=x"), "host=db password = '***' user=x");
  EXPECT_EQ(redact_secrets("sslpassword=K dbname=x"), "sslpassword=*** dbname=x");
  EXPECT_EQ(redact_secrets("--password=PW"), "--password=***");
  EXPECT_EQ(redact_secrets("store: connect to 'host=db password=PW' failed: refused"),
            "store: connect to 'host=db password=***' failed: refused");
}

TEST(Secrets, UrlsInsideMessagesAreMasked) {
  EXPECT_EQ(redact_secrets("store: connect to 'postgresql://u:PW@h/d' failed: refused"),
            "store: connect to 'postgresql://u:***@h/d' failed: refused");
  EXPECT_EQ(redact_secrets("--store=postgres://u:PW@h/d"), "--store=postgres://u:***@h/d");
  EXPECT_EQ(redact_secrets(R"(["--store","postgresql://h/d?password=PW&x=1"])"),
            R"(["--store","postgresql://h/d?password=***&x=1"])");
  EXPECT_EQ(redact_secrets("a postgresql://u:P1@h and b postgresql://v:P2@i"),
            "a postgresql://u:***@h and b postgresql://v:***@i");
}

TEST(Secrets, TextWithoutSecretsIsUnchangedAndMaskingIsStable) {
  for (const char* plain : {"", "results.db", "/tmp/a=b.db", "postgresql://u@h:5432/d", "postgresql://h/d?x=1",
                            "schedlab run spawn --label 'my password'", "://", "passwordless", "a://"}) {
    EXPECT_EQ(redact_secrets(plain), plain);
  }
  for (const char* secret : {"postgresql://u:PW@h/d?password=X", "host=a password='x y'", "password=PW"}) {
    const std::string once = redact_secrets(secret);
    EXPECT_EQ(redact_secrets(once), once);
    EXPECT_EQ(once.find("PW"), std::string::npos) << once;
  }
}

TEST(Secrets, TheRecordedCommandLineIsMaskedOnTheWayInAndOnReading) {
  ResultSet written;
  written.argv = {"schedlab", "run", "spawn", "--store", "postgresql://u:PW@h/d"};
  EXPECT_EQ(ordered_json(written).at("argv").back(), "postgresql://u:***@h/d");
  ordered_json set = {{"label", "x"}, {"status", "PASS"}, {"argv", ordered_json::array({"schedlab", "--store=host=h password=PW"})},
                      {"tool", ordered_json::object()},
                      {"workload", {{"name", "spawn"}, {"params", ordered_json::object()}, {"primary_metric", "lps"}}},
                      {"scenario", {{"requested", ordered_json::object()}, {"applied", ordered_json::array()}}},
                      {"environment", ordered_json::object()}, {"metrics", ordered_json::object()},
                      {"runs", ordered_json::array()}};
  ordered_json sets = ordered_json::array();
  sets.push_back(set);
  const ResultFile file = result_file_from_json({{"schema", kResultSchema}, {"sets", sets}});
  EXPECT_EQ(file.sets.at(0).argv.at(1), "--store=host=h password=***");
}

}  // namespace
}  // namespace schedlab
