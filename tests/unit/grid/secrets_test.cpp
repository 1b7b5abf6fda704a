// Unit tests for src/grid/secrets.cpp: the grid's one redaction.
#include "grid/secrets.h"

#include <gtest/gtest.h>

namespace schedlab::grid {
namespace {

TEST(GridSecrets, PasswordsInUrlsAndParametersAreMasked) {
  EXPECT_EQ(redact_secrets("postgresql://u:pw@db/results"), "postgresql://u:***@db/results");
  EXPECT_EQ(redact_secrets("--store=postgresql://u:pw@db/r x"), "--store=postgresql://u:***@db/r x");
  EXPECT_EQ(redact_secrets("postgresql://db/r?password=pw&sslmode=require"),
            "postgresql://db/r?password=***&sslmode=require");
  EXPECT_EQ(redact_secrets("host=db password=pw dbname=r"), "host=db password=*** dbname=r");
  EXPECT_TRUE(holds_secret("https://a:b@lab/k"));
  EXPECT_FALSE(holds_secret("https://a@lab/k"));
  EXPECT_FALSE(holds_secret("schedlab run spawn --duration 1"));
}

}  // namespace
}  // namespace schedlab::grid
