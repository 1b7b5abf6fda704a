// Unit tests for src/core/child_environment.cpp: credentials never reach a
// child's environment, everything else does — through the very exec path
// QEMU and git are started with (sys::capture_output).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>

#include "core/child_environment.h"
#include "core/error.h"
#include "sys/helper_process.h"

namespace schedlab {
namespace {

bool holds_entry(const std::vector<std::string>& env, const std::string& entry) {
  return std::find(env.begin(), env.end(), entry) != env.end();
}

// Sets the variables for one test and removes them after, whatever happens.
struct Planted {
  std::vector<std::string> names;
  explicit Planted(const std::vector<std::pair<std::string, std::string>>& vars) {
    for (const auto& [name, value] : vars) {
      setenv(name.c_str(), value.c_str(), 1);
      names.push_back(name);
    }
  }
  ~Planted() {
    for (const auto& name : names) unsetenv(name.c_str());
  }
};

TEST(ChildEnvironment, CredentialsAreRemovedAndTheRestKept) {
  const Planted planted({{"PGPASSWORD", "pw1"}, {"PGPASSFILE", "/root/.pgpass"}, {"PGSERVICEFILE", "/s"},
                         {"LAVA_TOKEN", "tok"}, {"SCHEDLAB_STORE", "postgresql://u:pw2@db/x"},
                         {"SCHEDLAB_CHILD_KEEP", "1"}, {"PGHOST", "db"}});
  const auto env = child_environment();
  for (const char* gone : {"PGPASSWORD=pw1", "PGPASSFILE=/root/.pgpass", "PGSERVICEFILE=/s", "LAVA_TOKEN=tok",
                           "SCHEDLAB_STORE=postgresql://u:pw2@db/x"})
    EXPECT_FALSE(holds_entry(env, gone)) << gone;
  EXPECT_TRUE(holds_entry(env, "SCHEDLAB_CHILD_KEEP=1"));
  EXPECT_TRUE(holds_entry(env, "PGHOST=db")) << "not a credential";
  EXPECT_GT(env.size(), 2u);
}

TEST(ChildEnvironment, AStoreWithoutPasswordIsKept) {
  EXPECT_FALSE(is_secret_entry("SCHEDLAB_STORE=/var/lib/schedlab/results.db"));
  EXPECT_TRUE(is_secret_entry("SCHEDLAB_STORE=host=db password=x"));
  EXPECT_FALSE(is_secret_entry("OTHER=postgresql://u:pw@db/x")) << "only named variables are judged";
}

TEST(ChildEnvironment, NamesCanBeAdded) {
  EXPECT_FALSE(is_secret_entry("SCHEDLAB_TEST_TOKEN=x"));
  scrub_also("--scrub-env", "SCHEDLAB_TEST_TOKEN");
  EXPECT_TRUE(is_secret_entry("SCHEDLAB_TEST_TOKEN=x"));
  EXPECT_TRUE(is_secret_entry("SCHEDLAB_TEST_TOKEN"));
  try {
    scrub_also("--scrub-env", "A=B");
    FAIL() << "a name with '=' was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--scrub-env 'A=B'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(scrub_also("--scrub-env", ""), UsageError);
}

TEST(ChildEnvironment, AHelperProcessSeesNoCredentials) {
  const Planted planted({{"PGPASSWORD", "pw-helper"}, {"LAVA_TOKEN", "tok-helper"}, {"SCHEDLAB_CHILD_KEEP", "2"}});
  const std::string seen = sys::capture_output({"/usr/bin/env"});
  EXPECT_EQ(seen.find("pw-helper"), std::string::npos) << seen;
  EXPECT_EQ(seen.find("tok-helper"), std::string::npos) << seen;
  EXPECT_NE(seen.find("SCHEDLAB_CHILD_KEEP=2"), std::string::npos) << seen;
}

}  // namespace
}  // namespace schedlab
