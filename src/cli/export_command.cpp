// `schedlab export ID... [--json FILE] [--store URL]`: stored sets as a
// result file, each set exactly as it was recorded.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "cli/path_options.h"
#include "cli/command.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "store/result_file.h"
#include "store/selector.h"
#include "store/store.h"
#include "sys/safe_files.h"

namespace schedlab {

int export_command(const ExportArgs& args) {
  const auto choice = to_store_choice(args.store);
  for (const auto& id : args.ids)
    store::parse_selector(id);  // a bad id is refused before the store is opened
  auto s = store::open_store(choice, store::Access::kRead);
  // Every selector's sets read at once: a bad row is skipped, and only when
  // no valid set is left of them all is it bad input.
  std::vector<std::int64_t> ids;
  std::string refused;  // the last selector whose every row was refused
  for (const auto& arg : args.ids) {
    const std::size_t skipped = s->skipped().size();
    try {
      for (const std::int64_t id : store::select_ids(*s, arg, "")) ids.push_back(id);
    } catch (const UsageError& e) {
      // A selector whose every row was refused (and named) is not the end
      // of the others; one that matches nothing at all still is.
      if (s->skipped().size() == skipped) throw;
      refused = std::string(e.what()).rfind(arg + ": ", 0) == 0 ? e.what() : arg + ": " + e.what();
    }
  }
  if (ids.empty()) throw UsageError(refused);
  const auto docs = s->load(ids, fmt::format("{}", fmt::join(args.ids, " ")));
  const std::string text = store::result_file_json(docs).dump(2) + "\n";
  if (args.json.empty()) {
    std::cout << text;
    return 0;
  }
  sys::write_file_atomically(args.json, text, 0644);
  return 0;
}

Command add_export(CLI::App& app, const CommandContext&) {
  auto a = std::make_shared<ExportArgs>();
  auto* cmd = app.add_subcommand("export", "stored sets as a result file that compare accepts");
  cmd->add_option("ids", a->ids, "set ids (see history) or selectors such as @kernel=6.11*")
      ->required()->type_name("ID...");
  add_output_file(*cmd, "--json", a->json, "write the result file here, a new file (default: stdout)", {});
  cmd->add_flag("--force", a->force, "replace an existing --json file");
  add_store_options(*cmd, a->store, false);
  return {cmd, [a] { return export_command(*a); }};
}

}  // namespace schedlab
