#pragma once
#include "scenario/change.h"
#include "scenario/journal.h"

namespace schedlab {

// Owns one change to the system: journals it on construction (before the
// caller makes it) and undoes it on destruction — on success, error,
// exception and interrupt alike.  Destruction never throws; a failed undo is
// reported on stderr and stays in the journal for `schedlab restore`.
class ChangeGuard {
 public:
  ChangeGuard(Journal& journal, Change change);
  ~ChangeGuard();
  ChangeGuard(const ChangeGuard&) = delete;
  ChangeGuard& operator=(const ChangeGuard&) = delete;

  // The change was not made after all (the write was refused): forget it
  // without undoing.
  void dismiss();
  const Change& change() const { return change_; }

 private:
  Journal& journal_;
  Change change_;
  int id_;
  bool active_ = true;
};

}  // namespace schedlab
