#include "env/environment.h"

#include "core/result.h"
#include "core/version.h"

namespace schedlab {

nlohmann::ordered_json collect_tool() {
  return {{"name", "schedlab"}, {"version", tool_version()}, {"git", tool_git_sha()}};
}

nlohmann::ordered_json collect_environment() {
  nlohmann::ordered_json env;
  env["collected"] = utc_now_iso8601();
  env["kernel"] = collect_kernel();
  env["cpus"] = collect_cpus();
  env["cgroups"] = collect_cgroups();
  env["system"] = collect_system();
  env["tool"] = collect_tool();
  return env;
}

}  // namespace schedlab
