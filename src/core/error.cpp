#include "core/error.h"

#include <fmt/format.h>

#include <cstring>

namespace schedlab {

SystemError::SystemError(const std::string& action, const std::string& object, int err)
    : Error(ExitStatus::kWorkloadFailed,
            fmt::format("{} '{}' failed: {} (errno {})", action, object, std::strerror(err), err)),
      err_(err) {}

}  // namespace schedlab
