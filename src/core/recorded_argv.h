#pragma once
// The command line a result set records (its `argv`).  It is kept in
// result files, store rows, spool files and reports, which other people
// read, so it can only be built through redact_secrets: a password typed
// in --store (or any other argument) is masked before anything holds it,
// and a file written before masking existed is masked as it is read.
#include <string>
#include <vector>

namespace schedlab {

class RecordedArgv {
 public:
  RecordedArgv() = default;
  // Each argument through redact_secrets (core/secrets.h).
  explicit RecordedArgv(const std::vector<std::string>& argv);

  const std::vector<std::string>& words() const { return words_; }
  bool empty() const { return words_.empty(); }
  bool operator==(const RecordedArgv&) const = default;

 private:
  std::vector<std::string> words_;
};

}  // namespace schedlab
