#include "store/record.h"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "report/result_file.h"

namespace schedlab::store {
namespace {

namespace fs = std::filesystem;

std::vector<Recorded> record_all(const StoreChoice& choice, const ResultFile& file) {
  auto store = open_store(choice, Access::kWrite);
  std::vector<Recorded> out;
  for (const auto& set : file.sets) out.push_back(store->record({ordered_json(set), file.created}));
  return out;
}

// The first spool directory that takes the file: beside the default store,
// then /tmp (the data directory's disk may be the full one).
std::string write_spool(const ResultFile& file, std::string& why) {
  std::string stamp = file.created;
  std::erase_if(stamp, [](char c) { return c == ':' || c == '-'; });
  for (const std::string& dir : {data_directory() + "/spool", std::string("/tmp")}) {
    const std::string path = fmt::format("{}/schedlab-spool-{}-{}.json", dir, stamp, getpid());
    try {
      std::error_code ec;
      fs::create_directories(dir, ec);
      write_result_file(path, file);
      return path;
    } catch (const std::exception& e) {
      why = e.what();
    }
  }
  return "";
}

std::string ids_text(const std::vector<Recorded>& recorded) {
  std::string ids;
  for (const auto& r : recorded) ids += fmt::format("{}{}{}", ids.empty() ? "" : ", ", r.id, r.added ? "" : " (already there)");
  return ids;
}

}  // namespace

std::vector<Recorded> record_result_sets(const StoreChoice& choice, const ResultFile& file,
                                         const RecordContext& context) {
  if (choice.kind == StoreChoice::Kind::kNone || file.sets.empty()) return {};
  try {
    auto recorded = record_all(choice, file);
    if (context.say)
      *context.say << fmt::format("stored: set{} {} in {}\n", recorded.size() > 1 ? "s" : "",
                                  ids_text(recorded), describe(choice));
    return recorded;
  } catch (const std::exception& e) {
    std::string kept = context.kept_in.value_or(""), why;
    if (kept.empty()) kept = write_spool(file, why);
    if (kept.empty())
      std::cerr << fmt::format("schedlab: {}; writing a spool file failed too ({}): the {} result "
                               "set(s) are not kept\n", e.what(), why, file.sets.size());
    else
      std::cerr << fmt::format("schedlab: {}; the {} result set(s) are kept in {}: load them later "
                               "with 'schedlab import {}'\n", e.what(), file.sets.size(), kept, kept);
    return {};
  }
}

}  // namespace schedlab::store
