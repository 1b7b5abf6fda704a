#pragma once
#include <memory>
#include <vector>

#include "scenario/change_guard.h"

namespace schedlab {

// Guards released in reverse order of creation (a std::vector destroys its
// elements front to back, which would remove a cgroup's parent before the
// cgroup).
class GuardStack {
 public:
  GuardStack() = default;
  GuardStack(const GuardStack&) = delete;
  GuardStack& operator=(const GuardStack&) = delete;
  ~GuardStack() {
    while (!guards_.empty()) guards_.pop_back();
  }
  ChangeGuard& push(Journal& journal, Change change) {
    guards_.push_back(std::make_unique<ChangeGuard>(journal, std::move(change)));
    return *guards_.back();
  }

 private:
  std::vector<std::unique_ptr<ChangeGuard>> guards_;
};

}  // namespace schedlab
