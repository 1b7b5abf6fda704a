#include "core/result.h"

#include <fmt/format.h>
#include <time.h>

#include <ctime>

#include "core/descriptive.h"
#include "core/json_leaves.h"

namespace schedlab {

const char* to_string(Status s) {
  switch (s) {
    case Status::kError: return "ERROR";
    case Status::kSkip: return "SKIP";
    case Status::kPass: break;
  }
  return "PASS";
}

void MetricValues::set(const std::string& name, double value) {
  for (auto& item : items_)
    if (item.first == name) {
      item.second = value;
      return;
    }
  items_.emplace_back(name, value);
}

std::optional<double> MetricValues::get(const std::string& name) const {
  for (const auto& item : items_)
    if (item.first == name) return item.second;
  return std::nullopt;
}

std::map<std::string, Summary> ResultSet::summarize() const {
  std::map<std::string, Summary> out;
  for (const auto& metric : metrics) {
    std::vector<double> xs;
    for (const auto& run : runs)
      if (auto v = run.values.get(metric.name)) xs.push_back(*v);
    if (!xs.empty()) out[metric.name] = stats::summarize(xs);
  }
  return out;
}

std::string utc_now_iso8601() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string utc_now_rfc3339_us() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  std::tm tm{};
  gmtime_r(&ts.tv_sec, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return fmt::format("{}.{:06d}Z", buf, ts.tv_nsec / 1000);
}

bool environment_is_emulated(const ordered_json& environment) {
  return text_at(environment, {"system", "virtualization", "hypervisor_vendor"}) == "tcg";
}

bool measured_under_emulation(const ResultSet& set) { return set.emulated || environment_is_emulated(set.environment); }

}  // namespace schedlab
