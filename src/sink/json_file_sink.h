#pragma once
// The result file (--json): rewritten whole after every run, so nothing
// measured is lost to a crash, and never half-written (sys/safe_files).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runner/result_sink.h"
#include "store/set_document.h"

namespace schedlab {

class JsonFileSink final : public ResultSink {
 public:
  // No file: a sink that keeps nothing.  `earlier`: sets the file already
  // held (--append), written before the new ones.
  JsonFileSink(std::optional<std::string> path, std::string created, std::vector<ResultSet> earlier = {});

  void save(const std::vector<ResultSet>& sets) noexcept override;
  // Collected sets (lava collect) as documents, each written exactly as it
  // is, fields this build does not model included (the `lava` block); the
  // sets given at construction are not written with them.
  void finish_documents(const std::vector<store::SetDocument>& docs) noexcept;
  std::string failure() const override { return failure_; }
  bool keeps() const override { return written().has_value(); }
  // The file, when the last save wrote it.
  std::optional<std::string> written() const;

 private:
  // Runs `write_file` when there is a file, keeping its failure.
  void write(const std::function<void()>& write_file) noexcept;

  std::optional<std::string> path_;
  std::string created_;
  std::vector<ResultSet> earlier_;
  std::string failure_;
  bool saved_ = false;
};

// The result file of `run` as its options ask: none without --json; with
// --append, the file's sets kept and written first, after the same spec
// check as compare over `workloads` (UsageError when they hold another spec).  The path
// itself was checked while the command line was parsed
// (cli/path_options.h).
struct RunOptions;
struct Experiment;
JsonFileSink run_result_file(const RunOptions& options, const Experiment& experiment, std::string created,
                             const WorkloadRegistry& workloads);

}  // namespace schedlab
