#include "scenario/change_guard.h"

#include <cstdio>

namespace schedlab {

ChangeGuard::ChangeGuard(Journal& journal, Change change)
    : journal_(journal), change_(std::move(change)), id_(journal_.add(change_)) {}

ChangeGuard::~ChangeGuard() {
  if (!active_) return;
  const std::string problem = undo_change(change_);
  if (!problem.empty()) {
    std::fprintf(stderr, "schedlab: could not restore %s: %s (kept in %s for 'schedlab restore')\n",
                 change_.what.c_str(), problem.c_str(), journal_.path().c_str());
    return;
  }
  journal_.forget(id_);
}

void ChangeGuard::dismiss() {
  if (active_) journal_.forget(id_);
  active_ = false;
}

}  // namespace schedlab
