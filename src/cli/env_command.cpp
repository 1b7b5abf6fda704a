// `schedlab env [--json]`: the environment fingerprint.
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "core/json_leaves.h"
#include "env/environment.h"

namespace schedlab {
namespace {

// "kernel.release: 6.18.44" lines, one per leaf.
void print_leaves(const nlohmann::ordered_json& env) {
  JsonLeaves leaves;
  append_json_leaves(env, "", leaves);
  for (const auto& [key, value] : leaves) std::cout << fmt::format("{}: {}\n", key, value);
}

}  // namespace

int env_command(bool json) {
  const auto env = collect_environment();
  if (json) std::cout << env.dump(2) << "\n";
  else print_leaves(env);
  return 0;
}

Command add_env(CLI::App& app, const CommandContext&) {
  auto json = std::make_shared<bool>(false);
  auto* env = app.add_subcommand("env", "the environment fingerprint every result embeds");
  env->add_flag("--json", *json, "print it as JSON");
  return {env, [json] { return env_command(*json); }};
}

}  // namespace schedlab
