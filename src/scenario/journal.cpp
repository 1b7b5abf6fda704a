#include "scenario/journal.h"

#include <fmt/format.h>
#include <signal.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <ostream>
#include <regex>

#include "core/error.h"
#include "input/files.h"
#include "input/json_document.h"
#include "scenario/global_lock.h"
#include "scenario/restore_policy.h"
#include "scenario/undo_mounts.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;


bool same_process_alive(long pid, unsigned long long start_time) {
  auto now = sys::start_time_of(static_cast<pid_t>(pid));
  return now && *now == start_time;
}

// What an unreadable journal still says, for undoing it by hand: every
// "what" it contains, found without parsing it as a whole.
std::string readable_whats(const std::string& text) {
  static const std::regex what("\"what\"\\s*:\\s*\"([^\"]*)\"");
  std::string out;
  for (std::sregex_iterator it(text.begin(), text.end(), what), end; it != end; ++it)
    out += (out.empty() ? "" : "; ") + (*it)[1].str();
  // A cut-short journal may have listed more than can still be read.
  if (out.empty())
    return "no change can be read from what is left of it (it may be cut short): check the sysctls, "
           "schedlab-* cgroups and trace instances by hand, then delete it";
  return "what can still be read of it lists: " + out + " (it may have listed more)";
}

// The first change of the journal that schedlab does not make, as a refusal.
std::string refused_change(const JournalRecord& record, const RestoreRoots& roots) {
  for (const auto& change : record.changes)
    if (auto why = why_not_ours(change, roots); !why.empty())
      return fmt::format("refused: {}, which is not a change schedlab makes; the journal was left in "
                         "place", why);
  return "";
}

// A journal this schedlab cannot read (another version's, with changes it
// does not know) whose writer still runs is that writer's to undo: its pid
// and start time, when they can be read at all.
bool owner_alive(const std::string& text) {
  try {
    const auto j = input::parse_json_document<nlohmann::json>(text, "a journal", input::kJournal.max_bytes);
    // Whole numbers only: converting 1e300 to long is undefined behaviour.
    const auto& pid = j.at("pid");
    const auto& start = j.at("start_time");
    if (!pid.is_number_integer() || !start.is_number_unsigned()) return false;
    return same_process_alive(pid.get<long>(), start.get<unsigned long long>());
  } catch (const std::exception&) {
    return false;
  }
}

RestoreReport restore_one(const fs::path& file, const RestoreRoots& roots) {
  RestoreReport report;
  report.journal = file.string();
  std::string text;
  JournalRecord record;
  try {
    text = input::read_packed_file(file.string(), input::kJournal).bytes;
    record = parse_journal(text);
  } catch (const std::exception& e) {
    // Another run replayed it first (a run starting, or the lock's next
    // holder): it is gone, and undone.
    std::error_code ec;
    if (!fs::exists(file, ec) && !ec) return {};
    if (owner_alive(text)) return {};
    report.failed.push_back(fmt::format("unreadable journal ({}); it was left in place: undo by hand "
                                        "what it lists and delete it; {}",
                                        e.what(), readable_whats(text)));
    return report;
  }
  report.pid = record.pid;
  if (same_process_alive(record.pid, record.start_time)) return {};
  if (auto refused = refused_change(record, roots); !refused.empty()) {
    report.failed.push_back(refused);
    return report;
  }
  const MountsForUndo mounts(record.changes, roots);  // tracefs, for an instance left after its unmount
  for (auto it = record.changes.rbegin(); it != record.changes.rend(); ++it) {
    std::string problem = undo_change(*it);
    if (problem.empty()) report.undone.push_back(it->what);
    else report.failed.push_back(problem);
  }
  if (report.failed.empty()) {
    fs::remove(file);
    rmdir(file.parent_path().c_str());  // only succeeds when no other journal is left
  }
  return report;
}

std::vector<fs::path> journal_files(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A writer SIGKILLed between writing its next journal and renaming it
// into place leaves <pid>.json.tmp.XXXXXX. It never was the journal: every
// change is journaled before it is made, so what only the temporary file
// lists was not made, and what was undone is undone again harmlessly from
// the journal. Once its writer is gone it is litter, and is removed.
void remove_dead_writers_temp_files(const std::string& dir) {
  static const std::regex name(R"((\d{1,9})\.json\.tmp\.[A-Za-z0-9]{6})");
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string file = entry.path().filename().string();
    std::smatch m;
    if (!std::regex_match(file, m, name) || entry.symlink_status(ec).type() != fs::file_type::regular) continue;
    const auto pid = static_cast<pid_t>(std::stol(m[1].str()));
    if (pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)) continue;  // still writing
    unlink(entry.path().c_str());
  }
}

}  // namespace

// $HOME when it is a directory of ours (`setpriv` and `su` may leave root's
// there), else the home the password database gives.
static std::string own_home() {
  struct stat st {};
  if (const char* home = std::getenv("HOME"); home && *home && stat(home, &st) == 0 && st.st_uid == getuid())
    return home;
  const passwd* pw = getpwuid(getuid());
  return pw && pw->pw_dir ? pw->pw_dir : "/nonexistent";
}

// The directories above `dir` (the journal directory itself is made 0700
// by ensure_private_dir): ~/.local/state may not exist yet.
static void make_parents(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(fs::path(dir).parent_path(), ec);
}

