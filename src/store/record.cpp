#include "store/record.h"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "core/secrets.h"
#include "store/result_file.h"
#include "sys/safe_files.h"

namespace schedlab::store {
namespace {

namespace fs = std::filesystem;

std::vector<Recorded> record_all(const StoreChoice& choice, const std::vector<SetDocument>& docs,
                                 const WorkloadRegistry& workloads) {
  auto store = open_store(choice, Access::kWrite, workloads);
  std::vector<Recorded> out;
  out.reserve(docs.size());
  for (const auto& doc : docs) out.push_back(store->record(doc));
  return out;
}

struct Spool {
  std::string path;  // empty when no spool file could be written
  std::string why;   // then: the last reason
};

// The first spool directory that takes the file: beside the default store,
// then /tmp (the data directory's disk may be the full one).
Spool write_spool(const std::vector<SetDocument>& docs) {
  std::string stamp = docs.front().created;
  std::erase_if(stamp, [](char c) { return c == ':' || c == '-'; });
  Spool spool;
  for (const std::string& dir : {data_directory() + "/spool", std::string("/tmp")}) {
    const std::string path = fmt::format("{}/schedlab-spool-{}-{}.json", dir, stamp, getpid());
    try {
      std::error_code ec;
      fs::create_directories(dir, ec);
      sys::write_file_atomically(path, result_file_json(docs).dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n", 0644);
      return {path, ""};
    } catch (const std::exception& e) {
      spool.why = e.what();
    }
  }
  return spool;
}

// One line: what failed, and where the sets are now.  The failure may
// quote the store's URL: it is masked like every message (core/secrets.h).
void say_kept(const std::string& raw_failure, size_t sets, const std::optional<std::string>& kept_in,
              const Spool& spool) {
  const std::string failure = redact_secrets(raw_failure);
  const std::string also = kept_in ? fmt::format(" ({} holds them too)", *kept_in) : "";
  if (!spool.path.empty())
    std::cerr << fmt::format("schedlab: {}; the {} result set(s) are kept in {}: load them later with "
                             "'schedlab import {}'{}\n",
                             failure, sets, spool.path, spool.path, also);
  else if (kept_in)
    std::cerr << fmt::format("schedlab: {}; the {} result set(s) are kept in {}: load them later with "
                             "'schedlab import {}' (no spool file: {})\n",
                             failure, sets, *kept_in, *kept_in, spool.why);
  else
    std::cerr << fmt::format("schedlab: {}; writing a spool file failed too ({}): the {} result set(s) "
                             "are not kept\n",
                             failure, spool.why, sets);
}

std::string ids_text(const std::vector<Recorded>& recorded) {
  std::string ids;
  for (const auto& r : recorded)
    ids += fmt::format("{}{}{}", ids.empty() ? "" : ", ", r.id, r.added ? "" : " (already there)");
  return ids;
}

}  // namespace

RecordOutcome record_result_sets(const StoreChoice& choice, const ResultFile& file, const RecordContext& context) {
  std::vector<SetDocument> docs;
  for (const auto& set : file.sets) docs.push_back({ordered_json(set), file.created});
  return record_set_documents(choice, docs, context);
}

RecordOutcome record_set_documents(const StoreChoice& choice, const std::vector<SetDocument>& docs,
                                   const RecordContext& context) {
  if (choice.kind == StoreChoice::Kind::kNone || docs.empty()) return {};
  try {
    auto recorded = record_all(choice, docs, context.workloads);
    if (context.say)
      *context.say << fmt::format("stored: set{} {} in {}\n", recorded.size() > 1 ? "s" : "",
                                  ids_text(recorded), describe(choice));
    return {std::move(recorded), ""};
  } catch (const std::exception& e) {
    const Spool spool = write_spool(docs);
    say_kept(e.what(), docs.size(), context.kept_in, spool);
    return {{}, spool.path};
  }
}

}  // namespace schedlab::store
