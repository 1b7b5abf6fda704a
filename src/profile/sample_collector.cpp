#include "profile/sample_collector.h"

#include <algorithm>

namespace schedlab::profile {

std::size_t RawStackHash::operator()(const RawStack& s) const noexcept {
  std::size_t h = s.comm * 0x9e3779b97f4a7c15ull;
  for (const auto& f : s.frames) h = (h ^ (f.address + f.kind * 0x100000001b3ull)) * 0x9e3779b97f4a7c15ull;
  return h;
}

SampleCollector::SampleCollector(AddressSpaces spaces, Seeder seeder)
    : spaces_(std::move(spaces)), seeder_(std::move(seeder)) {}

void SampleCollector::add(Record record) { pass_.push_back(std::move(record)); }

void SampleCollector::end_pass() {
  std::stable_sort(pass_.begin(), pass_.end(),
                   [](const Record& a, const Record& b) { return record_time(a) < record_time(b); });
  for (pid_t pid : exited_) spaces_.exit(pid);  // those of the previous pass
  exited_.clear();
  for (const auto& r : pass_) apply(r);
  pass_.clear();
}

std::uint32_t SampleCollector::comm_index(const std::string& comm) {
  if (auto it = comm_ids_.find(comm); it != comm_ids_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(comms_.size());
  comms_.push_back(comm);
  comm_ids_.emplace(comm, id);
  return id;
}

void SampleCollector::apply(const Record& record) {
  if (const auto* s = std::get_if<SampleRecord>(&record)) return sample(*s);
  if (const auto* m = std::get_if<MmapRecord>(&record)) {
    if (!m->kernel) spaces_.map(static_cast<pid_t>(m->pid), m->start, m->length, m->file_offset, m->path);
  } else if (const auto* c = std::get_if<CommRecord>(&record)) {
    const auto pid = static_cast<pid_t>(c->pid);
    if (c->exec) spaces_.exec(pid, c->comm);
    else if (c->pid == c->tid) spaces_.rename(pid, c->comm);  // a thread's name is not the process's
  } else if (const auto* t = std::get_if<TaskRecord>(&record)) {
    if (t->pid == t->ppid) return;  // a thread of the same process
    if (!t->exit) spaces_.fork(static_cast<pid_t>(t->pid), static_cast<pid_t>(t->ppid));
    else if (t->pid == t->tid) exited_.push_back(static_cast<pid_t>(t->pid));
  } else if (const auto* l = std::get_if<LostRecord>(&record)) {
    totals_.lost += l->lost;
  } else if (const auto* th = std::get_if<ThrottleRecord>(&record)) {
    totals_.throttled += th->throttled ? 1 : 0;
  }
}

void SampleCollector::sample(const SampleRecord& s) {
  const auto pid = static_cast<pid_t>(s.pid);
  if (!spaces_.known(pid) && seeder_ && unseeded_.insert(pid).second) seeder_(pid, spaces_);
  RawStack stack;
  stack.comm = comm_index(spaces_.comm(pid));
  stack.frames.reserve(s.kernel.size() + s.user.size());
  bool first = true;  // the sample's own instruction: not a return address
  for (std::uint64_t a : s.kernel) {
    stack.frames.push_back({RawFrame::kKernel, first ? a : a - 1});
    first = false;
  }
  for (std::uint64_t a : s.user) {
    const std::uint64_t at = first ? a : a - 1;
    first = false;
    if (const auto f = spaces_.resolve(pid, at)) stack.frames.push_back({RawFrame::kFile + f->file, f->offset});
    else stack.frames.push_back({RawFrame::kUnmapped, at});
  }
  ++stacks_[stack];
  ++totals_.samples;
  if (!s.kernel.empty()) ++totals_.kernel_samples;
}

}  // namespace schedlab::profile