std::string default_journal_dir() {
  if (geteuid() == 0) return "/run/schedlab";
  if (const char* xdg = std::getenv("XDG_RUNTIME_DIR"); xdg && *xdg)
    return std::string(xdg) + "/schedlab";
  // Not /tmp/schedlab-<uid>: anyone can make that first and make every run
  // of ours refuse it.  A directory in our own home nobody else can make.
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    return std::string(state) + "/schedlab/run";
  return own_home() + "/.local/state/schedlab/run";
}

namespace {

const nlohmann::json& journal_field(const nlohmann::json& j, const char* name) {
  if (!j.contains(name)) throw std::runtime_error(fmt::format("no \"{}\"", name));
  return j.at(name);
}

// A whole number from 0 to `max`, as the journal writes them.  nlohmann's
// get<long>() of 1e300 or -1.5 converts a double out of range: undefined
// behaviour (UBSan, fuzz_journal), a garbage pid in a release build.
unsigned long long journal_number(const nlohmann::json& j, const char* name, unsigned long long max) {
  const auto& v = journal_field(j, name);
  if (!v.is_number_unsigned() || v.get<unsigned long long>() > max)
    throw std::runtime_error(fmt::format("\"{}\" is not a whole number from 0 to {}: {}", name, max, v.dump()));
  return v.get<unsigned long long>();
}

JournalRecord parse_journal_document(const std::string& text) {
  const auto j = input::parse_json_document<nlohmann::json>(text, "a journal", input::kJournal.max_bytes);
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  JournalRecord r;
  r.pid = static_cast<long>(journal_number(j, "pid", std::numeric_limits<pid_t>::max()));
  if (r.pid == 0) throw std::runtime_error("\"pid\" is 0, which is no process");
  r.start_time = journal_number(j, "start_time", std::numeric_limits<unsigned long long>::max());
  const auto& changes = journal_field(j, "changes");
  if (!changes.is_array()) throw std::runtime_error("\"changes\" is not a list");
  for (const auto& c : changes) r.changes.push_back(c.get<Change>());
  return r;
}

}  // namespace

JournalRecord parse_journal(const std::string& text) {
  try {
    return parse_journal_document(text);
  } catch (const nlohmann::json::exception& e) {
    // Not JSON (or truncated): nlohmann says where, after its tag.
    const std::string what = e.what();
    const auto tag_end = what.find("] ");
    throw std::runtime_error(tag_end == std::string::npos ? what : what.substr(tag_end + 2));
  }
}

Journal::Journal(std::string dir)
    : dir_(std::move(dir)), path_(dir_ + "/" + std::to_string(getpid()) + ".json") {
  // Refused here, before the run creates anything, rather than at its first
  // change with a scratch directory already made.
  make_parents(dir_);
  if (mkdir(dir_.c_str(), 0700) != 0 && errno != EEXIST)
    throw Error(ExitStatus::kNotApplied,
                fmt::format("journal directory {} cannot be made ({}): set XDG_RUNTIME_DIR or HOME to a directory "
                            "of your own",
                            dir_, std::strerror(errno)));
  sys::ensure_private_dir(dir_);
}

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
  const std::lock_guard lock(mutex_);
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
  const std::lock_guard lock(mutex_);
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
  sys::ensure_private_dir(dir_);
  nlohmann::json j = {{"pid", getpid()},
                      {"start_time", sys::start_time_of(getpid()).value_or(0)},
                      {"changes", nlohmann::json::array()}};
  for (const auto& [id, change] : changes_) j["changes"].push_back(change);
  sys::write_file_atomically(path_, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                             0600);
}

std::string mount_leases_dir(const std::string& journal_dir) { return journal_dir + "/mounts"; }

std::vector<RestoreReport> restore_stale_journals(const std::string& dir, const RestoreRoots* given) {
  std::vector<RestoreReport> reports;
  RestoreRoots roots = given ? *given : restore_roots(input::read_system_file("/proc/self/mountinfo").value_or(""));
  if (roots.leases.empty()) roots.leases = mount_leases_dir(dir);
  if (auto problem = sys::private_dir_problem(dir); !problem.empty()) {
    reports.push_back({dir, 0, {}, {fmt::format("journal directory {}: {}; nothing in it was replayed", dir, problem)}});
    return reports;
  }
  remove_stale_global_lock(dir);  // a SIGKILLed run's, so the directory can go
  remove_dead_writers_temp_files(dir);
  for (const auto& file : journal_files(dir)) {
    RestoreReport r = restore_one(file, roots);
    if (!r.journal.empty()) reports.push_back(std::move(r));
  }
  rmdir(dir.c_str());  // only when nothing is left in it
  return reports;
}

void print_restore_report(const RestoreReport& r, std::ostream& out) {
  if (r.pid > 0) out << fmt::format("schedlab: run {} (journal {}) left changes behind\n", r.pid, r.journal);
  else out << fmt::format("schedlab: {} could not be restored\n", r.journal);
  for (const auto& what : r.undone) out << "schedlab:   undone: " << what << "\n";
  for (const auto& problem : r.failed) out << "schedlab:   NOT restored: " << problem << "\n";
}

std::vector<std::string> stale_journals(const std::string& dir) {
  std::vector<std::string> stale;
  if (!sys::private_dir_problem(dir).empty()) return stale;
  for (const auto& file : journal_files(dir)) {
    std::string text;
    try {
      text = input::read_packed_file(file.string(), input::kJournal).bytes;
      const JournalRecord r = parse_journal(text);
      if (!same_process_alive(r.pid, r.start_time)) stale.push_back(file.string());
    } catch (const std::exception&) {
      if (!owner_alive(text)) stale.push_back(file.string());  // unreadable: restore will say so
    }
  }
  return stale;
}

}  // namespace schedlab
