// `schedlab plan --detect PCT --from RESULT.json [--alpha A] [--power P]
// [--metric M]`: how many runs (or interleaved blocks) are needed to see a
// change of PCT on this machine, from the variance a result recorded here.
#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <map>

#include "cli/path_options.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "input/numbers.h"
#include "store/result_file.h"
#include "report/wrap.h"
#include "core/descriptive.h"
#include "stats/power.h"

namespace schedlab {
namespace {

double parse_fraction(const std::string& option, std::string text, double low, double high,
                      const std::string& allowed) {
  const bool percent = !text.empty() && text.back() == '%';
  if (percent) text.pop_back();
  const auto read = input::parse_real(text);
  if (!read) throw UsageError(option, text, allowed);
  const double v = *read;
  const double f = percent || v >= 1 ? v / 100 : v;
  if (!(f > low && f < high)) throw UsageError(option, text, allowed);
  return f;
}

std::vector<double> values(const ResultSet& set, const std::string& metric) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(metric)) xs.push_back(*v);
  return xs;
}


}  // namespace

int plan_command(const PlanOptions& o, const WorkloadRegistry& workloads) {
  const double detect = parse_fraction("--detect", o.detect, 0, 1, "a change to detect, e.g. 2% or 0.02");
  const double alpha = parse_fraction("--alpha", o.alpha, 0, 0.5, "a significance level, e.g. 0.05");
  const double power = parse_fraction("--power", o.power, 0, 1, "a power, e.g. 0.8 or 80%");
  const ResultFile file = read_result_file(o.from, workloads);
  const ResultSet* base = nullptr;
  for (const auto& set : file.sets)
    if (!base && set.status == Status::kPass && set.runs.size() >= 3) base = &set;
  if (!base) throw UsageError(o.from + ": no PASS result set with at least 3 runs to take the variance from");
  const std::string metric = o.metric.empty() ? base->workload.primary_metric : o.metric;
  const auto xs = values(*base, metric);
  if (xs.size() < 3 || stats::mean(xs) == 0)
    throw UsageError("--metric", metric, "a metric with at least 3 values in " + o.from);
  const double cv = stats::sample_stddev(xs) / std::fabs(stats::mean(xs));
  auto say = [](const std::string& text, std::string_view indent) {
    std::cout << wrap(text, kTextWidth, indent, std::string(indent) + "  ") << "\n";
  };
  say(fmt::format("To detect a {:.3g}% change of {} {} at alpha {} with {:.0f}% power, from its spread here "
                  "(CV {:.2f}% over {} runs of {}):",
                  detect * 100, base->workload.name, metric, alpha, power * 100, cv * 100, xs.size(), base->label),
      "");
  say(fmt::format("independent sets (two kernels, one after the other): {} runs each",
                  stats::runs_needed(cv, cv, detect, alpha, power)),
      "  ");
  const ResultSet* other = nullptr;
  for (const auto& set : file.sets)
    if (&set != base && !other && set.status == Status::kPass) other = &set;
  if (other) {
    if (auto cv_d = paired_cv(*base, *other, metric))
      say(fmt::format("interleaved blocks (--vary, compare --paired): {} blocks (paired CV {:.2f}% from {} "
                      "against {})",
                      stats::pairs_needed(*cv_d, detect, alpha, power), *cv_d * 100, other->label, base->label),
          "  ");
  }
  say("a sequential check needs up to about 1.3x the independent runs (Pocock-type looks)", "  ");
  return 0;
}

Command add_plan(CLI::App& app, const CommandContext& context) {
  auto o = std::make_shared<PlanOptions>();
  auto* plan = app.add_subcommand("plan", "how many runs are needed to detect a change on this machine, "
                                          "from a result's spread");
  plan->add_option("--detect", o->detect, "the change to detect, e.g. 2%")->required()->type_name("PCT");
  add_input_path(*plan, "--from", o->from, "a result file measured on this machine")->required();
  plan->add_option("--alpha", o->alpha, "significance level (default 0.05)")->type_name("A");
  plan->add_option("--power", o->power, "power (default 0.8)")->type_name("P");
  plan->add_option("--metric", o->metric, "metric (default: the primary metric)")->type_name("M");
  return {plan, [o, &context] { return plan_command(*o, context.workloads); }};
}

}  // namespace schedlab
