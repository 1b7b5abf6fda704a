#pragma once
// A fresh temporary directory for fixture trees, removed at destruction.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace schedlab::testing {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/schedlab-unit-XXXXXX";
    path_ = mkdtemp(tmpl);
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
