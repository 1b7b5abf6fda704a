#include "report/progress.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "core/terminal_text.h"

namespace schedlab {

namespace {

// The line's own control codes reach the terminal; the text in between has
// passed through terminal_safe (core/terminal_text.h).
std::ostream& controls(std::ostream* out) { return out == &std::cerr ? terminal_controls() : *out; }

}  // namespace

void ProgressLine::show(const std::string& text) {
  if (!out_) return;
  controls(out_) << "\r" << terminal_safe(text) << "\033[K" << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!out_ || !shown_) return;
  controls(out_) << "\r\033[K" << std::flush;
  shown_ = false;
}

std::string format_eta(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
}

void ExperimentClock::plan(const std::vector<ResultSet>& sets) {
  total_ = 0;
  for (const auto& set : sets) {
    const auto& r = set.scenario.requested;
    total_ += r.value("runs", 0) + r.value("warmup_runs", 0);
    const double window = r.contains("duration_s") && r.at("duration_s").is_number()
                              ? r.at("duration_s").get<double>()
                              : 0;
    nominal_s_ = r.value("warmup_s", 0.0) + window;
  }
}

void ExperimentClock::run_started() { started_ = std::chrono::steady_clock::now(); }

void ExperimentClock::run_finished() {
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  ++done_;
  overhead_s_ += (std::max(0.0, took - nominal_s_) - overhead_s_) / done_;  // running mean
}

double ExperimentClock::remaining(double elapsed_in_run) const {
  const double per_run = nominal_s_ + overhead_s_;
  const int left = std::max(0, total_ - done_ - 1);
  return left * per_run + std::max(0.0, per_run - elapsed_in_run);
}

}  // namespace schedlab
