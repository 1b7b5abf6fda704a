#include "workloads/wakeup_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>


namespace schedlab {
namespace {

constexpr double kLatencyPercentiles[] = {20, 50, 90, 99, 99.9};

std::string percentile_name(double p) {
  std::string s = fmt::format("{}", p);
  std::replace(s.begin(), s.end(), '.', '_');
  return s;
}

// Nearest-rank percentile of samples (the first value whose rank reaches p);
// `xs` is not empty.
double sample_percentile(std::vector<double> xs, double p) {
  std::sort(xs.begin(), xs.end());
  const auto rank = static_cast<size_t>(std::ceil(p / 100 * static_cast<double>(xs.size())));
  return xs[std::clamp<size_t>(rank, 1, xs.size()) - 1];
}

void add_latency(const std::string& prefix, const sl_hist& h, MetricValues& v) {
  for (double p : kLatencyPercentiles)
    v.set(fmt::format("{}_p{}_us", prefix, percentile_name(p)),
          static_cast<double>(sl_hist_percentile(&h, p)) / 1e3);
  v.set(prefix + "_min_us", h.count ? static_cast<double>(h.min) / 1e3 : 0);
  v.set(prefix + "_max_us", static_cast<double>(h.max) / 1e3);
  v.set(prefix + "_samples", static_cast<double>(h.count));
}

// Samples between consecutive listed percentiles, as schbench prints them.
std::vector<std::uint64_t> samples_between(const sl_hist& h, const std::vector<double>& ps) {
  std::vector<std::uint64_t> cum;
  for (double p : ps) {
    const std::uint32_t target = sl_hist_bucket(sl_hist_percentile(&h, p));
    std::uint64_t seen = 0;
    for (std::uint32_t b = 0; b <= target && b < SL_HIST_BUCKETS; ++b) seen += h.buckets[b];
    cum.push_back(seen);
  }
  std::vector<std::uint64_t> between;
  for (size_t i = 0; i < cum.size(); ++i) between.push_back(cum[i] - (i ? cum[i - 1] : 0));
  return between;
}

std::string latency_block(const char* title, const std::string& prefix, const sl_hist& h,
                          const MetricValues& v, double window_s) {
  std::string out = fmt::format("{} Latencies percentiles (usec) runtime {:.0f} (s) ({} total samples)\n",
                                title, window_s, h.count);
  const std::vector<double> listed = {20, 50, 90, 99, 99.9};
  const auto between = samples_between(h, listed);
  for (size_t i = 1; i < listed.size(); ++i)
    out += fmt::format("\t{} {:.1f}th: {:<10.1f} ({} samples)\n", listed[i] == 99 ? "*" : " ",
                       listed[i], *v.get(fmt::format("{}_p{}_us", prefix, percentile_name(listed[i]))),
                       between[i]);
  return out + fmt::format("\t  min={:.1f}, max={:.1f}\n", *v.get(prefix + "_min_us"),
                           *v.get(prefix + "_max_us"));
}

}  // namespace

WakeupData::WakeupData() : wakeup(std::make_unique<sl_hist>()), request(std::make_unique<sl_hist>()) {
  sl_hist_init(wakeup.get());
  sl_hist_init(request.get());
}

void add_copy(WakeupData& into, const channel::RunChannel& channel, int i) {
  into.total_requests += channel.loops(i);  // the copy is gone: every request it completed
  into.dropped += channel.scalar(i, SL_WK_DROPPED);
  into.unsettled += channel.scalar(i, SL_WK_UNSETTLED);
  into.msg_delay_ns += channel.scalar(i, SL_WK_MSG_DELAY_NS);
  into.msg_schedules += channel.scalar(i, SL_WK_MSG_SCHEDULES);
  into.worker_delay_ns += channel.scalar(i, SL_WK_WORKER_DELAY_NS);
  into.worker_schedules += channel.scalar(i, SL_WK_WORKER_SCHEDULES);
  sl_hist_merge(into.wakeup.get(), &channel.histogram(i, SL_WK_HIST_WAKEUP));
  sl_hist_merge(into.request.get(), &channel.histogram(i, SL_WK_HIST_REQUEST));
}

ordered_json histogram_json(const sl_hist& h) {
  ordered_json bins = ordered_json::array();
  for (std::uint32_t b = 0; b < SL_HIST_BUCKETS; ++b)
    if (h.buckets[b])
      bins.push_back({sl_hist_bucket_low(b), sl_hist_bucket_low(b) + sl_hist_bucket_width(b), h.buckets[b]});
  return {{"unit", "ns"}, {"count", h.count}, {"min", h.count ? h.min : 0}, {"max", h.max},
          {"bins", std::move(bins)}};
}

void add_wakeup_metrics(const WakeupData& d, bool compat, double nominal_s, MetricValues& v) {
  v.set("rps", compat ? static_cast<double>(d.total_requests) / nominal_s
                      : static_cast<double>(d.requests) / d.window_s);
  add_latency("wakeup", *d.wakeup, v);
  if (d.request->count > 0) add_latency("request", *d.request, v);
  // A window under a second has no per-second sample: no rps_p* at all
  // (a 0 would be compared as a measured rate of zero).
  if (!d.rps_samples.empty())
    for (double p : {20.0, 50.0, 90.0})
      v.set(fmt::format("rps_p{}", percentile_name(p)), sample_percentile(d.rps_samples, p));
  auto mean_us = [](std::uint64_t ns, std::uint64_t n) { return n ? static_cast<double>(ns) / n / 1e3 : 0.0; };
  v.set("runqueue_delay_us", mean_us(d.msg_delay_ns + d.worker_delay_ns, d.msg_schedules + d.worker_schedules));
  v.set("runqueue_msg_us", mean_us(d.msg_delay_ns, d.msg_schedules));
  v.set("runqueue_worker_us", mean_us(d.worker_delay_ns, d.worker_schedules));
  v.set("dropped_requests", static_cast<double>(d.dropped));
}

std::string format_schbench_blocks(const WakeupData& d, const MetricValues& v, bool pipe) {
  std::string out = latency_block("Wakeup", "wakeup", *d.wakeup, v, d.window_s);
  if (!pipe && d.request->count > 0) out += latency_block("Request", "request", *d.request, v, d.window_s);
  out += fmt::format("RPS percentiles (requests) runtime {:.0f} (s) ({} total samples)\n", d.window_s,
                     d.rps_samples.size());
  if (d.rps_samples.empty())
    return out + fmt::format("\t  (none: the window was shorter than a second)\naverage rps: {:.2f}\n",
                             *v.get("rps"));
  const std::vector<std::pair<double, const char*>> rps = {{20, "rps_p20"}, {50, "rps_p50"}, {90, "rps_p90"}};
  size_t before = 0;
  for (const auto& [p, name] : rps) {
    size_t upto = 0;
    for (double x : d.rps_samples) upto += x <= *v.get(name);
    out += fmt::format("\t{} {:.1f}th: {:<10.0f} ({} samples)\n", p == 50 ? "*" : " ", p,
                       *v.get(name), upto - before);
    before = upto;
  }
  out += fmt::format("\t  min={:.0f}, max={:.0f}\n", *std::min_element(d.rps_samples.begin(), d.rps_samples.end()),
                     *std::max_element(d.rps_samples.begin(), d.rps_samples.end()));
  return out + fmt::format("average rps: {:.2f}\n", *v.get("rps"));
}

}  // namespace schedlab
