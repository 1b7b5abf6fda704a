// Every option that names a file or URL schedlab reads, walked from the
// list in code (src/input/input_list.h) with a hostile corpus (issue 30):
// a FIFO, a device, a directory, a file past its limit, a dangling
// symlink, and for documents deep nesting, an alias bomb, wrong types,
// 1e308 and infinity, escape sequences, duplicate keys, a cut-short file.
// Each is one line on stderr, exit 2 (255 under check), and nothing is
// written.  The command line is walked too (the command model of
// `--help-model`): an option that takes a file or URL and is not on the
// list fails, so a new input cannot be added without its limits.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "input/input_list.h"
#include "integration/command_model.h"
#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;
using input::Content;

// Whether the option's value is a file or URL schedlab reads.
bool reads_file_or_url(const nlohmann::json& option) {
  const std::string value = option.at("value");
  return option.at("path_role") == "input" || value.find("URL") != std::string::npos ||
         value.find("VMLINUZ") != std::string::npos;
}

struct HostileInput {
  std::string what, path;
};

std::vector<HostileInput> file_corpus(const TempDir& dir, const input::OptionInput& in) {
  mkfifo(dir.file("fifo").c_str(), 0600);  // no writer: a blocking open would hang the test
  fs::create_directories(dir.file("a-directory"));
  fs::create_symlink(dir.file("nowhere"), dir.file("dangling"));
  std::vector<HostileInput> c = {{"a FIFO", dir.file("fifo")},
                            {"a device", "/dev/zero"},
                            {"a directory", dir.file("a-directory")},
                            {"a dangling symlink", dir.file("dangling")}};
  if (in.content != Content::kBytes) {  // an image is booted, not read: QEMU reads it
    const std::string huge = dir.write("huge", "");
    EXPECT_EQ(truncate(huge.c_str(), static_cast<off_t>(in.kind->max_bytes + 1)), 0);  // sparse
    c.push_back({"a file past its limit", huge});
  }
  return c;
}

std::vector<HostileInput> document_corpus(const TempDir& dir, Content content) {
  const std::string good = ordered_json(ResultFile{"2026-11-30T00:00:00Z", {synthetic_set({})}}).dump();
  auto with_value = [&](const std::string& v) {
    return std::string(R"({"schema": "schedlab.result/1", "sets": [{"label": "x", "status": "PASS", "runs": [)"
                       R"({"index": 1, "window_s": 1, "values": {"lps": )") + v + "}}]}]}";
  };
  std::string bomb = "deploy: {a: &a [x, x, x, x, x, x, x, x, x, x]";  // 10^9 nodes from 1 KB
  for (char c = 'b'; c <= 'i'; ++c)
    bomb += fmt::format(", {0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]", c,
                        static_cast<char>(c - 1));
  bomb += "}\nboot: {method: qemu, x: *i}\n";
  if (content == Content::kResultJson)
    return {{"cut short", dir.write("cut.json", good.substr(0, good.size() / 2))},
            {"deeply nested", dir.write("deep.json", std::string(100000, '['))},
            {"wrong types", dir.write("types.json", R"({"schema": "schedlab.result/1", "sets": {"a": 1}})")},
            {"1e308", dir.write("big.json", with_value("1.7e308"))},
            {"infinity", dir.write("inf.json", with_value("1e999"))},
            {"escape sequences", dir.write("esc.json", "{\"schema\": \"\x1b]0;owned\x07\x1b[2J\"}")},
            {"duplicate keys", dir.write("dup.json", R"({"schema": "schedlab.result/1", "schema": "x"})")},
            {"not text", dir.write("bin.json", std::string("\xff\xfe\0\x01", 4))}};
  if (content == Content::kTemplateYaml)
    return {{"an alias bomb", dir.write("bomb.yaml", bomb)},
            {"deeply nested", dir.write("deep.yaml", "deploy: " + std::string(10000, '[') + "\n")},
            {"wrong types", dir.write("list.yaml", "- deploy\n- boot\n")},
            {"cut short", dir.write("cut.yaml", "deploy: {to: tmpfs, images: {kernel: {url: $kern")},
            {"escape sequences", dir.write("esc.yaml", "\x1b[2Jdeploy: {}\nboot: {}\n")},
            {"duplicate keys", dir.write("dup.yaml", "deploy: {}\ndeploy: {}\nboot: {}\n")}};
  return {};
}

// The command line that gives `path` to the option, and the status of a
// refusal; nullopt for an option this walk has no line for (a failure).
struct Line {
  std::vector<std::string> args;
  int status = 2;
};

