#include "runner/baseline_means.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sched.h>

#include <algorithm>
#include <vector>

#include "core/error.h"
#include "scenario/sched_policy.h"
#include "spec/run_option_table.h"

namespace schedlab {
namespace {

bool real_time(std::uint32_t policy) { return policy == SCHED_FIFO || policy == SCHED_RR; }

// What the caller could not set by hand, each as a phrase.
std::vector<std::string> beyond_limits(const ScenarioRequest& s, const sys::ProcessLimits& l) {
  std::vector<std::string> beyond;
  const auto attr = s.sched_attr();
  if (attr && real_time(attr->policy) && attr->priority > l.rlimit_rtprio)
    beyond.push_back(fmt::format("{} {}, a real-time priority above your RLIMIT_RTPRIO ({})",
                                 option_name("policy"), policy_text(*attr), l.rlimit_rtprio));
  if (s.nice && *s.nice < 0 && static_cast<std::uint64_t>(20 - *s.nice) > l.rlimit_nice)
    beyond.push_back(fmt::format("{} {}, below the {} your RLIMIT_NICE ({}) allows", option_name("nice"), *s.nice,
                                 20 - static_cast<int>(l.rlimit_nice), l.rlimit_nice));
  return beyond;
}

// What the caller could set but takes CPUs from everyone else.
std::vector<std::string> taking_the_machine(const ScenarioRequest& s, const sys::ProcessLimits& l) {
  std::vector<std::string> asks;
  const auto attr = s.sched_attr();
  if (attr && real_time(attr->policy)) asks.push_back(fmt::format("{} {} (real-time)", option_name("policy"), policy_text(*attr)));
  if (s.nice && *s.nice < 0) asks.push_back(fmt::format("{} {}", option_name("nice"), *s.nice));
  const int cpus = std::max(1, l.usable_cpus);
  const int set = s.cpus ? static_cast<int>(s.cpus->size()) : cpus;
  if (const int copies = s.copies.resolve(set); copies > kCopiesPerCpu * cpus)
    asks.push_back(fmt::format("{} {} ({} copies, more than {} per CPU of the {} you may use)",
                               option_name("copies"), s.copies.text(), copies, kCopiesPerCpu, cpus));
  return asks;
}

}  // namespace

void refuse_beyond_means(const ScenarioRequest& scenario, const std::string& file, const sys::ProcessLimits& limits,
                         bool trusted, bool root) {
  if (root) return;
  if (const auto beyond = beyond_limits(scenario, limits); !beyond.empty())
    throw UsageError(fmt::format("{}: the baseline asks for {}: more than you may ask of this machine yourself",
                                 file, fmt::join(beyond, ", ")));
  if (trusted) return;
  if (const auto asks = taking_the_machine(scenario, limits); !asks.empty())
    throw UsageError(fmt::format("{}: the baseline asks for {}, which keeps others off this machine's CPUs; add "
                                 "--trust-baseline to run it as written",
                                 file, fmt::join(asks, ", ")));
}

}  // namespace schedlab
