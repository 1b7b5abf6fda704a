#include "scenario/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

bool same_process_alive(long pid, unsigned long long start_time) {
  auto now = sys::start_time_of(static_cast<pid_t>(pid));
  return now && *now == start_time;
}

RestoreReport restore_one(const fs::path& file) {
  RestoreReport report;
  report.journal = file.string();
  nlohmann::json j;
  try {
    std::ifstream in(file);
    j = nlohmann::json::parse(in);
    report.pid = j.at("pid").get<long>();
    if (same_process_alive(report.pid, j.at("start_time").get<unsigned long long>())) return {};
  } catch (const std::exception& e) {
    report.failed.push_back(file.string() + ": unreadable journal: " + e.what());
    return report;
  }
  const auto& changes = j.at("changes");
  for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
    const Change change = it->get<Change>();
    std::string problem = undo_change(change);
    if (problem.empty()) report.undone.push_back(change.what);
    else report.failed.push_back(problem);
  }
  if (report.failed.empty()) {
    fs::remove(file);
    rmdir(file.parent_path().c_str());  // only succeeds when no other journal is left
  }
  return report;
}

}  // namespace

std::string default_journal_dir() {
  if (geteuid() == 0) return "/run/schedlab";
  if (const char* xdg = std::getenv("XDG_RUNTIME_DIR"); xdg && *xdg)
    return std::string(xdg) + "/schedlab";
  return "/tmp/schedlab-" + std::to_string(getuid());
}

Journal::Journal(std::string dir)
    : dir_(std::move(dir)), path_(dir_ + "/" + std::to_string(getpid()) + ".json") {}

Journal::~Journal() {
  if (changes_.empty()) remove_file();
}

// The file, and the directory when nothing else is in it, so an undone run
// leaves no trace (rmdir fails harmlessly while other journals exist).
void Journal::remove_file() {
  unlink(path_.c_str());
  rmdir(dir_.c_str());
}

int Journal::add(const Change& change) {
  changes_.emplace_back(next_id_, change);
  try {
    flush();
  } catch (...) {
    changes_.pop_back();
    throw;
  }
  return next_id_++;
}

void Journal::forget(int id) {
  std::erase_if(changes_, [id](const auto& entry) { return entry.first == id; });
  try {
    flush();
  } catch (const std::exception&) {
    // The change is undone; a journal left behind only re-applies undos,
    // which are idempotent.
  }
}

void Journal::flush() {
  if (changes_.empty()) {
    remove_file();
    return;
  }
  std::error_code ec;
  fs::create_directories(dir_, ec);
  nlohmann::json j = {{"pid", getpid()},
                      {"start_time", sys::start_time_of(getpid()).value_or(0)},
                      {"changes", nlohmann::json::array()}};
  for (const auto& [id, change] : changes_) j["changes"].push_back(change);
  const std::string tmp = path_ + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out.flush()) throw SystemError("journal: write", tmp, errno);
  }
  if (rename(tmp.c_str(), path_.c_str()) != 0) throw SystemError("journal: rename", path_, errno);
}

std::vector<RestoreReport> restore_stale_journals(const std::string& dir) {
  std::vector<RestoreReport> reports;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    RestoreReport r = restore_one(entry.path());
    if (!r.journal.empty()) reports.push_back(std::move(r));
  }
  return reports;
}

}  // namespace schedlab
