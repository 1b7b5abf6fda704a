#pragma once
// A fresh temporary directory for fixture trees and result files, removed at
// destruction.  World-writable, so tests that run schedlab as an
// unprivileged user can write their result files into it.
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace schedlab::testing {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/schedlab-test-XXXXXX";
    path_ = mkdtemp(tmpl);
    chmod(path_.c_str(), 0777);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }
  // Creates `name` (and its directories) holding `text`; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::filesystem::create_directories(std::filesystem::path(file(name)).parent_path());
    std::ofstream(file(name)) << text;
    return file(name);
  }
  std::string read(const std::string& name) const {
    std::ifstream in(file(name));
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  std::string path_;
};

}  // namespace schedlab::testing
