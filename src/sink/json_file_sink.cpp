#include "sink/json_file_sink.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>

#include "compare/spec_check.h"
#include "core/error.h"
#include "store/result_file.h"
#include "runner/runner.h"
#include "sys/safe_files.h"

namespace schedlab {

JsonFileSink::JsonFileSink(std::optional<std::string> path, std::string created, std::vector<ResultSet> earlier)
    : path_(std::move(path)), created_(std::move(created)), earlier_(std::move(earlier)) {}

void JsonFileSink::save(const std::vector<ResultSet>& sets) noexcept {
  write([&] {
    std::vector<ResultSet> all = earlier_;
    all.insert(all.end(), sets.begin(), sets.end());
    write_result_file(*path_, {created_, all});
  });
}

void JsonFileSink::finish_documents(const std::vector<store::SetDocument>& docs) noexcept {
  write([&] {
    const ordered_json file = store::result_file_json(docs);
    sys::write_file_atomically(*path_, file.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n",
                               0644);
  });
}

void JsonFileSink::write(const std::function<void()>& write_file) noexcept {
  if (!path_) return;
  try {
    write_file();
    failure_.clear();  // a later save that works puts an earlier failure right
    saved_ = true;
  } catch (const std::exception& e) {
    failure_ = fmt::format("the result file {} could not be written: {}", *path_, e.what());
    saved_ = false;
  }
}

JsonFileSink run_result_file(const RunOptions& o, const Experiment& e, std::string created,
                             const WorkloadRegistry& workloads) {
  if (o.append && o.force_write) throw UsageError("--append: cannot be combined with --force");
  struct stat st {};
  if (!o.json_path || !o.append || lstat(o.json_path->c_str(), &st) != 0)
    return JsonFileSink(o.json_path, std::move(created));
  std::vector<ResultSet> earlier = read_result_file(*o.json_path, workloads).sets;
  std::vector<ResultSet> all = earlier;
  for (const auto& v : e.variants)
    all.push_back(describe_set(v, probes_of(v), e.seed, e.variants.size() > 1));
  if (const auto diffs = spec_differences(all, workloads); !diffs.empty())
    throw UsageError(fmt::format("--append: {} holds another workload spec: {} (a comparison of these sets "
                                 "would be refused; write another file)",
                                 *o.json_path, fmt::join(diffs, "; ")));
  return JsonFileSink(o.json_path, std::move(created), std::move(earlier));
}

std::optional<std::string> JsonFileSink::written() const {
  if (path_ && saved_) return path_;
  return std::nullopt;
}

}  // namespace schedlab
