// `schedlab lava job`: a LAVA job definition that boots each kernel in
// randomized interleaved blocks and runs a schedlab command in LAVA's test
// shell; `schedlab lava collect`: a finished job's results into the store.
#include "cli/lava_command.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/lava_job_options.h"
#include "cli/path_options.h"
#include "core/error.h"
#include "grid/lava_job.h"
#include "store/result_file.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

void add_job_options(CLI::App& job, LavaJobTexts& t) {
  job.add_option("--kernel", t.kernels, "a kernel under test and, when its device boots one, the ramdisk that "
                                        "carries schedlab (repeat per kernel; NAME labels its sets)")
      ->type_name("NAME=URL[:RAMDISK_URL]");
  job.add_option("--ramdisk", t.ramdisk, "the ramdisk of every --kernel given without one: a gzip'd cpio that "
                                         "carries schedlab and gives LAVA a shell (docs/fleet.md)")->type_name("URL");
  job.add_option("--boots", t.boots, "boots per kernel, in randomized complete blocks on one device (default 5)")
      ->type_name("N");
  job.add_option("--device-type", t.device_type, "the LAVA device type; its deploy and boot come from the "
                                                  "built-in template of that name (qemu, x86) unless --template "
                                                  "(default qemu)")->type_name("T");
  add_input_path(job, "--template", t.template_file, "a lab's own deploy/boot template for its device type (see "
                                                    "docs/fleet.md)");
  job.add_option("--seed", t.seed, "the order of the boots (default: random; recorded in the job's metadata)")
      ->type_name("N");
  job.add_option("--schedlab", t.schedlab, "the schedlab program in the test shell: a name on its PATH or a path "
                                           "there (default: schedlab)")
      ->type_name("COMMAND");
  job.add_option("--test-timeout", t.test_timeout, "LAVA's timeout of each boot's test (default: from the "
                                                   "command: 5 minutes + 3x what a run spec should take)")
      ->type_name("TIME");
  job.add_option("--priority", t.priority, "the job's priority: high, medium (default), low or 0-100")
      ->type_name("P");
  job.add_option("--job-name", t.job_name, "the job's name (default: the command and the kernels)")
      ->type_name("TEXT");
  add_output_file(job, "-o,--output", t.output, "write the job here, a new file (default: stdout)", {});
  job.add_flag("--force", t.force, "replace an existing -o file");
  job.add_option("command", t.command, "after '--': what every boot runs, run WORKLOAD [options], suite "
                                       "quick|lkml or check --baseline FILE")
      ->type_name("-- COMMAND...");
  // A scalar option given twice takes the last, as run's options do.
  for (CLI::Option* o : job.get_options())
    if (o->get_items_expected_max() == 1) o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

void add_collect_options(CLI::App& collect, LavaCollectTexts& t) {
  add_input_path(collect, "job", t.job, "the job's log: a directory holding it as output.yaml (the server's job "
                                       "output directory, or lava-run's --output-dir with its log saved there), or "
                                       "the log file", "DIR|LOG")
      ->required();
  add_output_file(collect, "--json", t.json, "also write the sets as a result file, a new file", {});
  collect.add_flag("--force", t.force, "replace an existing --json file");
  add_store_options(collect, t.store, true);
}

int job_command(const WorkloadRegistry& workloads, const LavaJobTexts& texts) {
  const grid::JobSpec spec = make_job_spec(workloads, texts);
  const std::string yaml = grid::job_yaml(spec);
  if (texts.output.empty()) {
    std::cout << yaml;
    return 0;
  }
  try {
    sys::write_file_atomically(texts.output, yaml, 0644);
  } catch (const SystemError& e) {
    throw Error(ExitStatus::kCannotSave, fmt::format("cannot save the job: {}", e.what()));
  }
  std::cerr << fmt::format("lava job: {} kernel{} x {} boot{} on device type {}, seed {}: {} (submit it with "
                           "lavacli jobs submit {})\n",
                           spec.kernels.size(), spec.kernels.size() == 1 ? "" : "s", spec.boots,
                           spec.boots == 1 ? "" : "s", spec.device_type, spec.seed, texts.output, texts.output);
  return 0;
}

}  // namespace

Command add_lava(CLI::App& app, const CommandContext& context) {
  auto* lava = app.add_subcommand("lava", "schedlab on a LAVA lab: write a job that boots kernels in interleaved "
                                          "blocks and runs schedlab in each (job), store a finished job's "
                                          "results (collect)");
  lava->require_subcommand(1);
  auto job_texts = std::make_shared<LavaJobTexts>();
  auto* job = lava->add_subcommand("job", "a LAVA job definition (YAML): each --kernel deployed and booted "
                                          "--boots times in randomized blocks, the command after '--' run with "
                                          "--lava in every boot");
  add_job_options(*job, *job_texts);
  auto collect_texts = std::make_shared<LavaCollectTexts>();
  auto* collect = lava->add_subcommand("collect", "a finished LAVA job's results into the store: one set per "
                                                  "kernel with every boot's runs, paired by block");
  add_collect_options(*collect, *collect_texts);
  return {lava, [=, &context]() -> int {
            if (job->parsed()) return job_command(context.workloads, *job_texts);
            return lava_collect_command(*collect_texts);
          }};
}

}  // namespace schedlab
