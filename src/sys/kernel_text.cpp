#include "sys/kernel_text.h"

#include <cstdlib>

#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

std::optional<std::uint64_t> number(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::strtoull(text.c_str(), nullptr, 10);
}

// "total=N" among the fields of a PSI line.
std::optional<std::uint64_t> psi_total(const std::string& line) {
  for (const auto& field : split(line, " "))
    if (field.rfind("total=", 0) == 0) return number(field.substr(6));
  return std::nullopt;
}

}  // namespace

std::optional<TaskSchedstat> parse_schedstat(const std::string& text) {
  const auto f = split(text, " \n");
  if (f.size() < 3) return std::nullopt;
  auto run = number(f[0]), delay = number(f[1]), slices = number(f[2]);
  if (!run || !delay || !slices) return std::nullopt;
  return TaskSchedstat{*run, *delay, *slices};
}

std::optional<PressureTotals> parse_pressure(const std::string& text) {
  PressureTotals p;
  bool some = false;
  for (const auto& line : split(text, "\n")) {
    if (line.rfind("some ", 0) == 0) {
      auto total = psi_total(line);
      if (!total) return std::nullopt;
      p.some_us = *total;
      some = true;
    } else if (line.rfind("full ", 0) == 0) {
      p.full_us = psi_total(line);
    }
  }
  if (!some) return std::nullopt;
  return p;
}

std::map<std::string, std::uint64_t> parse_stat_counters(const std::string& proc_stat) {
  std::map<std::string, std::uint64_t> out;
  for (const auto& line : split(proc_stat, "\n")) {
    const auto f = split(line, " ");
    if (f.size() < 2) continue;
    if (f[0] == "ctxt" || f[0] == "processes" || f[0] == "intr" || f[0] == "softirq")
      if (auto v = number(f[1])) out[f[0]] = *v;
  }
  return out;
}

std::map<std::string, std::uint64_t> parse_vmstat(const std::string& vmstat) {
  std::map<std::string, std::uint64_t> out;
  for (const auto& line : split(vmstat, "\n")) {
    const auto f = split(line, " ");
    if (f.size() == 2)
      if (auto v = number(f[1])) out[f[0]] = *v;
  }
  return out;
}

std::optional<std::uint64_t> counter_delta(std::uint64_t before, std::uint64_t after) {
  if (after < before) return std::nullopt;
  return after - before;
}

}  // namespace schedlab::sys
