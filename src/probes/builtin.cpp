#include "probes/probe.h"

namespace schedlab {

std::unique_ptr<Probe> make_proc_stat_probe();

std::vector<std::unique_ptr<Probe>> builtin_probes() {
  std::vector<std::unique_ptr<Probe>> probes;
  probes.push_back(make_proc_stat_probe());
  return probes;
}

}  // namespace schedlab
