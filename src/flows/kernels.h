#pragma once
// `schedlab kernels` as a flow over its typed request: the accelerator
// chosen, the boots run in randomized blocks, one set per kernel delivered
// to the result file and the store (result sinks).  cli/kernels_command.cpp
// binds the command line to the request (flows/kernels_request.h).
#include <optional>
#include <string>

#include "guest/kernels_run.h"
#include "store/store_choice.h"

namespace schedlab {

// Everything checked before the first boot, except the accelerator (its
// probe boots a guest).
struct KernelsRequest {
  guest::KernelsPlan plan;
  std::optional<guest::Accel> accel;  // --accel
  std::optional<std::string> json;
  bool quiet = false;
  store::StoreChoice store;
  std::string cache_dir;  // initramfs images and the KVM probe's verdict
};

class Session;
// Boots, prints each boot and the comparison, delivers the sets; in the
// caller's `session`, made before the request wrote its initramfs to the
// cache.  Returns 0; throws Error with the exit status, Interrupted on a
// terminating signal.
int run_kernels_flow(const Registries& registries, KernelsRequest& request, Session& session);

}  // namespace schedlab
