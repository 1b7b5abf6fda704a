#include "cli/bisect_options.h"

#include "cli/help_formatter.h"
#include "cli/kernels_options.h"
#include "cli/path_options.h"

namespace schedlab {

BisectCommandLine::BisectCommandLine()
    : app("bisect: find the commit that made a workload slower; every step builds the commit's kernel and "
          "judges it beside the good revision's kernel, boots interleaved (check --kernel --good-kernel)",
          "schedlab bisect") {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  BisectTexts& t = texts;
  add_input_path(app, "--tree", t.tree, "the kernel's git work tree (clean; left as it was found)", "DIR");
  app.add_option("--good", t.good, "a revision without the regression")->type_name("REV");
  app.add_option("--bad", t.bad, "a revision with it (good must be its ancestor)")->type_name("REV");
  add_input_path(app, "--config", t.config, "a .config fragment merged after kvm_guest.config onto allnoconfig "
                                            "(data/guest/kernel.config is one for guests; default: defconfig)",
                 "FILE");
  app.add_option("--jobs", t.jobs, "make -j (default: this machine's CPUs)")->type_name("N");
  app.add_option("--build-cmd", t.build_cmd, "build each step with this shell command instead of make, in the "
                                             "tree; its last line of output is the kernel image's path")
      ->type_name("CMD");
  add_output_dir(app, "--build-dir", t.build_dir, "make O=DIR, kept between steps (default: in the bisect's work "
                                                 "directory under XDG_CACHE_HOME)");
  app.add_option("--threshold", t.threshold, "percent loss of the primary metric that is bad (default 5)")
      ->type_name("PCT");
  app.add_option("--max-boots", t.max_boots, "boots of each kernel per step at most (default 24)")->type_name("N");
  app.add_option("--vcpus", t.vcpus, "the guests' vCPUs (default 2)")->type_name("N");
  app.add_option("--memory", t.memory, "the guests' memory (default 2G)")->type_name("SIZE");
  app.add_option("--accel", t.accel, "kvm or tcg (default: kvm where it runs guests)")->type_name("kvm|tcg");
  add_guest_clock_option(app, t.clock);
  app.add_flag("--emulated-ok", t.emulated_ok, "decide under QEMU's TCG emulation when KVM cannot run guests; "
                                               "every verdict and the result are marked emulated");
  app.add_flag("--side-by-side", t.side_by_side, "boot the good kernel and the step's at the same time, each on "
                                                 "host CPUs of its own (the default when the host has the CPUs)");
  app.add_flag("--one-at-a-time", t.one_at_a_time, "boot the good kernel and the step's one at a time, alternating");
  app.add_flag("--resume", t.resume, "continue the bisect an interrupted schedlab bisect left in --tree");
}

}  // namespace schedlab
