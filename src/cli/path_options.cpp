#include "cli/path_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "input/files.h"
#include "sys/safe_files.h"
#include "sys/safe_files_dir.h"

namespace schedlab {
namespace {

constexpr const char* kInput = "input";
constexpr const char* kOutputFile = "output-file";
constexpr const char* kOutputFileOurs = "output-file-ours";
constexpr std::size_t kMarkerWindow = 4096;  // the markers sit at a file's start
constexpr const char* kOutputDir = "output-dir";

bool any_given(const CLI::App& app, const std::vector<std::string>& flags) {
  for (const auto& flag : flags)
    if (const auto* o = app.get_option_no_throw(flag); o && o->count() > 0) return true;
  return false;
}

bool exists(const std::string& path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0;  // a symlink counts, dangling or not
}

// Whether the regular file at `path` (not through a symlink) holds `marker`
// in its first few KiB.
bool written_by_us(const std::string& path, const std::string& marker) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  return input::read_file_head(path, kMarkerWindow).find(marker) != std::string::npos;
}

// What the flags that allow replacing a file do, for the message.
std::string allowed_by(const std::vector<std::string>& flags) {
  std::vector<std::string> what;
  what.reserve(flags.size());
  for (const auto& f : flags)
    what.push_back(f + (f == "--append" ? " adds the new sets to it" : " replaces it"));
  return fmt::format("{}", fmt::join(what, ", "));
}

// Throws UsageError when the existing file at `path` may not be replaced.
void check_existing(const CLI::App& app, const std::string& option, const std::string& path, const ExistingFile& e) {
  if (!exists(path)) return;
  if (e.policy == ExistingFile::kOnlyOurs) {
    if (written_by_us(path, e.marker)) return;
    throw UsageError(option, path, fmt::format("a new file or {} (this file is neither; remove it or choose "
                                               "another name)",
                                               e.ours_are));
  }
  if (any_given(app, e.unless)) return;
  throw UsageError(option, path, fmt::format("a new file (this one exists: {})", allowed_by(e.unless)));
}

}  // namespace

std::string output_dir_problem(const std::string& dir) {
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0) return "";
  if (S_ISLNK(st.st_mode)) return "a symlink (give the directory it points to, if it is yours)";
  if (!S_ISDIR(st.st_mode)) return "not a directory";
  // Files go in by rename from an O_EXCL temporary file, which is safe in
  // any directory we or root own; the owner of another's directory could
  // swap it for a symlink between our check and our writes.
  if (st.st_uid != geteuid() && st.st_uid != 0)
    return fmt::format("a directory of uid {}, not ours", st.st_uid);
  return "";
}

// Inputs are read through input/files.h, which does the checking;
// the validator only marks the option's role for the command model.
static CLI::Validator input_marker() {
  return CLI::Validator([](std::string&) { return std::string(); }, "", kInput);
}

CLI::Option* add_input_path(CLI::App& app, const std::string& names, std::string& target,
                            const std::string& help, const std::string& type_name) {
  return app.add_option(names, target, help)->type_name(type_name)->check(input_marker());
}

CLI::Option* add_input_path(CLI::App& app, const std::string& names, std::vector<std::string>& targets,
                            const std::string& help, const std::string& type_name) {
  return app.add_option(names, targets, help)->type_name(type_name)->check(input_marker());
}

// The validators throw our UsageError, which CLI11 lets through: the one
// message form of every bad value ("--json 'X': expected ..."), and the
// top level gives it the command's exit status for bad input.
CLI::Option* add_output_file(CLI::App& app, const std::string& names, std::string& target,
                             const std::string& help, const ExistingFile& existing) {
  CLI::Option* o = app.add_option(names, target, help);
  declare_output_file(app, *o, existing);
  return o;
}

void declare_output_file(CLI::App& app, CLI::Option& o, const ExistingFile& existing) {
  const std::string option = !o.get_snames().empty() ? "-" + o.get_snames().front() : "--" + o.get_lnames().front();
  auto check = [&app, option, existing](std::string& path) {
    if (existing.stdout_dash && path == "-") return std::string();
    sys::check_output_file(option, path);
    check_existing(app, option, path, existing);
    return std::string();
  };
  const bool ours = existing.policy == ExistingFile::kOnlyOurs;
  o.type_name(existing.stdout_dash ? "FILE|-" : "FILE");
  o.check(CLI::Validator(check, "", ours ? kOutputFileOurs : kOutputFile));
}

CLI::Option* add_output_dir(CLI::App& app, const std::string& names, std::string& target,
                            const std::string& help) {
  const std::string option = names.substr(0, names.find(','));
  auto check = [option](std::string& dir) {
    if (dir.empty()) throw UsageError(option, dir, "a directory name");
    if (auto problem = output_dir_problem(dir); !problem.empty())
      throw UsageError(option, dir, "a directory of your own or a new name (this is " + problem + ")");
    sys::hold_output_dir(dir);  // when it exists: its files go where it is now (sys/safe_files_dir.h)
    return std::string();
  };
  return app.add_option(names, target, help)->type_name("DIR")->check(CLI::Validator(check, "", kOutputDir));
}

std::string path_role_of(const CLI::Option& option) {
  // CLI11 2.1 has no const accessor for validators; nothing is changed here.
  auto& o = const_cast<CLI::Option&>(option);
  for (int i = 0;; ++i) {
    try {
      std::string name = o.get_validator(i)->get_name();
      for (const char* role : {kInput, kOutputFile, kOutputFileOurs, kOutputDir})
        if (name == role) return name;
    } catch (const CLI::OptionNotFound&) {
      return "";
    }
  }
}

}  // namespace schedlab
