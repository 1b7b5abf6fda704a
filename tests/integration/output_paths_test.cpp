// Every option of every command that names a file or directory schedlab
// writes, walked from the command model (`schedlab --help-model`, the same
// model the man page is generated from): none may replace a device, a FIFO,
// a directory, a file someone else wrote, or the target of a symlink.  An
// output option added later is walked here without anyone adding it, and a
// path option declared outside cli/path_options.h fails the first test.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "integration/command_model.h"
#include "integration/harness.h"
#include "workloads/builtin.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

// A command line reaching the option, as {before, after}: the option and
// its value go between.  Workloads' commands are derived from the model;
// every other command that has an output option needs a line here, and the
// walk fails for one that has none.
struct Invocation {
  std::vector<std::string> before, after;
  int refusal_status = 2;
};

std::optional<Invocation> invocation(const nlohmann::json& command) {
  const std::string name = command.at("name");
  if (name.rfind("run ", 0) == 0) {  // the workload's own shortest run (WorkloadInfo::smoke_args)
    const auto workloads = builtin_workloads();
    const Workload* w = workloads.find(name.substr(4));
    if (!w) return std::nullopt;
    Invocation i{{"run", name.substr(4), "--runs", "1", "--no-store"}, {}};
    const auto& smoke = w->info().smoke_args;
    const auto dash = std::find(smoke.begin(), smoke.end(), "--");
    i.before.insert(i.before.end(), smoke.begin(), dash);
    i.after.assign(dash, smoke.end());
    return i;
  }
  static const std::map<std::string, Invocation> kOthers = {
      {"check", {{"check", "--baseline", "/nonexistent.json"}, {}, 255}},
      {"kernels", {{"kernels", "--kernel", "/nonexistent"}, {"--", "run", "spawn"}}},
      {"bisect", {{"bisect", "--tree", "/nonexistent", "--good", "a", "--bad", "b"}, {"--", "run", "spawn"}}},
      {"export", {{"export", "1", "--store", "/nonexistent/results.db"}, {}}},
      {"report", {{"report", "/nonexistent.json"}, {}}},
      {"suite", {{"suite", "quick", "--no-store"}, {}}},
      {"lava job", {{"lava", "job", "--kernel", "a=http://lab/bzImage", "--ramdisk", "http://lab/r.cpio.gz"},
                    {"--", "run", "spawn"}}},
      {"lava collect", {{"lava", "collect", "/nonexistent", "--no-store"}, {}}},
      {"lava ramdisk", {{"lava", "ramdisk", "--add", "/nonexistent"}, {}}},
  };
  const auto it = kOthers.find(name);
  if (it == kOthers.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> line(const Invocation& i, const std::string& option, const std::string& value) {
  std::vector<std::string> args = i.before;
  args.push_back(option);
  args.push_back(value);
  args.insert(args.end(), i.after.begin(), i.after.end());
  return args;
}

// What a path holds: its type and, for a file, its text.
std::string state_of(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return "absent";
  if (S_ISLNK(st.st_mode)) return "symlink to " + fs::read_symlink(path).string();
  if (S_ISCHR(st.st_mode)) return "char device";
  if (S_ISFIFO(st.st_mode)) return "fifo";
  if (S_ISDIR(st.st_mode)) return "directory";
  std::ifstream in(path);
  return "file: " + std::string(std::istreambuf_iterator<char>(in), {});
}

struct Hostile {
  std::string what, path;
};

// The things no output may replace, made fresh in `dir`.
std::vector<Hostile> hostile_paths(const TempDir& dir, const std::string& tag) {
  std::vector<Hostile> h;
  const std::string fifo = dir.file(tag + ".fifo");
  EXPECT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  h.push_back({"a FIFO", fifo});
  if (geteuid() == 0) {
    const std::string device = dir.file(tag + ".dev");
    EXPECT_EQ(mknod(device.c_str(), S_IFCHR | 0600, makedev(1, 3)), 0);  // a /dev/null of our own
    h.push_back({"a device", device});
  }
  const std::string foreign = dir.write(tag + ".notes", "someone's notes\n");
  h.push_back({"a file schedlab did not write", foreign});
  const std::string victim = dir.write(tag + ".victim", "precious\n");
  const std::string link = dir.file(tag + ".link");
  fs::create_symlink(victim, link);
  h.push_back({"a symlink to a file", link});
  return h;
}

struct OutputOption {
  nlohmann::json command, option;
};

std::vector<OutputOption> output_options(const nlohmann::json& model) {
  std::vector<OutputOption> found;
  for (const auto& c : model.at("commands"))
    for (const auto& o : c.at("options"))
      if (o.at("path_role").get<std::string>().rfind("output-", 0) == 0) found.push_back({c, o});
  return found;
}

}  // namespace

TEST(OutputPaths, EveryPathOptionIsDeclaredWithItsRole) {
  const auto model = command_model();
  int outputs = 0;
  for (const auto& c : model.at("commands"))
    for (const auto& o : c.at("options")) {
      if (!o.at("takes_path").get<bool>()) continue;
      EXPECT_FALSE(o.at("path_role").get<std::string>().empty())
          << c.at("name") << " " << long_name(o)
          << " takes a path but was not declared through cli/path_options.h (input or output)";
      outputs += o.at("path_role").get<std::string>().rfind("output-", 0) == 0;
    }
  EXPECT_GE(outputs, 6) << "run's --json and -j, report -o, export, suite and kernels --json, check --json";
}

TEST(OutputPaths, NoOutputReplacesADeviceFifoDirectoryForeignFileOrSymlinkTarget) {
  const auto model = command_model();
  TempDir dir;
  for (const auto& [command, option] : output_options(model)) {
    const std::string name = command.at("name");
    const std::string flag = long_name(option);
    const auto how = invocation(command);
    ASSERT_TRUE(how) << name << " has the output option " << flag << ": add a command line for it here";
    const bool is_dir = option.at("path_role") == "output-dir";
    std::vector<Hostile> cases = hostile_paths(dir, name.substr(name.rfind(' ') + 1) + flag);
    if (!is_dir) cases.push_back({"a directory", dir.path()});
    for (const auto& h : cases) {
      const std::string before = state_of(h.path);
      const std::string victim_before = dir.read(name.substr(name.rfind(' ') + 1) + flag + ".victim");
      const Outcome o = run_schedlab(line(*how, flag, h.path));
      EXPECT_EQ(o.status, how->refusal_status) << name << " " << flag << " on " << h.what << ": " << o.err;
      bool named = false;
      for (const auto& n : option.at("names")) named |= o.err.find(n.get<std::string>() + " '") != std::string::npos;
      EXPECT_TRUE(named) << "the message names the option: " << o.err;
      EXPECT_EQ(state_of(h.path), before) << name << " " << flag << " changed " << h.what;
      EXPECT_EQ(dir.read(name.substr(name.rfind(' ') + 1) + flag + ".victim"), victim_before);
    }
  }
}

// Where the command line lets an existing file be replaced (--force), the
// symlink is replaced and its target left alone.
TEST(OutputPaths, ForceReplacesTheLinkNeverItsTarget) {
  const auto model = command_model();
  TempDir dir;
  int walked = 0;
  for (const auto& [command, option] : output_options(model)) {
    const std::string name = command.at("name");
    if (name.rfind("run ", 0) != 0 || option.at("path_role") != "output-file") continue;
    const auto how = invocation(command);
    const std::string flag = long_name(option);
    const std::string victim = dir.write("victim", "precious\n");
    const std::string link = dir.file("out");
    fs::remove(link);
    fs::create_symlink(victim, link);
    Invocation forced = *how;
    forced.before.push_back("--force");
    const Outcome o = run_schedlab(line(forced, flag, link));
    EXPECT_EQ(o.status, 0) << name << " " << flag << ": " << o.err;
    EXPECT_EQ(dir.read("victim"), "precious\n") << name << " " << flag << " wrote through the symlink";
    EXPECT_FALSE(fs::is_symlink(link)) << name << " " << flag;
    ++walked;
  }
  EXPECT_GE(walked, 8) << "every workload's --json, and wakeup's -j";
}

}  // namespace schedlab::testing
