#pragma once
// The one way a test skips: SCHEDLAB_SKIP(kReason) << "why", in a TEST body,
// a fixture's SetUp or any function returning void.  The reason comes from a
// fixed list, so that a machine that provides something can forbid skipping
// for want of it: with SCHEDLAB_REQUIRE=root,postgres,... (scripts/test sets
// it to everything CI provides; "all" is every reason), a test that would
// skip for a listed reason fails instead.  With SCHEDLAB_SKIP_LOG=FILE each
// skip is also appended to FILE, one "Suite.Test<TAB>reason<TAB>why" line,
// for the summary scripts/test prints.  GTEST_SKIP is used nowhere else (the
// test lint.skip_sites checks).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::testing {

enum class SkipReason {
  kRoot,       // the tests do not run as root
  kNobody,     // schedlab cannot be run as user nobody (root, setpriv, prlimit, a readable tree)
  kAutogroup,  // no writable kernel.sched_autogroup_enabled (CONFIG_SCHED_AUTOGROUP)
  kCpus,       // fewer CPUs than the test needs (2)
  kTools,      // a program the test drives is missing (git, cc, bash, strace, script, perf)
  kPostgres,   // no PostgreSQL server binaries, or the test's own server did not start
  kPsi,        // no cgroup v2 hierarchy with PSI files, or no cgroup.pressure
  kTracefs,    // the kernel has no tracefs
  kUnmounted,  // a file system the test mounts itself is already mounted by the system
  kBrowser,    // no Chromium, or it cannot start here
  kGuest,      // no guest kernel, QEMU, virtiofsd or static busybox (schedlab kernels)
  kGuestFull,  // the long guest tests are opt-in: SCHEDLAB_GUEST_TESTS=full
  kBpf,        // the bpf probe cannot run: no kernel BTF, or BPF tracing programs refused
  kProfile,    // the kernel refuses CPU-clock sampling or hides kallsyms (perf_event_paranoid, kptr_restrict)
  kSoftwareClock,  // the profile's software clock cannot sample code that runs with IRQs off (no NMI)
  kValidators, // no LAVA or KCIDB validator: Debian's lava-common, python3-yaml, python3-jsonschema
  kLava,       // no LAVA dispatcher (lava-run, cpio) or lava-server's device-type templates
  kLavaFull,   // the long LAVA dispatcher test is opt-in: SCHEDLAB_LAVA_TESTS=full
  kArm64,      // no arm64 build (SCHEDLAB_ARM64_BUILD), arm64 guest kernel, qemu-system-aarch64 or arm64 loader
};

struct SkipReasonName {
  SkipReason reason;
  const char* name;  // as written in SCHEDLAB_REQUIRE and the skip log
};

inline constexpr SkipReasonName kSkipReasonNames[] = {
    {SkipReason::kRoot, "root"},         {SkipReason::kNobody, "nobody"},
    {SkipReason::kAutogroup, "autogroup"}, {SkipReason::kCpus, "cpus"},
    {SkipReason::kTools, "tools"},       {SkipReason::kPostgres, "postgres"},
    {SkipReason::kPsi, "psi"},           {SkipReason::kTracefs, "tracefs"},
    {SkipReason::kUnmounted, "unmounted"},
    {SkipReason::kBrowser, "browser"},   {SkipReason::kGuest, "guest"},
    {SkipReason::kGuestFull, "guest-full"}, {SkipReason::kBpf, "bpf"},
    {SkipReason::kProfile, "profile"},
    {SkipReason::kSoftwareClock, "software-clock"},
    {SkipReason::kValidators, "validators"}, {SkipReason::kLava, "lava"},
    {SkipReason::kLavaFull, "lava-full"}, {SkipReason::kArm64, "arm64"},
};

inline const char* to_string(SkipReason reason) {
  for (const auto& r : kSkipReasonNames)
    if (r.reason == reason) return r.name;
  return "?";
}

inline std::optional<SkipReason> skip_reason_named(std::string_view name) {
  for (const auto& r : kSkipReasonNames)
    if (name == r.name) return r.reason;
  return std::nullopt;
}

// The names SCHEDLAB_REQUIRE lists (comma-separated), as written.
inline std::vector<std::string> required_names() {
  std::vector<std::string> names;
  std::istringstream list(std::getenv("SCHEDLAB_REQUIRE") ? std::getenv("SCHEDLAB_REQUIRE") : "");
  for (std::string name; std::getline(list, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

// The names in SCHEDLAB_REQUIRE that are no reason (a typo would otherwise
// quietly require nothing).
inline std::vector<std::string> unknown_required_names() {
  std::vector<std::string> unknown;
  for (const auto& name : required_names())
    if (name != "all" && !skip_reason_named(name)) unknown.push_back(name);
  return unknown;
}

inline bool required(SkipReason reason) {
  for (const auto& name : required_names())
    if (name == "all" || skip_reason_named(name) == reason) return true;
  return false;
}

// What SCHEDLAB_SKIP expands to; the message streamed into it is the why.
class Skip {
 public:
  Skip(SkipReason reason, const char* file, int line) : reason_(reason), file_(file), line_(line) {}

  void operator=(const ::testing::Message& message) const {
    const std::string why = message.GetString();
    if (!unknown_required_names().empty())
      GTEST_FAIL_AT(file_, line_) << "SCHEDLAB_REQUIRE names no skip reason: " << unknown_required_names().front()
                                  << " (see tests/support/skip.h)";
    if (required(reason_))
      GTEST_FAIL_AT(file_, line_) << "would skip (" << to_string(reason_) << ": " << why
                                  << "), but SCHEDLAB_REQUIRE lists " << to_string(reason_);
    log(why);
    GTEST_SKIP() << file_ << ":" << line_ << ": " << to_string(reason_) << ": " << why;
  }

 private:
  void log(const std::string& why) const {
    const char* path = std::getenv("SCHEDLAB_SKIP_LOG");
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    if (!path || !test) return;
    std::string line = why;
    for (char& c : line)
      if (c == '\n' || c == '\t') c = ' ';
    std::ofstream(path, std::ios::app) << test->test_suite_name() << "." << test->name() << "\t"
                                       << to_string(reason_) << "\t" << line << "\n";
  }

  SkipReason reason_;
  const char* file_;
  int line_;
};

}  // namespace schedlab::testing

// Skips the current test for `reason` (a SkipReason enumerator, e.g.
// kPostgres) with the message streamed into it, or fails it when
// SCHEDLAB_REQUIRE lists the reason.  Returns from the calling function.
#define SCHEDLAB_SKIP(reason)                                                                          \
  return ::schedlab::testing::Skip(::schedlab::testing::SkipReason::reason, __FILE__, __LINE__) = \
             ::testing::Message()
