// `schedlab export ID... [--json FILE] [--store URL]`: stored sets as a
// result file, each set exactly as it was recorded; with --kcidb --origin
// NAME, as a KCIDB document (grid/kcidb.h), its checkouts described by
// --tree-name, --git-url, --branch, --commit or --git-tree DIR.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "cli/command_options.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "flows/export_checkout.h"
#include "grid/kcidb.h"
#include "store/result_file.h"
#include "store/selector.h"
#include "store/store.h"
#include "sys/safe_files.h"

namespace schedlab {

namespace {

// The KCIDB options checked, and the checkout's identity they give.
grid::CheckoutIdentity check_kcidb_options(const ExportArgs& args) {
  if (!args.kcidb) {
    if (!args.origin.empty()) throw UsageError("--origin", args.origin, "--origin only with --kcidb");
    const grid::CheckoutIdentity& c = args.checkout;
    const std::vector<std::pair<std::string, std::string>> given = {
        {"--tree-name", c.tree_name}, {"--git-url", c.git_url}, {"--branch", c.branch}, {"--commit", c.commit},
        {"--git-tree", args.git_tree}};
    for (const auto& [option, value] : given)
      if (!value.empty()) throw UsageError("export: " + option + " describes a KCIDB checkout: only with --kcidb");
    return {};
  }
  if (args.origin.empty())
    throw UsageError("export --kcidb: --origin NAME is required: the CI system's KCIDB origin (lowercase letters, "
                     "digits and _), which prefixes every id in the document");
  if (!grid::valid_kcidb_origin(args.origin))
    throw UsageError("--origin", args.origin, "a KCIDB origin: lowercase letters, digits and _ (e.g. schedlab_lab1)");
  return export_checkout(args.checkout, args.git_tree);
}

}  // namespace

int export_command(const ExportArgs& args, const WorkloadRegistry& workloads) {
  const auto choice = to_store_choice(args.store);
  const grid::CheckoutIdentity checkout = check_kcidb_options(args);
  for (const auto& id : args.ids)
    store::parse_selector(id);  // a bad id is refused before the store is opened
  auto s = store::open_store(choice, store::Access::kRead, workloads);
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
  const ordered_json document =
      args.kcidb ? grid::kcidb_document(docs, args.origin, workloads, checkout) : store::result_file_json(docs);
  const std::string text = document.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
  if (args.json.empty()) {
    std::cout << text;
    return 0;
  }
  try {
    sys::write_file_atomically(args.json, text, 0644);
  } catch (const SystemError& e) {
    throw Error(ExitStatus::kCannotSave, fmt::format("cannot save {}: {}", args.json, e.what()));
  }
  return 0;
}

Command add_export(CLI::App& app, const CommandContext& context) {
  auto a = std::make_shared<ExportArgs>();
  auto* cmd = app.add_subcommand("export", "stored sets as a result file that compare accepts");
  bind_option(*cmd, "export", "ids", a->ids);
  bind_option(*cmd, "export", "--json", a->json);
  bind_option(*cmd, "export", "--force", a->force);
  bind_option(*cmd, "export", "--kcidb", a->kcidb);
  bind_option(*cmd, "export", "--origin", a->origin);
  bind_option(*cmd, "export", "--tree-name", a->checkout.tree_name);
  bind_option(*cmd, "export", "--git-url", a->checkout.git_url);
  bind_option(*cmd, "export", "--branch", a->checkout.branch);
  bind_option(*cmd, "export", "--commit", a->checkout.commit);
  bind_option(*cmd, "export", "--git-tree", a->git_tree);
  add_store_options(*cmd, a->store, false);
  return {cmd, [a, &context] { return export_command(*a, context.workloads); }};
}

}  // namespace schedlab
