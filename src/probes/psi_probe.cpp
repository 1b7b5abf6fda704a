// Pressure stall information over the window: /proc/pressure/{cpu,memory,io}
// (some and full stall time, µs) and, under --cgroup-depth, the chain's:
// the leaf's cpu.pressure (it holds every copy) and every level's in the
// run's details, so per-level accounting can be seen level by level.
#include <fmt/format.h>

#include <unistd.h>

#include <array>

#include "input/files.h"
#include "probes/probe.h"
#include "sys/kernel_text.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

struct PsiFile {
  const char* resource;
  bool full;  // the system-wide cpu "full" line is undefined (always 0): not recorded
};
constexpr std::array<PsiFile, 3> kFiles = {{{"cpu", false}, {"memory", true}, {"io", true}}};

std::optional<sys::PressureTotals> read_pressure(const std::string& path) {
  auto text = input::read_system_file(path);
  return text ? sys::parse_pressure(*text) : std::nullopt;
}

std::vector<MetricSpec> psi_metrics() {
  std::vector<MetricSpec> m;
  for (const auto& f : kFiles) {
    m.push_back({fmt::format("psi_{}_some_us", f.resource), "us", Better::kLower,
                 fmt::format("time some task was stalled on {} (/proc/pressure/{})", f.resource, f.resource)});
    if (f.full)
      m.push_back({fmt::format("psi_{}_full_us", f.resource), "us", Better::kLower,
                   fmt::format("time every non-idle task was stalled on {}", f.resource)});
  }
  m.push_back({"psi_chain_cpu_some_us", "us", Better::kLower,
               "time some task of the run's cgroup chain waited for a CPU (the leaf's cpu.pressure)"});
  m.push_back({"psi_chain_cpu_full_us", "us", Better::kLower,
               "time every task of the run's cgroup chain waited for a CPU at once"});
  return m;
}

class PsiProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<PsiProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{"psi", "pressure stall time of CPU, memory and I/O, system-wide and of the run's cgroup chain",
                                 "CONFIG_PSI, enabled (psi=1 where CONFIG_PSI_DEFAULT_DISABLED)", psi_metrics(), false, {}, {"CONFIG_PSI"}};
    return kInfo;
  }

  std::string unavailable_reason() const override {
    if (read_pressure("/proc/pressure/cpu")) return "";
    if (access("/proc/pressure", F_OK) != 0)
      return "no /proc/pressure: the kernel is built without CONFIG_PSI";
    return "/proc/pressure/cpu cannot be read: PSI is disabled (boot with psi=1)";
  }

  std::string attach(const ProbeContext& context) override {
    chain_ = context.chain_dirs;
    return "";
  }

  void begin() override { before_ = snapshot(); }
  void end() override { after_ = snapshot(); }

  std::string finish(const ProbeWindow&, MetricValues& values, ordered_json& details) override {
    for (size_t i = 0; i < kFiles.size(); ++i) add_file(kFiles[i], before_.system[i], after_.system[i], values);
    if (!chain_.empty()) {
      const auto& b = before_.levels.back();
      const auto& a = after_.levels.back();
      if (b && a) {
        set_delta("psi_chain_cpu_some_us", b->some_us, a->some_us, values);
        if (b->full_us && a->full_us) set_delta("psi_chain_cpu_full_us", *b->full_us, *a->full_us, values);
      }
      details["psi_chain_levels"] = chain_levels();
    }
    return "";
  }

  // Every level's cpu.pressure over the window, or why it has none (a
  // level with cgroup.pressure 0 hides the file).
  ordered_json chain_levels() const {
    ordered_json levels = ordered_json::array();
    for (size_t i = 0; i < chain_.size(); ++i) {
      const auto& b = before_.levels[i];
      const auto& a = after_.levels[i];
      ordered_json l = {{"cgroup", chain_[i]}};
      if (b && a && a->some_us >= b->some_us) l["cpu_some_us"] = a->some_us - b->some_us;
      else l["cpu_pressure"] = "not readable (cgroup.pressure 0 hides it)";
      levels.push_back(std::move(l));
    }
    return levels;
  }

  void detach() noexcept override { chain_.clear(); }

 private:
  struct Snapshot {
    std::array<std::optional<sys::PressureTotals>, kFiles.size()> system;
    std::vector<std::optional<sys::PressureTotals>> levels;
  };

  Snapshot snapshot() const {
    Snapshot s;
    for (size_t i = 0; i < kFiles.size(); ++i)
      s.system[i] = read_pressure(std::string("/proc/pressure/") + kFiles[i].resource);
    for (const auto& dir : chain_) s.levels.push_back(read_pressure(dir + "/cpu.pressure"));
    return s;
  }

  static void set_delta(const std::string& name, std::uint64_t b, std::uint64_t a, MetricValues& values) {
    if (auto d = sys::counter_delta(b, a)) values.set(name, static_cast<double>(*d));
  }

  static void add_file(const PsiFile& f, const std::optional<sys::PressureTotals>& b,
                       const std::optional<sys::PressureTotals>& a, MetricValues& values) {
    if (!b || !a) return;
    set_delta(fmt::format("psi_{}_some_us", f.resource), b->some_us, a->some_us, values);
    if (f.full && b->full_us && a->full_us)
      set_delta(fmt::format("psi_{}_full_us", f.resource), *b->full_us, *a->full_us, values);
  }

  std::vector<std::string> chain_;
  Snapshot before_, after_;
};

}  // namespace

std::unique_ptr<Probe> make_psi_probe() { return std::make_unique<PsiProbe>(); }

}  // namespace schedlab
