#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "flows/kernels_request.h"
#include "flows/check_kernel.h"
#include "guest/kernels_run.h"
#include "store/result_file.h"

namespace schedlab {

// The baseline's first PASS set, which must come from a guest (UsageError
// naming --kernel otherwise), and the shape its guest had: as `kernels`'
// option texts (vcpus, memory, host_cpus, append, accel; the append vetted),
// and checked against this host.
const ResultSet& baseline_guest_set(const ResultFile& file, const std::string& path);
KernelsTexts baseline_shape_texts(const ordered_json& guest_block);
guest::GuestShape baseline_guest_shape(const ordered_json& guest_block);

// Everything checked before the boot, reading only (a dry run stops
// here); throws UsageError (check exits 255) when the kernel or a file is
// unusable or the baseline was not measured in a guest.
GuestCheck prepare_guest_check(const Registries& registries, const CheckOptions& options,
                               const std::vector<std::string>& argv);

}  // namespace schedlab
