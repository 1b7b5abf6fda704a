#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "runner/runner.h"

namespace schedlab {

// Where `run` writes its result file, decided before anything is measured:
// a new file; an existing one only with --force (replaced) or --append (its
// sets kept, the new ones added after the same spec checks as compare).  A
// bisect baseline is one typo away from being overwritten.  save() rewrites
// the file after every run, so nothing measured is lost.
class ResultSink {
 public:
  // Throws UsageError for an existing file without --force/--append, or an
  // --append whose file holds another workload spec (unless --force too).
  ResultSink(const RunOptions& options, const Experiment& experiment);

  // Writes the file's earlier sets (--append) and `sets`; throws
  // Error(kCannotSave) saying which file could not be written.
  void save(const std::string& created, const std::vector<ResultSet>& sets) const;

 private:
  std::optional<std::string> path_;
  std::vector<ResultSet> earlier_;
};

}  // namespace schedlab
