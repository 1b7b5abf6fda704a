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
#include "cli/command_options.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/lava_collect.h"
#include "flows/lava_job.h"
#include "grid/lava_job.h"
#include "grid/lava_ramdisk.h"
#include "guest/guest_programs.h"
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

// Each option bound to its declaration (cli/grid_option_entries.cpp).
void add_job_options(CLI::App& job, LavaJobTexts& t) {
  const std::string command = "lava job";
  // One value per repeatable option: CLI11 2.1 otherwise lets the last
  // --kernel before '--' swallow the '--', and the command's options after
  // it are taken for job's own.
  for (auto [name, target] : {std::pair{"--kernel", &t.kernels}, {"--tag", &t.tags}, {"--notify", &t.notify},
                              {"--secret", &t.secrets}, {"--file", &t.files}})
    bind_option(job, command, name, *target)->allow_extra_args(false);
  for (auto [name, target] : {std::pair{"--ramdisk", &t.ramdisk}, {"--boots", &t.boots},
                              {"--device-type", &t.device_type}, {"--arch", &t.arch}, {"--template", &t.template_file}, {"--seed", &t.seed},
                              {"--schedlab", &t.schedlab}, {"--test-timeout", &t.test_timeout},
                              {"--priority", &t.priority}, {"--job-name", &t.job_name},
                              {"--visibility", &t.visibility}, {"--output", &t.output}})
    bind_option(job, command, name, *target);
  bind_option(job, command, "--force", t.force);
  bind_option(job, command, "command", t.command);
  // A scalar option given twice takes the last, as run's options do.
  for (CLI::Option* o : job.get_options())
    if (o->get_items_expected_max() == 1) o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

void add_collect_options(CLI::App& collect, LavaCollectTexts& t) {
  for (auto [name, target] : {std::pair{"job", &t.job}, {"--server", &t.server}, {"--json", &t.json}})
    bind_option(collect, "lava collect", name, *target);
  bind_option(collect, "lava collect", "--force", t.force);
  add_store_options(collect, t.store, true);
}

// The job's options checked, a run's spec parsed once, the job written.
int job_command(const Registries& registries, const LavaJobTexts& texts) {
  grid::JobSpec spec = make_job_spec(texts);
  if (spec.command.front() == "run") {
    const auto g = parse_guest_spec(registries, {spec.command.begin() + 1, spec.command.end()});
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
  std::string arch;                // "" = this machine's
  std::string guest_schedlab, guest_busybox;
};

void add_ramdisk_options(CLI::App& ramdisk, RamdiskTexts& t) {
  bind_option(ramdisk, "lava ramdisk", "--output", t.output);
  bind_option(ramdisk, "lava ramdisk", "--force", t.force);
  bind_option(ramdisk, "lava ramdisk", "--add", t.files);
  bind_option(ramdisk, "lava ramdisk", "--arch", t.arch);
  bind_option(ramdisk, "lava ramdisk", "--guest-schedlab", t.guest_schedlab);
  bind_option(ramdisk, "lava ramdisk", "--guest-busybox", t.guest_busybox);
}

// This schedlab and its worker, so that the guest runs what was tested here;
// for another architecture's devices, the programs built for it.
int ramdisk_command(const RamdiskTexts& t) {
  grid::RamdiskInputs in;
  in.arch = t.arch.empty() ? guest::host_arch() : guest::parse_guest_arch("--arch", t.arch);
  const guest::GuestPrograms programs = guest::guest_programs(in.arch, t.guest_schedlab, t.guest_busybox);
  in.schedlab = programs.schedlab;
  in.worker = programs.worker;
  in.busybox = programs.busybox;
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
            if (job->parsed()) return job_command(context.registries(), *job_texts);
            if (collect->parsed()) return lava_collect_command(*collect_texts, context.workloads);
            return ramdisk_command(*ramdisk_texts);
          }};
}

}  // namespace schedlab
