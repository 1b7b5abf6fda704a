// Sampled call chains of the copies, kernel and user, folded per run: not
// a figure but "where the time went", which compare and report turn into
// per-function shares and flame graphs.  CPU-clock sampling (no hardware
// PMU needed) of every copy task and its descendants while the window is
// open; symbols are looked up after the copies are gone, from kallsyms and
// the programs' files (the mappings were recorded while they ran).
#include <fmt/format.h>

#include <optional>

#include "probes/probe.h"
#include "probes/profile_recording.h"
#include "profile/run_profile.h"
#include "profile/symbolize.h"
#include "sys/perf_event.h"
#include "sys/perf_sampler.h"

namespace schedlab {
namespace {

// More than this share of samples dropped and the profile says more about
// when the rings were full than about the run.
constexpr double kMostLostShare = 0.05;

class ProfileProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<ProfileProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{
        "profile", "sampled kernel and user call chains of the copies, folded per run (compare: where the time went)",
        "perf_event_open CPU-clock sampling with kernel call chains (root, CAP_PERFMON or "
        "kernel.perf_event_paranoid <= 1) and readable /proc/kallsyms addresses (kernel.kptr_restrict)",
        {{"profile_kernel_pct", "%", Better::kLower,
          "share of the copies' sampled CPU time spent in the kernel (profile)"}},
        true,
        {},
        {"CONFIG_PERF_EVENTS"}};
    return kInfo;
  }

  std::string unavailable_reason() const override {
    if (const int err = sys::probe_sampling(); err != 0)
      return sys::describe_perf_refusal(err, "cpu-clock sampling with call chains");
    return profile::kallsyms_problem();
  }

  std::string attach(const ProbeContext& c) override {
    frequency_hz_ = c.sample_frequency_hz;
    if (frequency_hz_ == 0) return "no sampling frequency was given";
    return recording_.open({frequency_hz_, c.tasks, c.cpu_set});
  }

  void begin() override { recording_.enable(); }
  void end() override { recording_.disable(); }

  std::string finish(const ProbeWindow&, MetricValues& values, ordered_json& details) override {
    const auto& collected = recording_.collect();
    const auto& t = collected.totals();
    if (t.samples == 0) return "no sample in the window (the copies ran less than one sampling period)";
    if (static_cast<double>(t.lost) > kMostLostShare * static_cast<double>(t.samples + t.lost))
      return fmt::format("{} of {} samples were lost (the rings of {} KiB per CPU overflowed): no profile",
                         t.lost, t.samples + t.lost, recording_.ring_bytes() / 1024);
    if (!symbols_) symbols_.emplace(profile::KernelSymbols::load());
    profile::RunProfile p{frequency_hz_, t.samples, t.kernel_samples, t.lost, t.throttled, 0,
                          profile::fold(collected, *symbols_), recording_.clock()};
    details[profile::kProfileKey] = profile::profile_json(std::move(p));
    values.set("profile_kernel_pct", 100.0 * static_cast<double>(t.kernel_samples) / static_cast<double>(t.samples));
    return "";
  }

  void detach() noexcept override { recording_.close(); }

 private:
  ProfileRecording recording_;
  std::uint32_t frequency_hz_ = 0;
  std::optional<profile::Symbolizer> symbols_;  // kept across the runs of a set
};

}  // namespace

std::unique_ptr<Probe> make_profile_probe() { return std::make_unique<ProfileProbe>(); }

}  // namespace schedlab
