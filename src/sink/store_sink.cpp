#include "sink/store_sink.h"

#include "sink/json_file_sink.h"
#include "store/record.h"

namespace schedlab {

StoreSink::StoreSink(store::StoreChoice choice, const WorkloadRegistry& workloads, std::string created,
                     const JsonFileSink* file, std::ostream* say)
    : choice_(std::move(choice)), workloads_(workloads), created_(std::move(created)), file_(file), say_(say) {}

void StoreSink::finish(const std::vector<ResultSet>& sets) noexcept {
  // Interrupted or failed sets are stored too: their completed runs are
  // measurements, and their status says what became of the rest.
  try {
    kept_ = store::record_result_sets(choice_, {created_, sets}, {workloads_, file_ ? file_->written() : std::nullopt, say_})
                .kept();
  } catch (const std::exception&) {  // record_result_sets says what failed itself; it spools or says why not
  }
}

void StoreSink::finish_documents(const std::vector<store::SetDocument>& docs) noexcept {
  try {
    kept_ = store::record_set_documents(choice_, docs, {workloads_, file_ ? file_->written() : std::nullopt, say_})
                .kept();
  } catch (const std::exception&) {  // as finish(): record_set_documents spools or says why not
  }
}

}  // namespace schedlab
