// `schedlab import FILE... [--store URL]`: result files into the store.
// Every file is read and checked before the first write, so a bad file
// changes nothing; sets already stored (same content) are skipped and said.
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/command_options.h"
#include "cli/store_commands.h"
#include "store/result_file.h"
#include "store/store_choice.h"

namespace schedlab {
namespace {

std::string ids_of(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (auto id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
  return out;
}

void import_file(store::Store& s, const std::string& path, const std::vector<store::SetDocument>& docs) {
  std::vector<std::int64_t> added, skipped;
  for (const auto& doc : docs) {
    const auto r = s.record(doc);
    (r.added ? added : skipped).push_back(r.id);
  }
  std::string line = fmt::format("{}: {} set{}", path, docs.size(), docs.size() == 1 ? "" : "s");
  if (!added.empty()) line += fmt::format(", added as {}", ids_of(added));
  if (!skipped.empty()) line += fmt::format(", {} already stored (skipped: {})", skipped.size(), ids_of(skipped));
  std::cout << line << "\n";
}

}  // namespace

int import_command(const ImportArgs& args, const WorkloadRegistry& workloads) {
  const auto choice = to_store_choice(args.store);
  std::vector<std::vector<store::SetDocument>> files;
  for (const auto& path : args.files) files.push_back(store::documents_of(read_result_json(path, workloads)));
  auto s = store::open_store(choice, store::Access::kWrite, workloads);
  for (size_t i = 0; i < files.size(); ++i) import_file(*s, args.files[i], files[i]);
  return 0;
}

Command add_import(CLI::App& app, const CommandContext& context) {
  auto a = std::make_shared<ImportArgs>();
  auto* import = app.add_subcommand("import", "load result files into the store (sets already there are skipped)");
  bind_option(*import, "import", "files", a->files);
  add_store_options(*import, a->store, false);
  return {import, [a, &context] { return import_command(*a, context.workloads); }};
}

}  // namespace schedlab
