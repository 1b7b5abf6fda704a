#pragma once
// --lava as a result destination: the final sets as lava-test-cases and as
// a result block in the job's log (grid/lava_report.h), for run, suite and
// check alike.
#include <exception>
#include <ostream>
#include <string>
#include <vector>

#include "grid/lava_report.h"
#include "runner/result_sink.h"

namespace schedlab::grid {

class LavaTestCaseSink final : public ResultSink {
 public:
  // `tool` "" (no --lava): a sink that reports nothing.  `prefix` names
  // the cases (set_cases), `block` the result block; `created` is the
  // result file's time.
  LavaTestCaseSink(std::string tool, std::string prefix, std::string block, std::string created, std::ostream& out);

  // A case reported after the sets' own (check's verdict).
  void add_case(LavaCase c) { extra_.push_back(std::move(c)); }
  // An empty block is printed too (run prints one for every run), unless
  // asked not to (check prints none when it skipped before a batch).
  void skip_empty_block() { skip_empty_ = true; }

  void save(const std::vector<ResultSet>&) noexcept override {}
  void finish(const std::vector<ResultSet>& sets) noexcept override;
  std::string failure() const override;
  // Rethrows what made finish() fail (lava-test-case could not be started),
  // as the command used to throw it.
  void rethrow_failure() const;

 private:
  std::string tool_, prefix_, block_, created_;
  std::ostream& out_;
  std::vector<LavaCase> extra_;
  bool skip_empty_ = false;
  std::exception_ptr error_;
};

}  // namespace schedlab::grid
