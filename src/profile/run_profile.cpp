#include "profile/run_profile.h"

#include <fmt/format.h>

#include <stdexcept>

#include "profile/folded_codec.h"

namespace schedlab::profile {
namespace {

std::uint64_t count_field(const ordered_json& j, const char* name) {
  if (!j.contains(name)) return 0;
  const auto& v = j.at(name);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
    throw std::runtime_error(fmt::format("details.profile.{}: expected a count, found {}", name, v.dump()));
  return v.get<std::uint64_t>();
}

}  // namespace

ordered_json profile_json(RunProfile p) {
  const auto encoded = encode_within(std::move(p.stacks));
  return {{"format", kStacksFormat},
          {"clock", p.clock},
          {"frequency_hz", p.frequency_hz},
          {"samples", p.samples},
          {"kernel_samples", p.kernel_samples},
          {"lost_samples", p.lost},
          {"throttled", p.throttled},
          {"merged_samples", encoded.merged_samples},
          {"stacks_count", encoded.stacks},
          {"stacks", encoded.text}};
}

std::optional<RunProfile> run_profile(const RunRecord& run) {
  if (!run.details.is_object() || !run.details.contains(kProfileKey)) return std::nullopt;
  const auto& j = run.details.at(kProfileKey);
  if (!j.is_object() || j.value("format", std::string()) != kStacksFormat || !j.contains("stacks") ||
      !j.at("stacks").is_string())
    throw std::runtime_error(fmt::format("details.profile: expected format \"{}\" with \"stacks\"", kStacksFormat));
  RunProfile p;
  // Profiles written before the clock was recorded were all on the CPU clock.
  if (j.contains("clock") && !j.at("clock").is_string())
    throw std::runtime_error(fmt::format("details.profile.clock: expected a string, found {}", j.at("clock").dump()));
  p.clock = j.value("clock", std::string("cpu-clock"));
  p.frequency_hz = static_cast<std::uint32_t>(count_field(j, "frequency_hz"));
  p.kernel_samples = count_field(j, "kernel_samples");
  p.lost = count_field(j, "lost_samples");
  p.throttled = count_field(j, "throttled");
  p.merged_samples = count_field(j, "merged_samples");
  p.stacks = decode_stacks(j.at("stacks").get<std::string>());
  p.samples = p.stacks.total();
  return p;
}

}  // namespace schedlab::profile
