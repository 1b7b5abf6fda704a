// Bad input: one line naming the option, the value and what is allowed;
// exit status 2; nothing runs (no result file appears).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "integration/harness.h"

namespace schedlab::testing {
namespace {

void expect_refused(std::vector<std::string> args, const std::string& expected_fragment) {
  TempDir dir;
  args.insert(args.begin(), "run");
  auto has = [&](const char* option) { return std::find(args.begin(), args.end(), option) != args.end(); };
  for (auto [option, value] : {std::pair{"--runs", "1"}, {"--duration", "100ms"}})
    if (!has(option)) args.insert(args.end(), {option, value});
  if (!has("--json")) args.insert(args.end(), {"--json", dir.file("r.json")});
  const Outcome o = run_schedlab(args);
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
  EXPECT_NE(o.err.find(expected_fragment), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
  struct stat st;
  EXPECT_NE(stat(dir.file("r.json").c_str(), &st), 0) << "nothing may run";
}

}  // namespace

TEST(BadInput, Copies) {
  expect_refused({"spawn", "--copies", "0"}, "--copies '0': expected a number of copies");
  expect_refused({"spawn", "--copies", "-1"}, "--copies '-1': expected");
  expect_refused({"spawn", "--copies", "abc"}, "--copies 'abc': expected");
}

TEST(BadInput, RunsAndDuration) {
  expect_refused({"spawn", "--runs", "0"}, "--runs '0': expected a whole number from 1");
  expect_refused({"spawn", "--duration", "0"}, "--duration '0': expected a duration of at least");
  expect_refused({"spawn", "--duration", "-5s"}, "--duration '-5s': expected");
  expect_refused({"spawn", "--duration", "xyz"}, "--duration 'xyz': expected a duration such as");
}

TEST(BadInput, Cpus) {
  expect_refused({"spawn", "--cpus", "99"}, "--cpus '99': expected CPUs this process may use");
  expect_refused({"spawn", "--cpus", "3-1"}, "--cpus '3-1': expected ranges written low-high");
  expect_refused({"spawn", "--cpus", ""}, "--cpus '': expected a non-empty CPU list");
}

TEST(BadInput, ProfileFrequency) {
  expect_refused({"context", "--profile-freq", "0"}, "--profile-freq '0': expected a whole number from 1");
  expect_refused({"context", "--profile-freq", "100001"}, "--profile-freq '100001': expected");
  expect_refused({"context", "--profile-freq", "fast"}, "--profile-freq 'fast': expected");
}

TEST(BadInput, UnknownWorkloadSuggests) {
  const Outcome o = run_schedlab({"run", "spwan"});
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("unknown workload 'spwan' (did you mean 'spawn'?)"), std::string::npos)
      << o.err;
}

TEST(BadInput, UnknownOptionAndMissingWorkload) {
  expect_refused({"spawn", "--bogus"}, "--bogus");
  const Outcome o = run_schedlab({"run"});
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("missing WORKLOAD"), std::string::npos) << o.err;
}

TEST(BadInput, ExecProgram) {
  expect_refused({"exec", "--program", "/nonexistent"}, "--program '/nonexistent': expected an executable");
  expect_refused({"exec", "--program", "/etc/passwd"}, "--program '/etc/passwd': expected an executable");
}

TEST(BadInput, WorkloadOptionValues) {
  expect_refused({"spawn", "--method", "clone"}, "--method 'clone': expected one of fork, vfork");
  expect_refused({"exec", "--iterations", "0"}, "--iterations '0': expected a whole number");
  expect_refused({"context", "--placement", "cross-cpu", "--cpus", "0"},
                 "--placement 'cross-cpu': expected a CPU set of at least 2 CPUs");
}

TEST(BadInput, JsonIntoMissingDirectory) {
  expect_refused({"spawn", "--json", "/nonexistent-dir/r.json"},
                 "--json '/nonexistent-dir/r.json': expected a file in an existing directory");
}

}  // namespace schedlab::testing
