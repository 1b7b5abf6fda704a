// The declarations of cli/command_options.h: the options several commands
// share (the store, the comparison's), and the own options of compare,
// report, history, export, import and check (its judge; the guest options
// of check --kernel are with kernels' and bisect's in
// cli/guest_option_entries.cpp, suite's and lava's in
// cli/grid_option_entries.cpp).
#include "cli/command_option_parts.h"
#include "cli/command_options.h"
#include "cli/kcidb_option_entries.h"
#include "flows/check_flow.h"
#include "report/formats.h"
#include "report/html/document.h"
#include "spec/seed_option.h"

namespace schedlab {
namespace {

using Kind = CommandOptionSpec::Kind;

const std::vector<std::string> kComparing = {"compare", "report"};

std::vector<CommandOptionSpec> store_entries() {
  return {
      {.names = "--store", .value = "URL",
       .help = "the result store: a SQLite file, a postgresql://... URL or a libpq key=value string "
               "(default: $SCHEDLAB_STORE, else $XDG_DATA_HOME/schedlab/results.db); a password belongs in "
               "~/.pgpass or PGSERVICE, and is masked wherever schedlab records or prints it",
       .group = kStoreGroup,
       .commands = {"run", "compare", "check", "suite", "kernels", "import", "export", "history", "trend", "report",
                    "lava collect"}},
      {.names = "--no-store", .help = "do not record the result sets in the store", .group = kStoreGroup,
       .kind = Kind::kFlag, .commands = {"run", "check", "suite", "kernels", "lava collect"}},
      {.names = "--seed", .value = "N", .help = "seed of the randomized order of the blocks (kernels, lava job: of the "
                                                "boots), recorded",
       .group = "Experiment options", .default_text = "random", .kind = Kind::kWhole,
       .whole = {{kSeedMin, kSeedMax}}, .commands = {"run", "kernels", "lava job"}},
      {.names = "--force", .help = "replace an existing --json file", .kind = Kind::kFlag,
       .commands = {"export", "kernels", "lava collect"}},
  };
}

std::vector<CommandOptionSpec> comparison_entries() {
  const std::string inputs = "result files, store selectors (@kernel=K, @label=L, @host=H, @id=N) or set ids";
  return {
      {.names = "files", .value = "FILE|@SELECTOR...", .help = inputs, .path = PathRole::kInput, .required = true,
       .commands = {"compare"}},
      {.names = "inputs", .value = "FILE|@SELECTOR...", .help = inputs + "; the first set is the baseline",
       .path = PathRole::kInput, .required = true, .commands = {"report"}},
      {.names = "--workload", .value = "W", .help = "only the selectors' sets of this workload", .commands = kComparing},
      {.names = "--style", .value = comparison_formats().type_name(), .help = "the table; html is the report's page",
       .default_text = "mmtests", .commands = {"compare"}},
      {.names = "--test", .value = "paired|welch|mwu|overlap",
       .help = "the significance test (default: paired when the runs were interleaved in blocks, --vary or "
               "kernels' boots, else welch)",
       .kind = Kind::kChoice, .commands = kComparing},
      {.names = "--alpha", .value = "A", .help = "significance level", .default_text = "0.05", .kind = Kind::kReal,
       .real = {{0, 1}}, .example = "0.05", .commands = kComparing},
      {.names = "--paired", .help = "--test paired: pair runs by block", .kind = Kind::kFlag, .commands = kComparing},
      {.names = "--metrics", .value = "LIST",
       .help = "metrics to compare (report: and plot), comma-separated (default: the primary metric and the "
               "workload's key metrics)",
       .commands = kComparing},
      {.names = "--force", .help = "compare even when the workload specs differ", .kind = Kind::kFlag,
       .commands = kComparing},
      {.names = "--all", .help = "compare (report: and plot) every metric the sets recorded", .kind = Kind::kFlag,
       .commands = kComparing},
      {.names = "--notes", .help = "print every note in full below the table", .kind = Kind::kFlag,
       .commands = {"compare"}},
      {.names = "--no-history",
       .help = "sets measured one after the other: test them on their runs alone, without this spec's "
               "between-sitting spread from the store's past sittings on this host",
       .kind = Kind::kFlag, .commands = {"compare"}},
      {.names = "-o,--output", .value = "FILE|-",
       .help = "the page to write ('-': stdout); only a new file or an earlier report is overwritten",
       .default_text = "report.html", .path = PathRole::kOutputFile,
       .existing = {.policy = ExistingFile::kOnlyOurs, .marker = std::string(html::kGeneratorMarker),
                    .ours_are = "an earlier schedlab report", .stdout_dash = true},
       .commands = {"report"}},
  };
}

std::vector<CommandOptionSpec> store_reading_entries() {
  const std::vector<std::string> history = {"history"};
  return {
      {.names = "--workload", .value = "W", .help = "only this workload", .commands = history},
      {.names = "--kernel", .value = "PATTERN", .help = "kernel release, wildcards allowed: 6.11*", .commands = history},
      {.names = "--host", .value = "H", .help = "host name, wildcards allowed", .commands = history},
      {.names = "--label", .value = "L", .help = "set label, wildcards allowed", .commands = history},
      {.names = "--spec", .value = "ID",
       .help = "only sets of this spec: its id as the spec column shows it (4 to 12 hex digits)", .commands = history},
      {.names = "--since", .value = "DATE", .help = "sets started on or after: 2026-11-01 or 2026-11-01T12:00:00Z",
       .commands = history},
      {.names = "--style", .value = history_formats().type_name(), .help = "the output", .default_text = "text",
       .commands = history},
      {.names = "--json", .help = "print JSON (schedlab.history/1): --style json", .kind = Kind::kFlag,
       .commands = history},
      {.names = "--csv", .help = "print CSV: --style csv", .kind = Kind::kFlag, .commands = history},
      {.names = "ids", .value = "ID...", .help = "set ids (see history) or selectors such as @kernel=6.11*",
       .required = true, .commands = {"export"}},
      {.names = "--json", .value = "FILE", .help = "write the result file (or the KCIDB document) here, a new file",
       .default_text = "stdout", .path = PathRole::kOutputFile, .existing = {}, .commands = {"export"}},
      {.names = "--kcidb",
       .help = "a KCIDB v5.3 document (checkouts, builds, tests) for kcidb-submit instead of a result file; needs "
               "--origin",
       .kind = Kind::kFlag, .commands = {"export"}},
      {.names = "--origin", .value = "NAME",
       .help = "with --kcidb: the CI system's KCIDB origin (lowercase letters, digits, _), the prefix of every id",
       .commands = {"export"}},
      {.names = "files", .value = "FILE...", .help = "result files", .path = PathRole::kInput, .required = true,
       .commands = {"import"}},
  };
}

std::vector<CommandOptionSpec> check_entries() {
  const std::vector<std::string> check = {"check"};
  return {
      {.names = "--baseline", .value = "FILE", .help = "result file of the good kernel", .path = PathRole::kInput,
       .required = true, .commands = check},
      {.names = "--bad", .value = "FILE", .help = "result file of the bad kernel (optional)",
       .path = PathRole::kInput, .commands = check},
      {.names = "--threshold", .value = "PCT", .help = "percent loss of the primary metric that is bad", .unit = "%",
       .default_text = "5", .kind = Kind::kReal, .real = kThresholdBounds, .example = "5",
       .commands = {"check", "bisect"}},
      {.names = "--max-runs", .value = "N", .help = "most runs before giving up with 125", .unit = "runs",
       .default_text = "15", .kind = Kind::kWhole, .whole = {{2, 1000}}, .commands = check},
      {.names = "--json", .value = "FILE",
       .help = "write the evidence (runs, change, interval, verdict); replaces only an earlier one",
       .path = PathRole::kOutputFile,
       .existing = {.policy = ExistingFile::kOnlyOurs, .marker = kCheckSchema,
                    .ours_are = "an earlier check --json file"},
       .commands = check},
      {.names = "--trust-baseline",
       .help = "run what the baseline asks even when it is a command, writes a file or changes sysctls or sched "
               "features (a baseline file is code)",
       .kind = Kind::kFlag, .commands = check},
      {.names = "--max-boots", .value = "N", .help = "boots of each kernel at most (check: with --good-kernel; bisect: "
                                                   "per step)",
       .unit = "boots", .default_text = "24", .kind = Kind::kWhole, .whole = kMaxBootsBounds,
       .commands = {"check", "bisect"}},
      {.names = "--no-wait", .help = "exit 125 instead of waiting for another run's global controls",
       .kind = Kind::kFlag, .commands = check},
      {.names = "--interleave", .value = "GOOD",
       .help = "re-measure the good program now instead of using the baseline's runs: the baseline's program "
               "(exec --program, shell --shell, the command after --) replaced by GOOD, in randomized blocks with "
               "the current one, decided by the paired test (--max-runs counts blocks)",
       .path = PathRole::kInput, .commands = check},
      {.names = "--lava",
       .help = "in a LAVA test shell: report the verdict and the runs (suite: each set) with lava-test-case and print "
               "them into the job's log (see schedlab lava job)",
       .kind = Kind::kFlag, .commands = {"check", "suite"}},
  };
}

}  // namespace

std::vector<CommandOptionSpec> gather_entries(std::initializer_list<OptionEntries> parts) {
  std::vector<CommandOptionSpec> all;
  for (auto* part : parts)
    for (auto& spec : part()) all.push_back(std::move(spec));
  return all;
}

const std::vector<CommandOptionSpec>& command_option_specs() {
  static const std::vector<CommandOptionSpec> kSpecs = gather_entries(
      {store_entries, comparison_entries, store_reading_entries, check_entries, guest_option_entries,
       grid_option_entries, kcidb_checkout_entries});
  return kSpecs;
}

}  // namespace schedlab
