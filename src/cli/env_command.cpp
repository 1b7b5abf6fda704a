// `schedlab env [--json]`: the environment fingerprint.
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "env/environment.h"

namespace schedlab {
namespace {

// "kernel.release: 6.18.44" lines, one per leaf.
void print_flat(const nlohmann::ordered_json& j, const std::string& prefix) {
  if (!j.is_object()) {
    std::cout << fmt::format("{}: {}\n", prefix, j.is_string() ? j.get<std::string>() : j.dump());
    return;
  }
  for (const auto& [key, value] : j.items())
    print_flat(value, prefix.empty() ? key : prefix + "." + key);
}

}  // namespace

int env_command(bool json) {
  const auto env = collect_environment();
  if (json) std::cout << env.dump(2) << "\n";
  else print_flat(env, "");
  return 0;
}

Command add_env(CLI::App& app, const CommandContext&) {
  auto json = std::make_shared<bool>(false);
  auto* env = app.add_subcommand("env", "the environment fingerprint every result embeds");
  env->add_flag("--json", *json, "print it as JSON");
  return {env, [json] { return env_command(*json); }};
}

}  // namespace schedlab
