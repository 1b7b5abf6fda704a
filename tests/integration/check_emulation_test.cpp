// `check` against a baseline measured the other way — under QEMU's TCG
// emulation or natively — refuses to decide (issue 33: a guest's check
// against a native baseline said +63%, "pass").
#include <gtest/gtest.h>

#include <fstream>

#include "integration/harness.h"

namespace schedlab::testing {

TEST(CheckEmulation, AnEmulatedBaselineAgainstANativeRunIsRefusedUnlessMeant) {
  TempDir dir;
  const std::string native = dir.file("native.json");
  ASSERT_EQ(run_schedlab({"run", "spawn", "--runs", "2", "--duration", "200ms", "--probes", "none", "--no-store",
                          "--json", native}).status, 0);
  auto file = read_json(native);
  // This machine is not QEMU's emulation (the test's premise): its own set is native.
  ASSERT_NE(file["sets"][0]["environment"]["system"]["virtualization"]["hypervisor_vendor"], "tcg");
  file["sets"][0]["emulated"] = true;  // as `kernels` marks a guest's set under TCG
  const std::string emulated = dir.file("emulated.json");
  std::ofstream(emulated) << file.dump();
  const Outcome refused = run_schedlab({"check", "--trust-baseline", "--baseline", emulated, "--no-store"});
  EXPECT_EQ(refused.status, 255) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("measured under QEMU's TCG emulation, and this check runs natively"), std::string::npos)
      << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  EXPECT_EQ(refused.out.find("good"), std::string::npos) << "no verdict: " << refused.out;
  // --emulated-ok: the mix is meant; the check measures and decides.
  const Outcome meant = run_schedlab({"check", "--trust-baseline", "--baseline", emulated, "--emulated-ok",
                                      "--threshold", "400", "--max-runs", "3", "--no-store"});
  EXPECT_NE(meant.status, 255) << meant.out << meant.err;
}

}  // namespace schedlab::testing
