#pragma once
// Where an experiment's result sets go: a result file, the store, several
// at once (src/sink/).  The runner hands every sink the sets after every
// run; the command hands them the final sets once.  A sink never throws: one
// that fails (a full disk) keeps its failure for the command to report after
// every other sink has its sets, so no measured run is lost to another's
// failure.
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // The sets as they stand after a run; called after every run.
  virtual void save(const std::vector<ResultSet>& sets) noexcept = 0;
  // The sets as the experiment ended; called once, after the last save.
  virtual void finish(const std::vector<ResultSet>& sets) noexcept { save(sets); }
  // "" or what went wrong and was not put right by a later save.
  virtual std::string failure() const { return ""; }
  // Whether the sets it was last given are kept where the user finds them
  // after the command (a file, the store or its spool), for what an
  // interrupted command says.
  virtual bool keeps() const { return false; }
};

// A sink that keeps nothing (check keeps its evidence itself).
class NoSink final : public ResultSink {
 public:
  void save(const std::vector<ResultSet>&) noexcept override {}
};

}  // namespace schedlab
