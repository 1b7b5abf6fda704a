#include "grid/lava_case_sink.h"

namespace schedlab::grid {

LavaTestCaseSink::LavaTestCaseSink(std::string tool, std::string prefix, std::string block, std::string created,
                                   std::ostream& out)
    : tool_(std::move(tool)), prefix_(std::move(prefix)), block_(std::move(block)), created_(std::move(created)),
      out_(out) {}

void LavaTestCaseSink::finish(const std::vector<ResultSet>& sets) noexcept {
  if (tool_.empty()) return;
  try {
    std::vector<LavaCase> cases = set_cases(sets, prefix_);
    cases.insert(cases.end(), extra_.begin(), extra_.end());
    report_cases(tool_, cases, out_);
    if (!(skip_empty_ && sets.empty())) print_result_block({created_, sets}, block_, out_);
  } catch (...) {  // kept for the command: the other sinks have their sets first
    error_ = std::current_exception();
  }
}

std::string LavaTestCaseSink::failure() const {
  if (!error_) return "";
  try {
    std::rethrow_exception(error_);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "lava-test-case failed";
  }
}

void LavaTestCaseSink::rethrow_failure() const {
  if (error_) std::rethrow_exception(error_);
}

}  // namespace schedlab::grid
