#pragma once
// Every option whose value is a path is declared here, with what schedlab
// does with the path, so that the checks come with the declaration: an
// output option refuses a device, FIFO or directory (and, where it says so,
// an existing file unless --force) while the command line is parsed, before
// anything runs; the file itself is then written only through
// sys/safe_files.  The command model (cli/reference/command_model.h) reads
// the role back from the option, and a test walks every option of every
// command and fails on a path option declared any other way.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace schedlab {

enum class PathRole {
  kInput,       // a file schedlab reads (a result file, a baseline, a kernel image)
  kOutputFile,  // a file schedlab writes
  kOutputDir,   // a directory schedlab writes files into (created when missing)
};

// What an output file option does when a file is already there.  A file
// schedlab did not write is never replaced without being told: a bisect
// baseline or someone's notes are one typo away.
struct ExistingFile {
  enum Policy {
    kRefuse,    // refused unless one of `unless` is given (--force)
    kOnlyOurs,  // replaced when its head holds `marker` (an earlier report), else refused
  };
  Policy policy = kRefuse;
  std::vector<std::string> unless = {"--force"};
  std::string marker;
  std::string ours_are;      // kOnlyOurs, for the message: "an earlier schedlab report"
  bool stdout_dash = false;  // "-" means stdout
};

CLI::Option* add_input_path(CLI::App& app, const std::string& names, std::string& target,
                            const std::string& help, const std::string& type_name = "FILE");
CLI::Option* add_input_path(CLI::App& app, const std::string& names, std::vector<std::string>& targets,
                            const std::string& help, const std::string& type_name = "FILE...");
CLI::Option* add_output_file(CLI::App& app, const std::string& names, std::string& target,
                             const std::string& help, const ExistingFile& existing);
// The same checks on an option declared elsewhere (the run option table's
// --json, bound with its own callback).
void declare_output_file(CLI::App& app, CLI::Option& option, const ExistingFile& existing);
CLI::Option* add_output_dir(CLI::App& app, const std::string& names, std::string& target,
                            const std::string& help);

// The role an option was declared with, or "" when it is not a path option:
// "input", "output-file" (an existing file refused unless --force or the
// like), "output-file-ours" (an existing file replaced only when schedlab
// wrote it), "output-dir" — the validator's name, which is how the command
// model reads it.
std::string path_role_of(const CLI::Option& option);

// "" when `dir` can be an output directory: absent, or a real directory (not
// a symlink) owned by us or root and not writable by others; else why not.
std::string output_dir_problem(const std::string& dir);

}  // namespace schedlab
