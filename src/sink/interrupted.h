#pragma once
// What a flow throws when a signal stopped its experiment, once every sink
// has the sets: the result file's failure is said first (the interrupt
// ends the command before the failure's own exit status would), and the
// exception says whether completed runs were kept (Interrupted::runs_kept).
#include <vector>

#include "core/error.h"
#include "core/result.h"
#include "runner/result_sink.h"
#include "sink/json_file_sink.h"

namespace schedlab {

Interrupted interrupted_after(int signal_number, const std::vector<ResultSet>& sets, const JsonFileSink& file,
                              const ResultSink& sinks);

}  // namespace schedlab
