#pragma once
// What every refusal of the input module throws: bad input, exit status 2
// (255 under check), one line naming the input and what was wrong.
#include <string>

#include "core/error.h"

namespace schedlab::input {

class InputError : public UsageError {
 public:
  // "WHAT: WHY", e.g. "--template 'job.yaml': more than 100000 YAML nodes".
  InputError(const std::string& what, const std::string& why) : UsageError(what + ": " + why), why_(why) {}
  // The reason alone ("nested deeper than 256 levels"), for a caller that
  // names the input its own way.
  const std::string& why() const { return why_; }

 private:
  std::string why_;
};

}  // namespace schedlab::input
