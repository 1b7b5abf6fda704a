#pragma once
// Several sinks as one, in order: the result file first, then the store,
// so that the store's message can say whether the file holds the sets too.
#include <string>
#include <vector>

#include "runner/result_sink.h"

namespace schedlab {

class SinkSet final : public ResultSink {
 public:
  explicit SinkSet(std::vector<ResultSink*> sinks) : sinks_(std::move(sinks)) {}
  void save(const std::vector<ResultSet>& sets) noexcept override {
    for (auto* s : sinks_) s->save(sets);
  }
  void finish(const std::vector<ResultSet>& sets) noexcept override {
    for (auto* s : sinks_) s->finish(sets);
  }
  // Every failure, one after another.
  std::string failure() const override {
    std::string all;
    for (const auto* s : sinks_)
      if (auto f = s->failure(); !f.empty()) all += (all.empty() ? "" : "; ") + f;
    return all;
  }
  bool keeps() const override {
    for (const auto* s : sinks_)
      if (s->keeps()) return true;
    return false;
  }

 private:
  std::vector<ResultSink*> sinks_;
};

}  // namespace schedlab
