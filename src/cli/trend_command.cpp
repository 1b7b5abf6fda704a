// `schedlab trend --workload W [--metric M] [--by kernel|time|commit]
// [--host H] [--json] [--store URL]`.
#include <iostream>

#include "cli/store_commands.h"
#include "core/error.h"
#include "report/trend_format.h"
#include "store/set_filter.h"
#include "store/store_choice.h"

namespace schedlab {
namespace {

store::TrendBy parse_by(const std::string& text) {
  if (text == "kernel") return store::TrendBy::kKernel;
  if (text == "time") return store::TrendBy::kTime;
  if (text == "commit") return store::TrendBy::kCommit;
  throw UsageError("--by", text, "kernel, time or commit");
}

}  // namespace

int trend_command(const TrendArgs& args) {
  store::TrendQuery q;
  q.workload = args.workload;
  q.metric = args.metric;
  q.host = args.host;
  store::check_pattern("--host", q.host);
  q.by = parse_by(args.by);
  const auto choice = to_store_choice(args.store);
  auto s = store::open_store(choice, store::Access::kRead);
  const auto trend = store::build_trend(*s, q);
  std::cout << (args.json ? format_trend_json(trend) : format_trend_text(trend));
  return 0;
}

}  // namespace schedlab
