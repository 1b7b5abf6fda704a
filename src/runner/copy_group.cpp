#include "runner/copy_group.h"

#include <fmt/format.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <unistd.h>

#include <algorithm>
#include <ctime>

#include "core/error.h"
#include "runner/copy_failure.h"
#include "channel/protocol.h"
#include "runner/copy_readback.h"
#include "sys/process_cpu.h"
#include "sys/reaper.h"
#include "sys/task_memory.h"
#include "sys/worker_process.h"

namespace schedlab {
namespace {

using namespace std::chrono_literals;

constexpr auto kReadyTimeout = 60s;      // a copy that never reaches the barrier is stuck
constexpr auto kStopGrace = 10s;         // for the loop in flight when the window closes
constexpr auto kPollInterval = 200ms;    // safety net in case a SIGCHLD is coalesced
// An iteration-bound copy whose loops are done may still clean up: the
// command's orphans get their grace (SL_LEFTOVER_GRACE_S), then are killed.
constexpr auto kCleanupLimit = std::chrono::seconds(SL_LEFTOVER_GRACE_S) + kStopGrace;

std::uint64_t ns(std::chrono::nanoseconds d) { return static_cast<std::uint64_t>(d.count()); }

double seconds(timeval tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6; }

// The one mode every copy runs.
sl_mode mode_of(const CopyGroupSpec& spec) {
  if (spec.args.empty() || spec.args.front().mode >= SL_MODE_COUNT)
    throw std::logic_error("copy group: no worker mode");
  for (const auto& a : spec.args)
    if (a.mode != spec.args.front().mode) throw std::logic_error("copy group: copies of different modes");
  return spec.args.front().mode;
}

}  // namespace

std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

CopyGroup::CopyGroup(const CopyGroupSpec& spec, sys::SignalGate& gate)
    : spec_(spec),
      gate_(gate),
      channel_(mode_of(spec), static_cast<int>(spec.args.size()), spec.stop, spec.counters) {
  for (size_t i = 0; i < spec.args.size(); ++i) channel_.set_config(static_cast<int>(i), spec.args[i].config);
}

size_t CopyGroup::still_running() const {
  return static_cast<size_t>(std::count(exit_status_.begin(), exit_status_.end(), -1));
}

// Only unreaped copies are signalled by pid: a reaped copy's pid (and
// process group id) may already belong to another process.  What the
// reaped ones left behind was reparented to us (subreaper) and is killed by
// kill_all_children.
CopyGroup::~CopyGroup() {
  stop_gracefully();
  const bool group_alive = still_running() > 0;
  for (size_t i = 0; i < pids_.size(); ++i)
    if (running(i)) kill(-pids_[i], SIGKILL);  // each copy's group: its own with --setsid
  if (pgid_ > 0 && group_alive) kill(-pgid_, SIGKILL);
  sys::kill_all_children();
}

// On an early exit (interrupt, error) copies still running are asked to
// stop, so they finish their loop and join their threads, for a moment
// before they are killed.
void CopyGroup::stop_gracefully() noexcept {
  if (still_running() == 0) return;
  channel_.set_phase(SL_PHASE_STOP);
  for (size_t i = 0; i < pids_.size(); ++i)
    if (running(i) && spec_.signal_at_stop) kill(pids_[i], SIGUSR1);
  const auto deadline = monotonic_ns() + 2'000'000'000ull;
  for (size_t i = 0; i < pids_.size(); ++i) {
    while (running(i) && monotonic_ns() < deadline) {
      int status = 0;
      if (waitpid(pids_[i], &status, WNOHANG) == pids_[i]) exit_status_[i] = status;
      else usleep(5000);
    }
  }
}

void CopyGroup::start() {
  launch_all();
  wait_ready();
}

void CopyGroup::launch_all() {
  if (spec_.set_affinity)
    for (const auto& p : spec_.placements) masks_.emplace_back(p.cpus);
  for (size_t i = 0; i < spec_.args.size(); ++i) {
    sys::WorkerLaunch launch;
    launch.argv = {spec_.worker_path, sl_mode_table[spec_.args[i].mode].name, std::to_string(i)};
    launch.argv.insert(launch.argv.end(), spec_.args[i].args.begin(), spec_.args[i].args.end());
    launch.shared_fd = channel_.fd();
    launch.shared_fd_number = SL_SHARED_FD;
    launch.stdout_path = spec_.args[i].stdout_path;
    launch.stderr_path = spec_.args[i].stderr_path;
    launch.stderr_fd = spec_.args[i].discard_stderr ? -1 : relay_.write_fd();
    launch.cpus = spec_.set_affinity ? &masks_[i] : nullptr;
    launch.pgid = pgid_;
    if (spec_.settings) {
      launch.setsid = spec_.settings->setsid;
      launch.cgroup_procs = spec_.settings->cgroup_procs;
      launch.sched = spec_.settings->sched ? &*spec_.settings->sched : nullptr;
    }
    try {
      pids_.push_back(sys::launch_worker(launch));
    } catch (const SystemError& e) {
      throw Error(ExitStatus::kWorkloadFailed,
                  fmt::format("copy {}: {}{}", i, e.what(),
                              e.err() == EAGAIN ? "; " + describe_fork_limits() : ""));
    }
    exit_status_.push_back(-1);
    exit_cpu_s_.push_back(0);
    if (pgid_ == 0) pgid_ = pids_.front();
  }
}

void CopyGroup::wait_ready() {
  const auto deadline = monotonic_ns() + ns(kReadyTimeout);
  for (std::uint32_t seen = channel_.ready(); seen < pids_.size(); seen = channel_.ready()) {
    if (monotonic_ns() > deadline)
      throw Error(ExitStatus::kWorkloadFailed,
                  fmt::format("only {} of {} copies reached the start barrier within {}s", seen,
                              pids_.size(), std::chrono::seconds(kReadyTimeout).count()));
    channel_.wait_ready_change(seen, 20ms);
    if (gate_.wait(0ns) == sys::SignalGate::Event::kInterrupt) gate_.throw_if_interrupted();
    reap_exited(false);
  }
}

ReadBack CopyGroup::read_back() const {
  ReadBack r;
  for (int i = 0; i < size(); ++i) {
    const auto index = static_cast<size_t>(i);
    const CopyExpectation expect{&spec_.placements[index], spec_.set_affinity, spec_.settings};
    r.copies.push_back(read_back_copy(i, pids_[index], slot(i).partner_pid, expect, r.problems));
  }
  return r;
}

Footprint CopyGroup::footprint() const {
  Footprint f;
  for (pid_t pid : pids_) {
    f.rss_kb = std::max(f.rss_kb, sys::task_rss_kb(pid).value_or(0));
    f.vmas = std::max(f.vmas, sys::task_vma_count(pid).value_or(0));
  }
  return f;
}

double CopyGroup::cpu_seconds() const {
  std::vector<pid_t> alive;
  double reaped = 0;
  for (size_t i = 0; i < pids_.size(); ++i) {
    if (running(i)) alive.push_back(pids_[i]);
    else reaped += exit_cpu_s_[i];
  }
  return reaped + sys::tree_cpu_seconds(alive);
}

std::vector<std::uint64_t> CopyGroup::snapshot() const {
  std::vector<std::uint64_t> loops(pids_.size());
  for (size_t i = 0; i < loops.size(); ++i) loops[i] = channel_.loops(static_cast<int>(i));
  return loops;
}

void CopyGroup::wait_until(std::uint64_t deadline_ns) {
  for (std::uint64_t now = monotonic_ns(); now < deadline_ns; now = monotonic_ns()) {
    auto event = gate_.wait(std::chrono::nanoseconds(deadline_ns - now));
    gate_.throw_if_interrupted();
    if (event == sys::SignalGate::Event::kChild) reap_exited(false);
  }
}

bool CopyGroup::wait_all_finished(std::chrono::nanoseconds limit) {
  const auto deadline = monotonic_ns() + ns(limit);
  while (still_running() > 0 && monotonic_ns() < deadline) {
    gate_.wait(std::min<std::chrono::nanoseconds>(kPollInterval, limit));
    gate_.throw_if_interrupted();
    reap_exited(true);
    kill_stuck_after_loops();
  }
  return still_running() == 0;
}

// The deadline of an iteration-bound run: none while a copy loops (a
// command may take hours), kCleanupLimit once its loops are done.
void CopyGroup::kill_stuck_after_loops() {
  const std::uint64_t now = monotonic_ns();
  for (size_t i = 0; i < pids_.size(); ++i) {
    const std::uint64_t done = __atomic_load_n(&slot(static_cast<int>(i)).loops_done_ns, __ATOMIC_ACQUIRE);
    if (!running(i) || done == 0 || now < done + ns(kCleanupLimit)) continue;
    kill_and_fail(i, fmt::format("{}s after its loops were done", std::chrono::seconds(kCleanupLimit).count()));
  }
}

// Kills copy `i` (what it leaves comes back to us: the destructor kills it),
// reaps it and fails the run: its counts and usage were never written.
void CopyGroup::kill_and_fail(size_t i, const std::string& when) {
  kill(pids_[i], SIGKILL);
  int status = 0;
  waitpid(pids_[i], &status, 0);
  exit_status_[i] = status;
  throw Error(ExitStatus::kWorkloadFailed,
              fmt::format("copy {}: still running {}; killed with SIGKILL (its results are lost)", i, when));
}

void CopyGroup::stop() {
  channel_.set_phase(SL_PHASE_STOP);
  if (spec_.signal_at_stop)
    for (size_t i = 0; i < pids_.size(); ++i)
      if (running(i)) kill(pids_[i], SIGUSR1);
  const auto deadline = monotonic_ns() + ns(kStopGrace);
  while (still_running() > 0) {
    if (monotonic_ns() > deadline) kill_overdue();
    gate_.wait(kPollInterval);
    gate_.throw_if_interrupted();
    reap_exited(true);
  }
}

// A copy still running a grace period after the stop is killed, and the run
// fails saying so: its counts and usage were never written.
void CopyGroup::kill_overdue() {
  for (size_t i = 0; i < pids_.size(); ++i)
    if (running(i))
      kill_and_fail(i, fmt::format("{}s after the window closed", std::chrono::seconds(kStopGrace).count()));
}

bool CopyGroup::all_done() const {
  for (int i = 0; i < size(); ++i)
    if (channel_.state(i) != SL_COPY_DONE) return false;
  return true;
}

// Outside the stop (`finishing` false) every exit is a failure, a clean
// finish included: the window decides when copies end, not the copies.
void CopyGroup::reap_exited(bool finishing) {
  for (size_t i = 0; i < pids_.size(); ++i) {
    if (!running(i)) continue;
    int status = 0;
    rusage usage{};
    if (wait4(pids_[i], &status, WNOHANG, &usage) != pids_[i]) continue;
    exit_status_[i] = status;
    exit_cpu_s_[i] = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    if (!finishing || channel_.state(static_cast<int>(i)) != SL_COPY_DONE)
      fail_copy(static_cast<int>(i), status);
  }
}

void CopyGroup::fail_copy(int index, int wait_status) const {
  std::string what = describe_copy_failure(index, slot(index), wait_status);
  const auto& err = spec_.args[static_cast<size_t>(index)].stderr_path;
  if (!err.empty()) what += describe_stderr_tail(err);
  throw Error(ExitStatus::kWorkloadFailed, what);
}

}  // namespace schedlab
