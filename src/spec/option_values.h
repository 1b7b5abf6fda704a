#pragma once
// The parsers of run and scenario option values that are not a type of
// their own elsewhere (durations, copies, CPU lists, policies and probes
// have theirs).  Each throws UsageError naming the option, the value and
// what is allowed — the one message of every bad value.
#include <string>
#include <utility>

namespace schedlab {

// A whole number from `min` to `max`.
int parse_count(const std::string& option, const std::string& text, int min, int max);
// A percentage (a real number) from `min` to `max`.
double parse_percent(const std::string& option, const std::string& text, int min, int max);
// on/off, true/false, yes/no, 1/0.
bool parse_switch(const std::string& option, const std::string& text);
// KEY=VALUE with a dotted key as sysctl(8) takes it.
std::pair<std::string, std::string> parse_sysctl(const std::string& option, const std::string& text);
// NAME or NO_NAME of a scheduler feature.
std::string parse_sched_feature(const std::string& option, const std::string& text);
// An absolute path inside a cgroup hierarchy, without "..".
std::string parse_cgroup_parent(const std::string& option, const std::string& text);

}  // namespace schedlab
