// sys/safe_files: the only way schedlab writes a file never replaces a
// device, a FIFO or a directory, whatever the caller checked before.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "core/error.h"
#include "support/temp_dir.h"
#include "sys/safe_files.h"
#include "sys/safe_files_dir.h"

namespace schedlab {
namespace {

using testing::TempDir;

TEST(SafeFiles, NeitherWriterReplacesAFifoOrADirectory) {
  TempDir dir;
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_directory(dir.file("sub"));
  for (const std::string& path : {fifo, dir.file("sub")}) {
    EXPECT_THROW(sys::write_file_atomically(path, "x", 0644), SystemError) << path;
    EXPECT_THROW(sys::create_output_file(path, 0644), SystemError) << path;
  }
  struct stat st {};
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO is still a FIFO";
  EXPECT_TRUE(std::filesystem::is_directory(dir.file("sub")));
}

TEST(SafeFiles, OutputFileProblemNamesWhatIsThere) {
  TempDir dir;
  EXPECT_EQ(sys::output_file_problem(dir.file("new")), "");
  EXPECT_EQ(sys::output_file_problem(dir.write("old", "x")), "");
  EXPECT_EQ(sys::output_file_problem("/dev/null"), "a device, FIFO or socket");
  EXPECT_EQ(sys::output_file_problem(dir.path()), "a directory");
  std::filesystem::create_symlink("/dev/null", dir.file("link"));
  EXPECT_EQ(sys::output_file_problem(dir.file("link")), "") << "a symlink is replaced, never followed";
}

TEST(SafeFiles, ASymlinkToADeviceIsReplacedNotFollowed) {
  TempDir dir;
  std::filesystem::create_symlink("/dev/null", dir.file("link"));
  sys::write_file_atomically(dir.file("link"), "text", 0644);
  EXPECT_FALSE(std::filesystem::is_symlink(dir.file("link")));
  EXPECT_EQ(dir.read("link"), "text");
  struct stat st {};
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

// The directory of an output is the one checked when its option was: a
// parent swapped for a symlink afterwards (while the run measures) does not
// redirect the write (issue 30, defect 5: it went where the link pointed).
TEST(SafeFiles, ASwappedParentDirectoryDoesNotRedirectTheWrite) {
  namespace fs = std::filesystem;
  TempDir dir;
  fs::create_directory(dir.file("out"));
  fs::create_directory(dir.file("victim"));
  const std::string json = dir.file("out") + "/r.json";
  sys::check_output_file("--json", json);
  fs::rename(dir.file("out"), dir.file("checked"));
  fs::create_directory_symlink(dir.file("victim"), dir.file("out"));
  sys::write_file_atomically(json, "result\n", 0644);
  sys::create_output_file(dir.file("out") + "/r.run1.stdout", 0644);  // a name derived from it
  EXPECT_TRUE(fs::is_empty(dir.file("victim"))) << "written through the swapped-in symlink";
  EXPECT_EQ(dir.read("checked/r.json"), "result\n");
  EXPECT_TRUE(fs::exists(dir.file("checked/r.run1.stdout")));
  for (const auto& entry : fs::directory_iterator(dir.file("checked")))
    EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << "left: " << entry.path();
}

TEST(SafeFiles, APathNeverCheckedIsWrittenWhereItIsNow) {
  TempDir dir;
  std::filesystem::create_directory(dir.file("fresh"));
  sys::write_file_atomically(dir.file("fresh") + "//x.json", "x", 0600);
  EXPECT_EQ(dir.read("fresh/x.json"), "x");
  EXPECT_EQ(sys::output_dir_of("a//b/./c.json"), "a/b");
  EXPECT_EQ(sys::output_dir_of("c.json"), ".");
  EXPECT_THROW(sys::write_file_atomically(dir.file("missing") + "/x.json", "x", 0600), SystemError);
}

}  // namespace
}  // namespace schedlab
