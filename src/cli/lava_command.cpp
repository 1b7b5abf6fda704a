// `schedlab lava job`: a LAVA job definition that boots each kernel in
// randomized interleaved blocks and runs a schedlab command in LAVA's test
// shell; `schedlab lava collect`: a finished job's results into the store;
// `schedlab lava ramdisk`: a ramdisk that carries schedlab for LAVA to boot.
#include "cli/lava_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/path_options.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/lava_collect.h"
#include "flows/lava_job.h"
#include "grid/lava_job.h"
#include "grid/lava_ramdisk.h"
#include "runner/run_setup.h"
#include "store/result_file.h"
#include "sys/safe_files.h"

namespace schedlab {

int lava_collect_command(const LavaCollectTexts& t, const WorkloadRegistry& workloads) {
  const LavaCollectSpec spec{t.job, t.server, t.json.empty() ? std::nullopt : std::optional(t.json),
                             to_store_choice(t.store)};
  return static_cast<int>(collect_lava_job(workloads, spec));
}

namespace {

void add_job_options(CLI::App& job, LavaJobTexts& t) {
  job.add_option("--kernel", t.kernels, "a kernel under test and, when its device boots one, the ramdisk that "
                                        "carries schedlab (repeat per kernel; NAME labels its sets)")
      ->type_name("NAME=URL[:RAMDISK_URL]")
      // One value per --kernel: CLI11 2.1 otherwise lets the last --kernel
      // before '--' swallow the '--', and the command's options after it
      // are taken for job's own.
      ->allow_extra_args(false);
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
  job.add_option("--visibility", t.visibility, "who may see the job: public (default), personal or "
                                               "group:NAME[,NAME...]")
      ->type_name("V");
  job.add_option("--tag", t.tags, "a device tag the job's device must have (repeatable)")
      ->type_name("TAG")->allow_extra_args(false);
  job.add_option("--notify", t.notify, "mail this address or LAVA user when the job ends (repeatable)")
      ->type_name("ADDRESS|USER")->allow_extra_args(false);
  job.add_option("--secret", t.secrets, "fill the test shell's VARIABLE from your LAVA token TOKEN (default: "
                                        "the variable's name), e.g. --secret SCHEDLAB_STORE: the store's URL never "
                                        "appears in the job (repeatable)")
      ->type_name("VARIABLE[=TOKEN]")->allow_extra_args(false);
  add_input_path(job, "--file", t.files, "a local copy of a file a --kernel or --ramdisk URL names (matched by "
                                          "its file name): its sha256sum goes beside that URL, and LAVA checks "
                                          "what it downloaded (repeatable)", "FILE")
      ->allow_extra_args(false);
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
  add_input_path(collect, "job", t.job, "the job: its id on --server, or its log: a directory holding it as "
                                       "output.yaml (the server's job output directory, or lava-run's --output-dir "
                                       "with its log saved there), or the log file", "JOB_ID|DIR|LOG")
      ->required();
  collect.add_option("--server", t.server, "the LAVA server that ran job JOB_ID: its record and log are read "
                                           "through its REST API (/api/v0.2/jobs/JOB_ID/); a token, when the "
                                           "server wants one, comes from LAVA_TOKEN")
      ->type_name("URL");
  add_output_file(collect, "--json", t.json, "also write the sets as a result file, a new file", {});
  collect.add_flag("--force", t.force, "replace an existing --json file");
  add_store_options(collect, t.store, true);
}

// The job's options checked, a run's spec parsed once, the job written.
int job_command(const WorkloadRegistry& workloads, const LavaJobTexts& texts) {
  grid::JobSpec spec = make_job_spec(texts);
  if (spec.command.front() == "run") {
    const auto g = parse_guest_spec(workloads, {spec.command.begin() + 1, spec.command.end()});
    if (!g) throw UsageError("lava job: -- run ... --help: the help of a workload is schedlab run WORKLOAD --help");
    use_run_spec(spec, *g, texts.test_timeout);
  }
  write_lava_job(spec, texts.output);
  return 0;
}

struct RamdiskTexts {
  std::string output;
  bool force = false;
  std::vector<std::string> files;  // --add SRC[:DEST]
};

void add_ramdisk_options(CLI::App& ramdisk, RamdiskTexts& t) {
  add_output_file(ramdisk, "-o,--output", t.output, "write it here, a new file (then give its URL to lava job "
                                                    "--ramdisk)", {})
      ->required();
  ramdisk.add_flag("--force", t.force, "replace an existing -o file");
  add_input_path(ramdisk, "--add", t.files, "also carry this file (a baseline for check) at DEST, an absolute "
                                           "path in the ramdisk (default /root/NAME); repeatable", "FILE[:DEST]");
}

// This schedlab and its worker, so that the guest runs what was tested here.
int ramdisk_command(const RamdiskTexts& t) {
  grid::RamdiskInputs in;
  in.schedlab = std::filesystem::read_symlink("/proc/self/exe").string();
  in.worker = locate_worker();
  for (const auto& f : t.files) in.files.push_back(grid::parse_ramdisk_file(f));
  const grid::Ramdisk r = grid::build_lava_ramdisk(in);
  try {
    sys::write_file_atomically(t.output, r.bytes, 0644);
  } catch (const SystemError& e) {
    throw Error(ExitStatus::kCannotSave, fmt::format("cannot save the ramdisk: {}", e.what()));
  }
  std::cout << fmt::format("{}: {} files, {:.1f} MB ({:.1f} MB unpacked); boot it with schedlab lava job "
                           "--ramdisk URL\n", t.output, r.contents.size(), static_cast<double>(r.bytes.size()) / 1e6,
                           static_cast<double>(r.cpio_bytes) / 1e6);
  return 0;
}

}  // namespace

Command add_lava(CLI::App& app, const CommandContext& context) {
  auto* lava = app.add_subcommand("lava", "schedlab on a LAVA lab: write a job that boots kernels in interleaved "
                                          "blocks and runs schedlab in each (job), store a finished job's "
                                          "results (collect), make the ramdisk that carries schedlab (ramdisk)");
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
  collect->footer("Each result block is checked before it is kept: printed in the test run it names, of a kernel "
                  "and a boot the job planned, the only result of its boot and not a copy, and of the job's spec "
                  "(recomputed from its sets). A refused block or log record is named on stderr, the rest kept.\n"
                  "Exit status: 0 everything the job planned came back; 4 a boot failed or is missing (a block "
                  "that did not decode, a log that ends before the job did: what is missing is named, what came "
                  "back is stored); 6 everything came back but some blocks or records were refused.");
  auto ramdisk_texts = std::make_shared<RamdiskTexts>();
  auto* ramdisk = lava->add_subcommand("ramdisk", "a ramdisk for LAVA to boot kernels with (gzip'd newc cpio): "
                                                  "busybox, a shell on the console for LAVA's test shell, this "
                                                  "schedlab, its worker and their libraries");
  add_ramdisk_options(*ramdisk, *ramdisk_texts);
  return {lava, [=, &context]() -> int {
            if (job->parsed()) return job_command(context.workloads, *job_texts);
            if (collect->parsed()) return lava_collect_command(*collect_texts, context.workloads);
            return ramdisk_command(*ramdisk_texts);
          }};
}

}  // namespace schedlab
