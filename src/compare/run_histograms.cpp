#include "compare/run_histograms.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "channel/histogram.h"
#include "probes/bpf/lifecycle.h"

namespace schedlab {
namespace {

constexpr std::string_view kBpfPrefix = "bpf_";

std::uint64_t whole_number(const ordered_json& j, const char* what) {
  if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
    throw std::runtime_error(fmt::format("{} is not a whole number", what));
  return j.get<std::uint64_t>();
}

// The histogram's count, checked against its bins.
void check_total(StoredHistogram& h, const ordered_json& j) {
  std::uint64_t total = 0;
  for (const auto& b : h.bins) total += b.count;
  h.count = whole_number(j.value("count", ordered_json()), "count");
  if (total != h.count) throw std::runtime_error(fmt::format("its bins hold {} samples, not {}", total, h.count));
}

void check_ascending(const StoredHistogram& h) {
  for (std::size_t i = 1; i < h.bins.size(); ++i)
    if (h.bins[i].lower < h.bins[i - 1].upper) throw std::runtime_error("its bins are not in ascending order");
}

// A workload's histogram: [low, high, count] on channel/histogram.h's buckets.
StoredHistogram workload_histogram(const ordered_json& j) {
  if (!j.is_object() || j.value("unit", "") != "ns" || !j.contains("bins") || !j["bins"].is_array())
    throw std::runtime_error("not {unit: \"ns\", count, min, max, bins}");
  StoredHistogram h{"ns", {}, 0, std::nullopt, std::nullopt};
  for (const auto& bin : j["bins"]) {
    if (!bin.is_array() || bin.size() != 3) throw std::runtime_error("a bin is not [low, high, count]");
    const std::uint64_t low = whole_number(bin[0], "a bin's low edge"), high = whole_number(bin[1], "a bin's high edge");
    const std::uint32_t b = sl_hist_bucket(low);
    if (sl_hist_bucket_low(b) != low || low + sl_hist_bucket_width(b) != high)
      throw std::runtime_error(fmt::format("bin [{}, {}] is not one of schedlab's buckets", low, high));
    h.bins.push_back({low, high, whole_number(bin[2], "a bin's count")});
  }
  check_ascending(h);
  check_total(h, j);
  if (h.count > 0) h.min = whole_number(j.value("min", ordered_json()), "min");
  h.max = whole_number(j.value("max", ordered_json()), "max");
  return h;
}

// The bpf probe's: lower bounds of probes/bpf/lifecycle.h's buckets.
StoredHistogram bpf_histogram(const ordered_json& j) {
  if (!j.is_object() || j.value("unit", "") != "ns" || !j.contains("lower_bounds") || !j.contains("counts") ||
      !j["lower_bounds"].is_array() || !j["counts"].is_array() || j["lower_bounds"].size() != j["counts"].size())
    throw std::runtime_error("not {unit: \"ns\", count, lower_bounds, counts} with a count per bound");
  StoredHistogram h{"ns", {}, 0, std::nullopt, std::nullopt};
  for (std::size_t i = 0; i < j["counts"].size(); ++i) {
    const std::uint64_t lower = whole_number(j["lower_bounds"][i], "a lower bound");
    const std::uint32_t b = sl_bucket(lower);
    if (sl_bucket_lower(b) != lower)
      throw std::runtime_error(fmt::format("{} is not the lower bound of one of the probe's buckets", lower));
    const std::uint64_t upper = b + 1 < SL_BUCKETS ? sl_bucket_lower(b + 1) : UINT64_MAX;
    h.bins.push_back({lower, upper, whole_number(j["counts"][i], "a count")});
  }
  check_ascending(h);
  check_total(h, j);
  return h;
}

const ordered_json* bpf_record(const RunRecord& run) {
  const auto& d = run.details;
  if (!d.contains("bpf") || !d["bpf"].is_object() || !d["bpf"].contains("histograms") ||
      !d["bpf"]["histograms"].is_object())
    return nullptr;
  return &d["bpf"];
}

}  // namespace

std::vector<std::string> histogram_names(const ResultSet& set) {
  std::vector<std::string> names;
  const auto add = [&](std::string name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  };
  for (const auto& run : set.runs) {
    if (run.details.contains("histograms") && run.details["histograms"].is_object())
      for (const auto& [name, _] : run.details["histograms"].items()) add(name);
    if (const auto* bpf = bpf_record(run))
      for (const auto& [name, _] : (*bpf)["histograms"].items()) add(std::string(kBpfPrefix) + name);
  }
  return names;
}

std::optional<StoredHistogram> run_histogram(const RunRecord& run, const std::string& name) {
  if (name.rfind(kBpfPrefix, 0) == 0) {
    const auto* bpf = bpf_record(run);
    const std::string kind = name.substr(kBpfPrefix.size());
    if (!bpf || !(*bpf)["histograms"].contains(kind)) return std::nullopt;
    // A run whose task map overflowed has histograms of the tasks it
    // followed only: the probe gives it no figures, and nor does this.
    if (const auto dropped = bpf->value("tasks_dropped", ordered_json(0)); dropped != 0)
      throw std::runtime_error(fmt::format("{} tasks of the workload were not followed", dropped.dump()));
    return bpf_histogram((*bpf)["histograms"][kind]);
  }
  const auto& d = run.details;
  if (!d.contains("histograms") || !d["histograms"].is_object() || !d["histograms"].contains(name)) return std::nullopt;
  return workload_histogram(d["histograms"][name]);
}

std::vector<RunHistogram> set_histograms(const ResultSet& set, const std::string& name,
                                         std::vector<std::string>& problems) {
  std::vector<RunHistogram> out;
  for (const auto& run : set.runs) {
    try {
      if (auto h = run_histogram(run, name); h && h->count > 0) out.push_back({run.index, run.block, std::move(*h)});
    } catch (const std::exception& e) {
      problems.push_back(
          fmt::format("{}: the {} histogram of run {} is left out: {}", set.label, name, run.index, e.what()));
    }
  }
  return out;
}

}  // namespace schedlab
