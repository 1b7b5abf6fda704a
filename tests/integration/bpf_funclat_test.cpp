// The bpf-funclat probe through the real binary on the real kernel.  Which
// branch runs is decided by the kernel at test time: where it refuses the
// fentry/fexit programs (this project's VM: EPERM), the run goes on and
// says why in one line, with the errno and what fentry needs; where it
// allows them, the run has a histogram per function whose buckets add up
// to its count.  Skips where no BPF tracing program can run at all.
#include <gtest/gtest.h>
#include <unistd.h>

#include "integration/harness.h"
#include "probes/probe.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

constexpr const char* kFunctions[] = {"sched_move_task", "psi_group_change"};

std::unique_ptr<Probe> the_probe(const std::string& name) {
  for (auto& p : builtin_probes())
    if (p->info().name == name) return std::move(p);
  return nullptr;
}

void expect_refusal_in_one_line(const std::string& why) {
  EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  EXPECT_NE(why.find("the BPF program failed: "), std::string::npos) << why;
  EXPECT_NE(why.find("(errno "), std::string::npos) << why;
  EXPECT_NE(why.find("fentry/fexit to sched_move_task, psi_group_change need BPF trampolines: "
                     "CONFIG_FUNCTION_TRACER"), std::string::npos) << why;
}

void expect_histograms(const nlohmann::json& run) {
  const auto& histograms = run["details"]["bpf_funclat"]["histograms"];
  for (const char* f : kFunctions) {
    const auto& h = histograms[f];
    std::uint64_t total = 0;
    for (const auto& c : h["counts"]) total += c.get<std::uint64_t>();
    EXPECT_EQ(h["count"].get<std::uint64_t>(), total) << f;
    EXPECT_EQ(run["values"].value(std::string("bpf_funclat_") + f + "_count", -1.0), static_cast<double>(total)) << f;
  }
  // Each spawn loop's child changes state (it runs, exits): PSI accounts
  // it when PSI is on.
  if (access("/proc/pressure/cpu", R_OK) == 0) {
    EXPECT_GT(histograms["psi_group_change"]["count"], 0);
  }
}

TEST(BpfFunclat, RefusedInOneLineOrHistogramsWhereTheKernelAllows) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  if (auto why = the_probe("bpf-funclat")->unavailable_reason(); !why.empty()) SCHEDLAB_SKIP(kBpf) << why;
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--probes", "default,bpf-funclat", "--runs", "1", "--duration",
                                  "300ms", "--no-store", "--quiet", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = read_json(dir.file("r.json"))["sets"][0]["runs"][0];
  EXPECT_GT(run["values"].value("loops", 0.0), 0) << "the run went on";
  const auto& unavailable = run["details"].value("probes_unavailable", nlohmann::json::object());
  if (unavailable.contains("bpf-funclat")) {
    expect_refusal_in_one_line(unavailable["bpf-funclat"].get<std::string>());
    EXPECT_FALSE(run["details"].contains("bpf_funclat"));
    EXPECT_FALSE(run["values"].contains("bpf_funclat_psi_group_change_count"));
  } else {
    expect_histograms(run);
  }
}

}  // namespace
}  // namespace schedlab::testing
