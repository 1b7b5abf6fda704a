#pragma once
// The result store (SQLite, PostgreSQL): the final sets, once (`created`
// is their result file's time; documents carry their own).  When the
// store cannot take them they go to a spool file (store/record.h), so a
// store that is down never costs a measurement.
#include <ostream>
#include <string>
#include <vector>

#include "runner/result_sink.h"
#include "store/set_document.h"
#include "store/store_choice.h"

namespace schedlab {

class JsonFileSink;

class StoreSink final : public ResultSink {
 public:
  // `workloads`: what the store computes spec ids with (outlives the sink);
  // `file`: the run's result file sink, named in a failure message when it
  // holds the sets too; `say`: where to say which ids the sets got.
  StoreSink(store::StoreChoice choice, const WorkloadRegistry& workloads, std::string created,
            const JsonFileSink* file, std::ostream* say);

  void save(const std::vector<ResultSet>&) noexcept override {}
  void finish(const std::vector<ResultSet>& sets) noexcept override;
  // Stored, or spooled when the store could not take them.
  bool keeps() const override { return kept_; }
  // Collected sets (lava collect) as documents, each recorded exactly as it
  // is, fields this build does not model included (the `lava` block).
  void finish_documents(const std::vector<store::SetDocument>& docs) noexcept;

 private:
  store::StoreChoice choice_;
  const WorkloadRegistry& workloads_;
  std::string created_;
  const JsonFileSink* file_;
  std::ostream* say_;
  bool kept_ = false;
};

}  // namespace schedlab
