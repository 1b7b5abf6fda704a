#include "report/history_format.h"

#include <fmt/format.h>

#include "report/table.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

std::string mean_text(const store::SetRow& r) {
  if (!r.primary_mean) return "-";
  const std::string mean = human_number(*r.primary_mean);
  return r.primary_ci95 ? mean + " \u00b1 " + human_number(*r.primary_ci95) : mean;
}

ordered_json number_or_null(const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(); }

// The columns of the JSON and CSV forms, in order.
std::vector<std::pair<const char*, ordered_json>> fields(const store::SetRow& r) {
  return {{"id", r.id},
          {"started", r.started},
          {"host", r.host},
          {"kernel", r.kernel},
          {"kernel_commit", r.kernel_commit},
          {"workload", r.workload},
          {"label", r.label},
          {"status", r.status},
          {"error", r.error},
          {"metric", r.primary_metric},
          {"unit", r.primary_unit},
          {"better", r.primary_better},
          {"mean", number_or_null(r.primary_mean)},
          {"ci95", number_or_null(r.primary_ci95)},
          {"runs", r.runs},
          {"warnings", r.warnings},
          {"spec_id", r.spec_id}};
}

}  // namespace

std::string short_time(const std::string& iso) {
  std::string t = iso.substr(0, 19);
  if (t.size() > 10 && t[10] == 'T') t[10] = ' ';
  return t;
}

// "11-29 22:00": the year and the seconds say little in a list of sets.
std::string brief_time(const std::string& iso) {
  const std::string t = short_time(iso);
  return t.size() >= 16 ? t.substr(5, 11) : t;
}

std::string history_table(const std::vector<store::SetRow>& rows, std::size_t width) {
  Table table({"id", "time (UTC)", "host", "kernel", "workload", "spec", "label", "metric", "mean \u00b1 95% CI",
               "runs", "status"});
  for (const auto& r : rows)
    table.add_row({std::to_string(r.id), brief_time(r.started), r.host, r.kernel, r.workload,
                   r.spec_id.empty() ? "-" : r.spec_id.substr(0, 8), r.label,
                   r.primary_metric, mean_text(r), std::to_string(r.runs),
                   r.warnings > 0 ? fmt::format("{} ({}w)", r.status, r.warnings) : r.status});
  // Over `width`, whole columns go, the least needed first: the metric (the
  // workload's primary one: the workload names it), the host, the spec id,
  // the time, the label.  Every set keeps its id, kernel, workload, mean, runs
  // and status, and every name stays whole (--json and --csv have all).
  table.drop_to_fit(width, {7, 2, 5, 1, 6});
  return table.render(true);
}

std::string format_history_text(const std::vector<store::SetRow>& rows) { return history_table(rows, kTextWidth); }

std::string format_history_json(const std::vector<store::SetRow>& rows) {
  ordered_json sets = ordered_json::array();
  for (const auto& r : rows) {
    ordered_json j = ordered_json::object();
    for (auto& [key, value] : fields(r)) j[key] = std::move(value);
    sets.push_back(std::move(j));
  }
  return ordered_json{{"schema", "schedlab.history/1"}, {"sets", sets}}.dump(2) + "\n";
}

std::string format_history_csv(const std::vector<store::SetRow>& rows) {
  std::string out;
  const auto header = fields(store::SetRow{});
  for (size_t i = 0; i < header.size(); ++i) {
    if (i) out += ',';
    out += header[i].first;
  }
  out += "\n";
  for (const auto& r : rows) {
    const auto row = fields(r);
    for (size_t i = 0; i < row.size(); ++i) {
      const auto& v = row[i].second;
      if (i) out += ',';
      out += csv_field(v.is_string() ? v.get<std::string>() : v.is_null() ? "" : v.dump());
    }
    out += "\n";
  }
  return out;
}

}  // namespace schedlab
