// `schedlab export ID... [--json FILE] [--store URL]`: stored sets as a
// result file, each set exactly as it was recorded.
#include <fstream>
#include <iostream>

#include "cli/store_commands.h"
#include "core/error.h"
#include "report/result_file.h"
#include "store/selector.h"

namespace schedlab {

int export_command(const ExportArgs& args) {
  const auto choice = to_store_choice(args.store);
  for (const auto& id : args.ids)
    store::parse_selector(id);  // a bad id is refused before the store is opened
  if (!args.json.empty()) check_writable("--json", args.json);
  auto s = store::open_store(choice, store::Access::kRead);
  std::vector<store::SetDocument> docs;
  for (const auto& id : args.ids)
    for (auto& doc : store::select_sets(*s, id, "")) docs.push_back(std::move(doc));
  const std::string text = store::result_file_json(docs).dump(2) + "\n";
  if (args.json.empty()) {
    std::cout << text;
    return 0;
  }
  std::ofstream out(args.json);
  out << text;
  if (!out.flush()) throw SystemError("export: write", args.json, errno);
  return 0;
}

}  // namespace schedlab
