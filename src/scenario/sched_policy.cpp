#include "scenario/sched_policy.h"

#include <fmt/format.h>
#include <sched.h>


#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {
namespace {

bool parse_int(std::string_view text, int min, int max, int& out) {
  const auto v = parse_whole_number(text, min, max);
  if (v) out = *v;
  return v.has_value();
}

}  // namespace

sys::SchedAttr parse_policy(std::string_view option, std::string_view text) {
  const auto fail = [&]() -> sys::SchedAttr {
    throw UsageError(std::string(option), std::string(text),
                     "other, batch, idle, fifo:P or rr:P with P from 1 to 99");
  };
  if (text == "other") return {SCHED_OTHER, 0, 0};
  if (text == "batch") return {SCHED_BATCH, 0, 0};
  if (text == "idle") return {SCHED_IDLE, 0, 0};
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) return fail();
  const auto name = text.substr(0, colon);
  int priority = 0;
  if (!parse_int(text.substr(colon + 1), 1, 99, priority)) return fail();
  if (name == "fifo") return {SCHED_FIFO, static_cast<std::uint32_t>(priority), 0};
  if (name == "rr") return {SCHED_RR, static_cast<std::uint32_t>(priority), 0};
  return fail();
}

std::string policy_text(const sys::SchedAttr& attr) {
  if (attr.policy == SCHED_FIFO || attr.policy == SCHED_RR)
    return fmt::format("{}:{}", sys::policy_name(attr.policy), attr.priority);
  return sys::policy_name(attr.policy);
}

}  // namespace schedlab
