#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/result.h"

namespace schedlab {

// What a probe needs to know about the run it brackets.
struct ProbeContext {
  std::vector<int> cpu_set;  // the CPUs the copies may use
};

// Brackets every measurement window: begin() right before the window opens,
// end() right after it closes.  Probes that the kernel refuses degrade to
// reporting nothing rather than failing the run.
class Probe {
 public:
  virtual ~Probe() = default;
  virtual std::string name() const = 0;
  virtual const std::vector<MetricSpec>& metrics() const = 0;
  virtual void begin(const ProbeContext& context) = 0;
  virtual void end(MetricValues& values) = 0;
};

// The probes every run uses, in report order.
std::vector<std::unique_ptr<Probe>> builtin_probes();

}  // namespace schedlab
