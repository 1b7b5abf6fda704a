// The declarations of suite's options and lava's subcommands' (job,
// collect, ramdisk).  The store's, --boots, --seed, --trust-kernel and
// --lava are shared with other commands and declared with them.
#include <algorithm>

#include "cli/command_option_parts.h"
#include "core/duration.h"
#include "flows/lava_job.h"

namespace schedlab {
namespace {

using Kind = CommandOptionSpec::Kind;

// Which names there are depends on the bundle (suite_command.cpp says
// them); here only their shape: an empty one is none of them, not "every
// scenario".
void check_scenario_name(const std::string& option, const std::string& text) {
  const bool word = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
  if (!word)
    throw UsageError(option, text, "a scenario's name (a-z, 0-9, '-'): a workload of quick, a report of lkml");
}

std::vector<CommandOptionSpec> suite_entries() {
  const std::vector<std::string> suite = {"suite"};
  return {
      {.names = "suite", .value = "quick|lkml",
       .help = "the bundle: quick (every workload briefly) or lkml (the four reported regressions' scenarios)",
       .kind = Kind::kChoice, .required = true, .commands = suite},
      {.names = "--scale", .value = "quick|full", .help = "lkml: how many runs, how long each", .default_text = "quick",
       .kind = Kind::kChoice, .commands = suite},
      {.names = "--json", .value = "DIR", .help = "keep every result file in this directory (created when missing)",
       .path = PathRole::kOutputDir, .commands = suite},
      {.names = "--kernels", .value = "[NAME=]VMLINUZ[:INITRD],...",
       .help = "lkml: run each scenario on these kernels in QEMU guests, boots interleaved (see schedlab kernels)",
       .commands = suite},
      {.names = "--full", .help = "lkml: each scenario's full comparison table under its verdict", .kind = Kind::kFlag,
       .commands = suite},
      {.names = "--scenario", .value = "NAME", .help = "only this scenario (a workload of quick, a report of lkml)",
       .example = "spawn", .commands = suite, .text_check = check_scenario_name},
  };
}

// How the job's boots are deployed: the kernels, their ramdisk, the device.
std::vector<CommandOptionSpec> job_deploy_entries() {
  const std::vector<std::string> job = {"lava job"};
  return {
      {.names = "--kernel", .value = "NAME=URL[:RAMDISK_URL]",
       .help = "a kernel under test and, when its device boots one, the ramdisk that carries schedlab (repeat per "
               "kernel; NAME labels its sets)",
       .commands = job},
      {.names = "--ramdisk", .value = "URL",
       .help = "the ramdisk of every --kernel given without one: a gzip'd cpio that carries schedlab and gives LAVA a "
               "shell (docs/fleet.md)",
       .commands = job},
      {.names = "--device-type", .value = "T",
       .help = "the LAVA device type; its deploy and boot come from the built-in template of that name (qemu, x86) "
               "unless --template",
       .default_text = "qemu", .commands = job},
      {.names = "--template", .value = "FILE",
       .help = "a lab's own deploy/boot template for its device type (see docs/fleet.md)", .path = PathRole::kInput,
       .commands = job},
      {.names = "--file", .value = "FILE",
       .help = "a local copy of a file a --kernel or --ramdisk URL names (matched by its file name): its sha256sum "
               "goes beside that URL, and LAVA checks what it downloaded (repeatable)",
       .path = PathRole::kInput, .commands = job},
      {.names = "--tag", .value = "TAG", .help = "a device tag the job's device must have (repeatable)",
       .commands = job},
  };
}

// What the job runs and who sees it.
std::vector<CommandOptionSpec> job_entries() {
  const std::vector<std::string> job = {"lava job"};
  return {
      {.names = "--schedlab", .value = "COMMAND",
       .help = "the schedlab program in the test shell: a name on its PATH or a path there",
       .default_text = "schedlab", .commands = job},
      {.names = "--test-timeout", .value = "TIME", .help = "LAVA's timeout of each boot's test",
       .default_text = "from the command: 5 minutes + 3x what a run spec should take", .example = "90m",
       .commands = job, .text_check = [](const std::string& option, const std::string& text) { parse_duration(option, text, false); }},
      {.names = "--priority", .value = "P", .help = "the job's priority: high, medium, low or 0-100",
       .default_text = "medium", .example = "42", .commands = job, .text_check = check_lava_priority},
      {.names = "--job-name", .value = "TEXT", .help = "the job's name", .default_text = "the command and the kernels",
       .commands = job},
      {.names = "--visibility", .value = "V", .help = "who may see the job: public, personal or group:NAME[,NAME...]",
       .default_text = "public", .example = "group:perf,sched", .commands = job, .text_check = check_lava_visibility},
      {.names = "--notify", .value = "ADDRESS|USER",
       .help = "mail this address or LAVA user when the job ends (repeatable)", .commands = job},
      {.names = "--secret", .value = "VARIABLE[=TOKEN]",
       .help = "fill the test shell's VARIABLE from your LAVA token TOKEN (default: the variable's name), e.g. "
               "--secret SCHEDLAB_STORE: the store's URL never appears in the job (repeatable)",
       .commands = job},
      {.names = "-o,--output", .value = "FILE", .help = "write the job here, a new file", .default_text = "stdout",
       .path = PathRole::kOutputFile, .existing = {}, .commands = job},
      {.names = "--force", .help = "replace an existing -o file", .kind = Kind::kFlag,
       .commands = {"lava job", "lava ramdisk"}},
      {.names = "command", .value = "-- COMMAND...",
       .help = "after '--': what every boot runs, run WORKLOAD [options], suite quick|lkml or check --baseline FILE",
       .commands = job},
  };
}

std::vector<CommandOptionSpec> collect_and_ramdisk_entries() {
  return {
      {.names = "job", .value = "JOB_ID|DIR|LOG",
       .help = "the job: its id on --server, or its log: a directory holding it as output.yaml (the server's job "
               "output directory, or lava-run's --output-dir with its log saved there), or the log file",
       .path = PathRole::kInput, .required = true, .commands = {"lava collect"}},
      {.names = "--server", .value = "URL",
       .help = "the LAVA server that ran job JOB_ID: its record and log are read through its REST API "
               "(/api/v0.2/jobs/JOB_ID/); a token, when the server wants one, comes from LAVA_TOKEN",
       .commands = {"lava collect"}},
      {.names = "--json", .value = "FILE", .help = "also write the sets as a result file, a new file",
       .path = PathRole::kOutputFile, .existing = {}, .commands = {"lava collect"}},
      {.names = "-o,--output", .value = "FILE",
       .help = "write it here, a new file (then give its URL to lava job --ramdisk)", .path = PathRole::kOutputFile,
       .existing = {}, .required = true, .commands = {"lava ramdisk"}},
      {.names = "--add", .value = "FILE[:DEST]",
       .help = "also carry this file (a baseline for check) at DEST, an absolute path in the ramdisk (default "
               "/root/NAME); repeatable",
       .path = PathRole::kInput, .commands = {"lava ramdisk"}},
  };
}

}  // namespace

std::vector<CommandOptionSpec> grid_option_entries() {
  return gather_entries({suite_entries, job_deploy_entries, job_entries, collect_and_ramdisk_entries});
}

}  // namespace schedlab
