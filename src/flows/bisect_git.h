#pragma once
// The kernel tree a bisect walks, through git itself: `schedlab bisect`
// drives `git bisect` (start, good, bad, skip, log, reset) rather than
// keeping its own idea of the range, so the tree's state is always what
// git says and an interrupted bisect resumes from git's own log.
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

class GitTree {
 public:
  // Throws UsageError naming `option` when `dir` is not a git work tree.
  GitTree(const std::string& dir, const std::string& option);

  const std::string& dir() const { return dir_; }
  const std::string& git_dir() const { return git_dir_; }

  // The full hash of REV as a commit; UsageError naming `option` when git
  // knows no such commit.
  std::string commit(const std::string& rev, const std::string& option) const;
  std::string subject(const std::string& commit) const;
  bool is_ancestor(const std::string& a, const std::string& b) const;
  // What `git status --porcelain` lists (untracked files included): empty
  // when the tree is clean.
  std::string changes() const;
  bool bisecting() const;
  // The symbolic ref HEAD points at ("refs/heads/main"), or the commit of a
  // detached HEAD: what `git bisect reset` returns to.
  std::string head() const;
  std::string head_commit() const;
  // The branch HEAD is on ("main"), or "" for a detached HEAD.
  std::string branch() const;
  // `git remote get-url REMOTE`, or "" when the tree has no such remote.
  std::string remote_url(const std::string& remote) const;

  // Checks out COMMIT with a detached HEAD (quietly).
  void checkout_detached(const std::string& commit) const;
  // Back where head() said HEAD was: the branch, or the detached commit.
  void return_to(const std::string& head) const;
  // `git bisect reset` back to where head() said HEAD was.
  void end_bisect(const std::string& head) const;

  // `git bisect ARGS`: its output; a failure throws Error.
  std::string bisect(const std::vector<std::string>& args) const;
  // `git bisect good|bad|skip`: git's answer, which may be the end: the
  // first bad commit, or "only 'skip'ped commits left" (exit status 2).
  std::string mark(const std::string& verdict) const;

 private:
  struct Result {
    int status;
    std::string output;
  };
  Result git(const std::vector<std::string>& args) const;
  std::string git_or_throw(const std::vector<std::string>& args) const;
  std::string dir_, git_dir_;
};

// From `git bisect good|bad|skip`'s output: the first bad commit once git
// has found it ("<hash> is the first bad commit"), else nullopt.
std::optional<std::string> first_bad_commit(const std::string& bisect_output);
// "Bisecting: 3 revisions left to test after this (roughly 2 steps)": the
// steps git expects after this one, or nullopt.
std::optional<int> steps_left(const std::string& bisect_output);
// git's "There are only 'skip'ped commits left to test.": the candidates.
bool only_skipped_left(const std::string& bisect_output);

}  // namespace schedlab
