#pragma once
#include <string>
#include <string_view>

#include "sys/sched_attr.h"

namespace schedlab {

// Parses --policy: other | batch | idle | fifo:P | rr:P (P 1..99).  Throws
// UsageError.  The nice value is left at 0.
sys::SchedAttr parse_policy(std::string_view option, std::string_view text);

// The nice values the kernel takes (setpriority(2)).
constexpr int kMinNice = -20;
constexpr int kMaxNice = 19;

// "fifo:50", "other" — the --policy text for an attr.
std::string policy_text(const sys::SchedAttr& attr);

}  // namespace schedlab
