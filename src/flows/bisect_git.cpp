#include "flows/bisect_git.h"

#include <fmt/format.h>

#include <filesystem>
#include <regex>

#include "core/error.h"
#include "sys/helper_process.h"

namespace schedlab {
namespace {

std::string without_trailing_space(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string git_binary() {
  for (const char* p : {"/usr/bin/git", "/bin/git", "/usr/local/bin/git"})
    if (std::filesystem::exists(p)) return p;
  throw Error(ExitStatus::kNotApplied, "git is not installed (Debian: apt-get install git)");
}

}  // namespace

GitTree::GitTree(const std::string& dir, const std::string& option) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw UsageError(option, dir, "a directory (a git work tree)");
  dir_ = std::filesystem::canonical(dir).string();
  const Result top = git({"rev-parse", "--show-toplevel"});
  if (top.status != 0) throw UsageError(option, dir, "a git work tree (git rev-parse found none)");
  git_dir_ = without_trailing_space(git_or_throw({"rev-parse", "--absolute-git-dir"}));
}

GitTree::Result GitTree::git(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {git_binary(), "-C", dir_};
  argv.insert(argv.end(), args.begin(), args.end());
  const auto c = sys::capture_run(argv, "");
  return {c.status, c.output};
}

std::string GitTree::git_or_throw(const std::vector<std::string>& args) const {
  const Result r = git(args);
  if (r.status != 0)
    throw Error(ExitStatus::kWorkloadFailed,
                fmt::format("git {} in {} failed (status {}): {}", args.front(), dir_, r.status, without_trailing_space(r.output)));
  return r.output;
}

std::string GitTree::commit(const std::string& rev, const std::string& option) const {
  if (rev.empty() || rev.front() == '-') throw UsageError(option, rev, "a revision git knows (a hash, tag or branch)");
  const Result r = git({"rev-parse", "--verify", "--quiet", rev + "^{commit}"});
  if (r.status != 0) throw UsageError(option, rev, fmt::format("a commit of {} (git knows no such revision)", dir_));
  return without_trailing_space(r.output);
}

std::string GitTree::subject(const std::string& commit) const {
  return without_trailing_space(git_or_throw({"log", "-1", "--format=%s", commit}));
}

bool GitTree::is_ancestor(const std::string& a, const std::string& b) const {
  return git({"merge-base", "--is-ancestor", a, b}).status == 0;
}

std::string GitTree::changes() const { return without_trailing_space(git_or_throw({"status", "--porcelain"})); }

bool GitTree::bisecting() const { return std::filesystem::exists(std::filesystem::path(git_dir_) / "BISECT_START"); }

std::string GitTree::head() const {
  const Result r = git({"symbolic-ref", "--quiet", "HEAD"});
  return r.status == 0 ? without_trailing_space(r.output) : head_commit();
}

std::string GitTree::head_commit() const { return without_trailing_space(git_or_throw({"rev-parse", "HEAD"})); }

void GitTree::checkout_detached(const std::string& commit) const {
  git_or_throw({"checkout", "--quiet", "--detach", commit});
}

namespace {

// What git checkout and git bisect reset take for a head() value: the
// branch's name, or the commit.
std::string checkout_name(const std::string& head) {
  const std::string branch = "refs/heads/";
  return head.rfind(branch, 0) == 0 ? head.substr(branch.size()) : head;
}

}  // namespace

std::string GitTree::branch() const {
  const std::string h = head();
  return checkout_name(h) == h ? "" : checkout_name(h);
}

std::string GitTree::remote_url(const std::string& remote) const {
  const Result r = git({"remote", "get-url", remote});
  return r.status == 0 ? without_trailing_space(r.output) : "";
}

void GitTree::return_to(const std::string& head) const {
  if (checkout_name(head) != head) git_or_throw({"checkout", "--quiet", checkout_name(head)});
  else checkout_detached(head);
}

void GitTree::end_bisect(const std::string& head) const { bisect({"reset", checkout_name(head)}); }

std::string GitTree::bisect(const std::vector<std::string>& args) const {
  std::vector<std::string> all = {"bisect"};
  all.insert(all.end(), args.begin(), args.end());
  return git_or_throw(all);
}

std::string GitTree::mark(const std::string& verdict) const {
  const Result r = git({"bisect", verdict});
  if (r.status != 0 && !only_skipped_left(r.output))
    throw Error(ExitStatus::kWorkloadFailed,
                fmt::format("git bisect {} in {} failed (status {}): {}", verdict, dir_, r.status, without_trailing_space(r.output)));
  return r.output;
}

std::optional<std::string> first_bad_commit(const std::string& bisect_output) {
  static const std::regex re("([0-9a-f]{40}) is the first bad commit");
  std::smatch m;
  if (std::regex_search(bisect_output, m, re)) return m[1].str();
  return std::nullopt;
}

std::optional<int> steps_left(const std::string& bisect_output) {
  static const std::regex re("roughly ([0-9]+) steps?\\)");
  std::smatch m;
  if (std::regex_search(bisect_output, m, re)) return std::stoi(m[1].str());
  return std::nullopt;
}

bool only_skipped_left(const std::string& bisect_output) { return bisect_output.find("only 'skip'ped commits left") != std::string::npos; }

}  // namespace schedlab
