#pragma once
// Parsers for the small /proc files the probes read at the window's edges.
// Pure functions over the files' text, so tests feed them fixture files.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace schedlab::sys {

// One line of /proc/PID/schedstat (or task/TID/schedstat): time on a CPU,
// time runnable but waiting on a run queue (both ns), and the number of
// times the task ran.  CONFIG_SCHED_INFO; no schedstats sysctl needed.
struct TaskSchedstat {
  std::uint64_t run_ns = 0, run_delay_ns = 0, timeslices = 0;
};
std::optional<TaskSchedstat> parse_schedstat(const std::string& text);

// The cumulative stall totals of one PSI file (/proc/pressure/cpu, a
// cgroup's cpu.pressure), in µs; `full` is absent in older kernels' cpu file.
struct PressureTotals {
  std::uint64_t some_us = 0;
  std::optional<std::uint64_t> full_us;
};
std::optional<PressureTotals> parse_pressure(const std::string& text);

// The event counters of /proc/stat (ctxt, processes, intr — its total —
// softirq — its total) and every "name value" line of /proc/vmstat, by name.
std::map<std::string, std::uint64_t> parse_stat_counters(const std::string& proc_stat);
std::map<std::string, std::uint64_t> parse_vmstat(const std::string& vmstat);

// after - before, or nullopt when the counter went backwards (a reset, or a
// 32-bit wrap): never an unsigned wrap stored as a huge number.
std::optional<std::uint64_t> counter_delta(std::uint64_t before, std::uint64_t after);

}  // namespace schedlab::sys
