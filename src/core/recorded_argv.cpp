#include "core/recorded_argv.h"

#include "core/secrets.h"

namespace schedlab {

RecordedArgv::RecordedArgv(const std::vector<std::string>& argv) {
  words_.reserve(argv.size());
  for (const auto& word : argv) words_.push_back(redact_secrets(word));
}

}  // namespace schedlab
