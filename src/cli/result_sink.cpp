#include "cli/result_sink.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>

#include "compare/spec_check.h"
#include "core/error.h"
#include "probes/probe_set.h"
#include "report/result_file.h"

namespace schedlab {
namespace {

// A symlink counts, dangling or not: --force replaces it, never its target.
bool exists(const std::string& path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0;
}

}  // namespace

ResultSink::ResultSink(const RunOptions& o, const Experiment& e) : path_(o.json_path) {
  if (!path_) return;
  check_writable("--json", *path_);
  if (o.append && o.force_write) throw UsageError("--append: cannot be combined with --force");
  if (!exists(*path_)) return;
  if (!o.append && !o.force_write)
    throw UsageError("--json", *path_,
                     "a new file (this one exists: --force replaces it, --append adds the new sets to it)");
  if (!o.append) return;
  earlier_ = read_result_file(*path_).sets;
  std::vector<ResultSet> all = earlier_;
  for (const auto& v : e.variants)
    all.push_back(describe_set(v, ProbeSet(v.options().probes), e.seed, e.variants.size() > 1));
  if (const auto diffs = spec_differences(all); !diffs.empty())
    throw UsageError(fmt::format("--append: {} holds another workload spec: {} (a comparison of these sets "
                                 "would be refused; write another file)",
                                 *path_, fmt::join(diffs, "; ")));
}

void ResultSink::save(const std::string& created, const std::vector<ResultSet>& sets) const {
  if (!path_) return;
  std::vector<ResultSet> all = earlier_;
  all.insert(all.end(), sets.begin(), sets.end());
  try {
    write_result_file(*path_, {created, all});
  } catch (const SystemError& e) {
    throw Error(ExitStatus::kCannotSave,
                fmt::format("cannot save the result file: {}; the runs measured so far are not saved", e.what()));
  }
}

}  // namespace schedlab
