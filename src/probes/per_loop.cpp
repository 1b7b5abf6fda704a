#include "probes/per_loop.h"

namespace schedlab {

std::vector<MetricSpec> counted_metric(const std::string& name, const std::string& unit,
                                       const std::string& description) {
  return {{name, unit, Better::kLower, description + " over the window"},
          {name + "_per_loop", unit + "/loop", Better::kLower, description + " per loop"}};
}

void set_counted(MetricValues& values, const std::string& name, double value, double loops) {
  values.set(name, value);
  if (loops > 0) values.set(name + "_per_loop", value / loops);
}

}  // namespace schedlab
