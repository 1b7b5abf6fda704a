// Secrets never reach children: a workload's processes see none of the
// credentials schedlab, its store, libpq or the LAVA client read, and keep
// the rest of the environment (a `make test` needs it).  Failed before:
// every child inherited schedlab's environment whole.
#include <gtest/gtest.h>

#include "integration/harness.h"

namespace schedlab::testing {

TEST(ChildEnvironment, ACommandSeesNoCredentials) {
  TempDir dir;
  const Outcome o = run_schedlab(
      {"run", "command", "--runs", "1", "--no-store", "--keep-output", "--scrub-env", "MY_SITE_TOKEN", "--json",
       dir.file("r.json"),
       "--", "/usr/bin/env"},
      {"env", "PGPASSWORD=planted-pw", "PGPASSFILE=/planted/.pgpass", "PGSERVICEFILE=/planted/service",
       "LAVA_TOKEN=planted-token", "MY_SITE_TOKEN=planted-site", "SCHEDLAB_CHILD_KEEP=kept"});
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string seen = dir.read("r.run1.stdout");
  for (const char* secret : {"planted-pw", "/planted/.pgpass", "/planted/service", "planted-token", "planted-site"})
    EXPECT_EQ(seen.find(secret), std::string::npos) << secret << " reached the command:\n" << seen;
  EXPECT_NE(seen.find("SCHEDLAB_CHILD_KEEP=kept"), std::string::npos) << "the rest is kept:\n" << seen;
  EXPECT_NE(seen.find("PATH="), std::string::npos) << seen;
}

TEST(ChildEnvironment, ABadNameIsOneLine) {
  const Outcome o = run_schedlab({"run", "spawn", "--scrub-env", "A=B", "--runs", "1", "--duration", "100ms"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--scrub-env 'A=B': expected the name of an environment variable"), std::string::npos)
      << o.err;
}

}  // namespace schedlab::testing
