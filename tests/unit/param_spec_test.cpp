// Unit tests for src/core/param_spec.cpp.
#include "core/param_spec.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

TEST(ParamSpec, IntegerRange) {
  ParamSpec spec{.name = "iterations", .kind = ParamKind::kInteger, .min = 1, .max = 10};
  EXPECT_EQ(std::get<std::int64_t>(parse_param(spec, "7")), 7);
  try {
    parse_param(spec, "0");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--iterations '0': expected a whole number from 1 to 10");
  }
  EXPECT_THROW(parse_param(spec, "7a"), UsageError);
}

TEST(ParamSpec, ChoiceListsTheChoices) {
  ParamSpec spec{.name = "method", .kind = ParamKind::kChoice, .choices = {"fork", "vfork"}};
  EXPECT_EQ(std::get<std::string>(parse_param(spec, "vfork")), "vfork");
  try {
    parse_param(spec, "clone");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--method 'clone': expected one of fork, vfork");
  }
}

TEST(ParamSpec, ProgramIsResolvedOnPathAndChecked) {
  ParamSpec spec{.name = "program", .kind = ParamKind::kProgram};
  EXPECT_EQ(std::get<std::string>(parse_param(spec, "/bin/true")), "/bin/true");
  EXPECT_EQ(std::get<std::string>(parse_param(spec, "true")).back(), 'e');  // .../true
  EXPECT_THROW(parse_param(spec, "/nonexistent"), UsageError);
  EXPECT_THROW(parse_param(spec, "/etc/passwd"), UsageError);  // not executable
  EXPECT_THROW(parse_param(spec, "/tmp"), UsageError);         // a directory
  EXPECT_THROW(parse_param(spec, "no-such-program-anywhere"), UsageError);
}

TEST(ParamSpec, ParamsRoundTripThroughJson) {
  Params p;
  p.set("method", std::string("fork"));
  p.set("iterations", std::int64_t{20000});
  p.set("via-shell", false);
  nlohmann::ordered_json j = p;
  Params back;
  from_json(j, back);
  EXPECT_EQ(back.text("method"), "fork");
  EXPECT_EQ(back.integer("iterations"), 20000);
  EXPECT_FALSE(back.flag("via-shell"));
}

}  // namespace schedlab
