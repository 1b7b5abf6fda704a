// The latency of named kernel functions (sched_move_task, psi_group_change)
// from fentry/fexit programs (probes/bpf/funclat.bpf.c), in per-CPU
// histograms read once after the run.  Opt-in and separate from the bpf
// probe: fentry needs BPF trampolines, which many kernels refuse (this
// project's VM: EPERM), and a probe that fails to attach leaves the run
// with one line saying why and the other probes' figures.
#include <fmt/format.h>

#include <array>

#include "probes/bpf_funclat_program.h"
#include "probes/bpf_histograms.h"
#include "probes/bpf_libbpf.h"
#include "probes/probe.h"

namespace schedlab {
namespace {

// The functions, in the order of fl_function.
constexpr std::array<const char*, FL_FUNCTIONS> kFunctions{"sched_move_task", "psi_group_change"};

std::string funclat_stem(std::uint32_t f) { return fmt::format("bpf_funclat_{}", kFunctions.at(f)); }

std::vector<MetricSpec> funclat_metrics() {
  std::vector<MetricSpec> specs;
  for (std::uint32_t f = 0; f < FL_FUNCTIONS; ++f)
    for (auto& s : histogram_metrics(funclat_stem(f), fmt::format("time in {} (fentry to fexit), every call", kFunctions.at(f)),
                                     fmt::format("calls of {} on the machine in the window", kFunctions.at(f))))
      specs.push_back(std::move(s));
  return specs;
}

class BpfFunclatProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<BpfFunclatProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{
        "bpf-funclat",
        "in-kernel latency histograms of sched_move_task and psi_group_change (fentry/fexit), every call of "
        "the machine in the window",
        "BPF with the kernel's BTF and BPF trampolines for fentry/fexit (CONFIG_FUNCTION_TRACER, "
        "CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS); root, or CAP_BPF and CAP_PERFMON",
        funclat_metrics(), true};
    return kInfo;
  }

  std::string unavailable_reason() const override { return bpf_tracing_unavailable(); }

  std::string attach(const ProbeContext&) override { return program_.open(); }
  void begin() override { program_.set_window(true); }
  void end() override { program_.set_window(false); }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) override {
    const auto reading = program_.read();
    if (!reading) return "the BPF maps could not be read after the run";
    ordered_json record = ordered_json::object();
    for (std::uint32_t f = 0; f < FL_FUNCTIONS; ++f) {
      record[kFunctions.at(f)] = histogram_record((*reading)[f]);
      set_histogram_values(funclat_stem(f), (*reading)[f], window.loops, values);
    }
    details["bpf_funclat"] = {{"histograms", std::move(record)}};
    return "";
  }

  void detach() noexcept override { program_.close(); }

 private:
  FunclatProgram program_;
};

}  // namespace

std::unique_ptr<Probe> make_bpf_funclat_probe() { return std::make_unique<BpfFunclatProbe>(); }

}  // namespace schedlab
