#pragma once
#include <nlohmann/json.hpp>

namespace schedlab {

// The environment fingerprint embedded in every result and printed by
// `schedlab env`: what decides the outcome of a scheduler benchmark.
// Fields that cannot be read are "unknown", never guessed.
nlohmann::ordered_json collect_environment();

// Parts, each in its own file.
nlohmann::ordered_json collect_kernel();        // release, version, cmdline, config, sysctls
nlohmann::ordered_json collect_cpus();          // model, online/possible, topology, governor, SMT
nlohmann::ordered_json collect_cgroups();       // mode, our path and depth
nlohmann::ordered_json collect_system();        // virtualization, libc, /bin/sh, limits
nlohmann::ordered_json collect_tool();          // version, git sha

}  // namespace schedlab
