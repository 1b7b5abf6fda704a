#include "store/result_file.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/error.h"
#include "input/files.h"
#include "store/set_document.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

// A file's spec ids are recomputed wherever they are used (the store's
// column, compare's spec check), never read from it; a set that records
// one (history --json's rows do, another tool may) must record the one its
// spec gives, else the file is not what it says.
void check_recorded_spec_ids(const ordered_json& file, const WorkloadRegistry& workloads) {
  const ordered_json& sets = file.at("sets");
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!sets[i].contains("spec_id")) continue;
    const std::string id = store::stored_spec_id({sets[i], ""}, workloads);
    if (sets[i].at("spec_id") != id)
      throw std::runtime_error(fmt::format("set {}: its spec_id is not the spec it records ({})", i + 1, id));
  }
}

}  // namespace

void write_result_file(const std::string& path, const ResultFile& file) {
  const ordered_json j = file;
  // Text that is not UTF-8 (a label, a command's argument) is written with
  // U+FFFD in its place: a measured run is never lost to serialisation.
  sys::write_file_atomically(path, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n",
                             0644);
}

ResultFile read_result_file(const std::string& path, const WorkloadRegistry& workloads) {
  return result_file_from_json(read_result_json(path, workloads));
}

ordered_json read_result_json(const std::string& path, const WorkloadRegistry& workloads) {
  const std::string text = input::read_named_file(path, input::kResultFile);
  try {
    auto j = parse_result_text(text);
    result_file_from_json(j);  // throws on the first problem
    check_recorded_spec_ids(j, workloads);
    return j;
  } catch (const std::exception& e) {
    throw UsageError(path + ": not a valid schedlab result file: " + e.what());
  }
}

}  // namespace schedlab