std::optional<Line> line_for(const input::OptionInput& in, const std::string& path, const TempDir& out,
                             const TempDir& fixtures) {
  const std::string good = fixtures.file("good.json"), guest = fixtures.file("guest.json");
  const std::map<std::string, Line> lines = {
      {"check --baseline", {{"check", "--baseline", path, "--no-store"}, 255}},
      {"check --bad", {{"check", "--baseline", good, "--bad", path, "--no-store"}, 255}},
      {"check --kernel", {{"check", "--baseline", guest, "--kernel", path, "--no-store"}, 255}},
      {"check --config", {{"check", "--baseline", guest, "--kernel", "/nonexistent/vmlinuz", "--config", path, "--no-store"}, 255}},
      {"check --good-kernel", {{"check", "--baseline", guest, "--kernel", path, "--good-kernel", path, "--no-store"}, 255}},
      {"bisect --config", {{"bisect", "--tree", out.path(), "--good", "a", "--bad", "b", "--config", path, "--", "run",
                            "spawn"}}},
      {"compare files", {{"compare", good, path}}},
      {"report inputs", {{"report", good, path}}},
      {"plan --from", {{"plan", "--from", path, "--detect", "5%"}}},
      {"import files", {{"import", path, "--store", out.file("s.db")}}},
      {"kernels --kernel", {{"kernels", "--kernel", path, "--", "run", "spawn"}}},
      // --arch names the guests' architecture, so the programs are checked before any kernel is.
      {"kernels --guest-schedlab", {{"kernels", "--arch", "x86_64", "--guest-schedlab", path, "--", "run", "spawn"}}},
      {"kernels --guest-busybox", {{"kernels", "--arch", "x86_64", "--guest-busybox", path, "--", "run", "spawn"}}},
      {"kernels --config", {{"kernels", "--kernel", "a=/nonexistent/vmlinuz", "--config", "a=" + path, "--", "run", "spawn"}}},
      {"suite --kernels", {{"suite", "lkml", "--kernels", "a=" + path + ",b=" + path}}},
      {"lava job --template", {{"lava", "job", "--kernel", "good=http://lab/bzImage", "--ramdisk",
                                "http://lab/r.cpio.gz", "--template", path, "--", "run", "spawn"}}},
      // A URL that names the hostile file, so that --file reads it (a name no URL ends in is refused first).
      {"lava job --file", {{"lava", "job", "--kernel", "good=http://lab/" + fs::path(path).filename().string(),
                            "--ramdisk", "http://lab/r.cpio.gz", "-o", out.file("job.yaml"), "--file", path, "--",
                            "run", "spawn"}}},
      {"lava collect job", {{"lava", "collect", path, "--no-store"}}},
      {"lava ramdisk --add", {{"lava", "ramdisk", "-o", out.file("r.cpio.gz"), "--add", path}}},
      {"lava ramdisk --guest-schedlab", {{"lava", "ramdisk", "-o", out.file("r.cpio.gz"), "--guest-schedlab", path}}},
      {"lava ramdisk --guest-busybox", {{"lava", "ramdisk", "-o", out.file("r.cpio.gz"), "--guest-busybox", path}}},
  };
  const auto it = lines.find(in.command + " " + in.option);
  if (it == lines.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

void write_fixtures(const TempDir& fixtures) {
  write_result_file(fixtures.file("good.json"), ResultFile{"2026-11-30T00:00:00Z", {synthetic_set({})}});
  ResultSet set = synthetic_set({});
  set.guest = {{"vcpus", 2}, {"memory_mib", 2048}};
  write_result_file(fixtures.file("guest.json"), ResultFile{"2026-11-30T00:00:00Z", {set}});
}

}  // namespace

TEST(InputOptions, EveryOptionThatTakesAFileOrUrlIsOnTheList) {
  const auto model = command_model();
  int walked = 0;
  for (const auto& c : model.at("commands"))
    for (const auto& o : c.at("options")) {
      if (!reads_file_or_url(o)) continue;
      ++walked;
      EXPECT_NE(input::find_option_input(c.at("name"), long_name(o)), nullptr)
          << c.at("name") << " " << long_name(o) << " reads a file or URL and is not in src/input/input_list.cpp";
    }
  EXPECT_GE(walked, 12);
  for (const auto& in : input::option_inputs()) {
    if (in.command == "*") continue;
    bool there = false;
    for (const auto& c : model.at("commands"))
      for (const auto& o : c.at("options")) there |= c.at("name") == in.command && long_name(o) == in.option;
    EXPECT_TRUE(there) << in.command << " " << in.option << " is listed but the command line has no such option";
  }
}

TEST(InputOptions, EachListedFileRefusesTheHostileCorpusInOneLineAndWritesNothing) {
  TempDir fixtures;
  write_fixtures(fixtures);
  int runs = 0;
  for (const auto& in : input::option_inputs()) {
    if (!in.kind) continue;  // a URL or a program: the network answers have their own tests
    TempDir dir;
    auto corpus = file_corpus(dir, in);
    for (auto& h : document_corpus(dir, in.content)) corpus.push_back(h);
    const std::string shown = in.command + " " + in.option;
    for (const auto& h : corpus) {
      const auto line = line_for(in, h.path, dir, fixtures);
      ASSERT_TRUE(line) << shown << " is an input: add a command line for it to this walk";
      const auto before = listing(dir.path());
      const Outcome o = run_schedlab(line->args);
      ++runs;
      EXPECT_EQ(o.status, line->status) << shown << " on " << h.what << ": " << o.err;
      EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << shown << " on " << h.what << ": " << o.err;
      EXPECT_EQ(o.err.find("internal error"), std::string::npos) << shown << " on " << h.what << ": " << o.err;
      EXPECT_EQ(o.err.find('\x1b'), std::string::npos) << shown << " on " << h.what << ": a raw escape";
      EXPECT_EQ(listing(dir.path()), before) << shown << " on " << h.what << " wrote something";
    }
  }
  EXPECT_GE(runs, 50);
}

}  // namespace schedlab::testing
