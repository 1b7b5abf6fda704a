#pragma once
// `schedlab lava job`: one LAVA job definition that deploys, boots and
// tests every kernel `boots` times, in the randomized complete blocks that
// `schedlab kernels` boots in (stats/block_plan.h), all on the one device
// LAVA assigns the job to.  Each boot's test runs the schedlab command in
// LAVA's test shell with --lava; its test definition is named
// schedlab-boot<B>-block<K>-<NAME>, which is how `lava collect` knows the
// kernel, boot and block of every result.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grid/lava_kernel.h"
#include "grid/lava_template.h"

namespace schedlab::grid {

// LAVA's limit on a job's name: 200 characters (lava_scheduler_app's
// TestJob.description, a Django CharField, counts characters, not bytes).
constexpr std::size_t kMaxJobNameChars = 200;

struct JobSpec {
  std::vector<LavaKernel> kernels;  // ramdisk_url filled in (the --ramdisk default applied)
  int boots = 1;                    // per kernel
  std::uint64_t seed = 0;           // the order of the boots
  std::string device_type;          // the job's
  LavaTemplate device;              // deploy and boot of one kernel
  // What the test shell runs, as typed after "--": "run WORKLOAD ...",
  // "suite NAME ...", "check ...".  Checked by the caller.
  std::vector<std::string> command;
  std::string schedlab = "schedlab";  // the program in the test shell
  bool label_by_kernel = false;       // run: --label NAME (else the sets keep theirs)
  bool seed_per_block = false;        // run --vary without --seed: block b gets --seed SEED+b, as in kernels
  std::chrono::seconds test_timeout{600};  // per boot
  std::string priority = "medium";
  std::string job_name;              // "" = made from the command and the kernels
  // Who may see the job: "public", "personal", or the groups named.
  std::string visibility = "public";
  std::vector<std::string> visibility_groups;  // with visibility "group"
  std::vector<std::string> tags;               // device tags the scheduler matches
  std::vector<std::string> notify;             // recipients mailed when the job ends: an address, or a LAVA user
  // The test shell's variables LAVA fills from the submitter's tokens:
  // {variable, token name}, never a value (LAVA's "secrets" block).
  std::vector<std::pair<std::string, std::string>> secrets;
  // The sha256 of the files some URLs name (url -> hex), from --file: each
  // goes beside its url in the deploy.
  std::map<std::string, std::string> sha256;
  // A --file ramdisk's programs were held against the devices' architecture
  // (otherwise write_lava_job says it took the ramdisk on trust).
  bool ramdisk_arch_checked = false;
};

// The job's whole timeout in minutes, as job_yaml writes it: every boot's
// deploy, boot and test, and 5 minutes more.
long job_timeout_minutes(const JobSpec& spec);

// Above this the job is longer than labs usually run one (a day): write_lava_job warns.
inline constexpr long kUsualJobMinutes = 24L * 60;

// The test definition name of a boot; parse_definition_name reverses it.
std::string definition_name(const std::string& kernel, int boot, int block);
struct BootOfDefinition {
  std::string kernel;
  int boot = 0, block = 0;
};
// From LAVA's TESTRUN_ID or a results line's "definition" ("3_schedlab-
// boot2-block1-cloud": LAVA prefixes its index); nullopt for another name.
std::optional<BootOfDefinition> parse_definition_name(const std::string& name);

// The words the test shell runs for `kernel` in `block` (schedlab first).
std::vector<std::string> boot_command(const JobSpec& spec, const LavaKernel& kernel, int block);

// The boots a job definition was written for (schedlab.kernels x
// schedlab.boots from its metadata, as job_yaml writes them); 0 for a job
// that does not say (not ours, or not YAML).
int boots_in_job(const std::string& definition);
// The kernels a job definition was written for (schedlab.kernels from its
// metadata); empty for a job that does not say.
std::vector<std::string> kernels_in_job(const std::string& definition);

// The job, as YAML.  Every value that comes from the user (URLs, names, the
// command) is written quoted; the test step is the command's words, each
// quoted for the shell.
std::string job_yaml(const JobSpec& spec);

}  // namespace schedlab::grid
