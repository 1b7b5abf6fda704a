#include "probes/probe_set.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "core/error.h"
#include "probes/measured_cost.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

bool lists(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

[[noreturn]] void refuse_words(const std::string& option, const std::string& text) {
  throw UsageError(option, text, "all, none, default or a list of probe names, joined by ',' or '+'");
}

}  // namespace

bool ProbeSelection::names(const std::string& probe) const { return all || lists(named, probe); }

std::vector<std::string> ProbeSelection::names_for(const ProbeList& registry, const std::string& workload) const {
  std::vector<std::string> out;
  std::set<std::string> included;  // by another selected probe
  for (const auto& p : registry) {  // report order, each once
    const std::string& name = p->info().name;
    if (names(name) || (with_default && admitted_by_default(name, workload))) {
      out.push_back(name);
      if (!p->info().includes.empty()) included.insert(p->info().includes);
    }
  }
  std::erase_if(out, [&](const std::string& n) { return included.count(n) > 0; });
  return out;
}

ProbeSelection parse_probe_selection(const std::string& option, const std::string& text) {
  ProbeSelection s{text, {}, text == "all", text == "default", option};
  if (text == "default" || text == "all" || text == "none") return s;
  const auto asked = sys::split(text, ",+");  // "+" too: a --vary value cannot hold a comma
  if (asked.empty() || text.back() == ',' || text.front() == ',' || text.back() == '+' || text.find(",,") != std::string::npos)
    refuse_words(option, text);
  for (const auto& name : asked) {
    if (name == "default") s.with_default = true;  // default,profile: the default ones and the profile
    else if (name == "all" || name == "none") refuse_words(option, text);
    else if (!lists(s.named, name)) s.named.push_back(name);
  }
  return s;
}

void check_probe_names(const ProbeList& registry, const ProbeSelection& selection) {
  std::vector<std::string> known;
  for (const auto& p : registry) known.push_back(p->info().name);
  for (const auto& name : selection.named)
    if (!lists(known, name))
      throw UsageError(selection.option, selection.text,
                       fmt::format("all, none, default or a list of: {}", fmt::join(known, ", ")));
}

ProbeSet::ProbeSet(const ProbeList& registry, const ProbeSelection& selection, const std::string& workload)
    : selection_(selection), workload_(workload) {
  check_probe_names(registry, selection_);
  const auto names = selection_.names_for(registry, workload_);
  for (const auto& p : registry) {
    if (!lists(names, p->info().name)) continue;
    auto own = p->fresh();
    std::string why = own->unavailable_reason();
    entries_.push_back({std::move(own), std::move(why)});
  }
}

std::vector<MetricSpec> ProbeSet::metrics() const {
  std::vector<MetricSpec> specs;
  for (const auto& e : entries_)
    if (e.unavailable.empty())
      for (const auto& m : e.probe->info().metrics) specs.push_back(m);
  return specs;
}

ordered_json ProbeSet::record() const {
  ordered_json probes = ordered_json::array();
  for (const auto& e : entries_) {
    ordered_json p = {{"name", e.probe->info().name}, {"available", e.unavailable.empty()}};
    if (!e.unavailable.empty()) p["reason"] = e.unavailable;
    if (const MeasuredCost* cost = measured_cost(e.probe->info().name, workload_)) p["cost_pct"] = cost->pct;
    p["cost_source"] = describe_cost_source(e.probe->info().name, workload_);
    probes.push_back(std::move(p));
  }
  return {{"selection", selection_.text}, {"probes", probes}};
}

std::vector<Probe*> ProbeSet::runnable() const {
  std::vector<Probe*> out;
  for (const auto& e : entries_)
    if (e.unavailable.empty()) out.push_back(e.probe.get());
  return out;
}

ProbeRun::ProbeRun(const ProbeSet& set, const ProbeContext& context) {
  for (Probe* p : set.runnable()) {
    std::string why;
    try {
      why = p->attach(context);
    } catch (const std::exception& e) {
      why = e.what();
    }
    if (why.empty()) probes_.push_back(p);
    else {
      p->detach();
      unavailable_[p->info().name] = why;
    }
  }
}

ProbeRun::~ProbeRun() {
  for (Probe* p : probes_) p->detach();
}

void ProbeRun::drop(size_t i, const std::string& why) noexcept {
  try {
    unavailable_[probes_[i]->info().name] = why;
  } catch (...) {
  }
  probes_[i]->detach();
  probes_.erase(probes_.begin() + static_cast<std::ptrdiff_t>(i));
}

void ProbeRun::begin() noexcept {
  for (size_t i = probes_.size(); i-- > 0;) {
    try {
      probes_[i]->begin();
    } catch (const std::exception& e) {
      drop(i, e.what());
    }
  }
}

void ProbeRun::end() noexcept {
  for (size_t i = 0; i < probes_.size();) {
    try {
      probes_[i]->end();
      ++i;
    } catch (const std::exception& e) {
      drop(i, e.what());
    }
  }
}

void ProbeRun::finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) {
  for (size_t i = 0; i < probes_.size();) {
    std::string why;
    try {
      why = probes_[i]->finish(window, values, details);
    } catch (const std::exception& e) {
      why = e.what();
    }
    if (why.empty()) ++i;
    else drop(i, why);
  }
  if (!unavailable_.empty()) details["probes_unavailable"] = unavailable_;
}

}  // namespace schedlab
