#pragma once
// The result store (SQLite, PostgreSQL): the final sets, once.  When the
// store cannot take them they go to a spool file (store/record.h), so a
// store that is down never costs a measurement.
#include <ostream>
#include <string>
#include <vector>

#include "runner/result_sink.h"
#include "store/store_choice.h"

namespace schedlab {

class JsonFileSink;

class StoreSink final : public ResultSink {
 public:
  // `file`: the run's result file sink, named in a failure message when it
  // holds the sets too; `say`: where to say which ids the sets got.
  StoreSink(store::StoreChoice choice, std::string created, const JsonFileSink* file, std::ostream* say);

  void save(const std::vector<ResultSet>&) noexcept override {}
  void finish(const std::vector<ResultSet>& sets) noexcept override;

 private:
  store::StoreChoice choice_;
  std::string created_;
  const JsonFileSink* file_;
  std::ostream* say_;
};

}  // namespace schedlab
