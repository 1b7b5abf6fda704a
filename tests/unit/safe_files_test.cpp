// sys/safe_files: the only way schedlab writes a file never replaces a
// device, a FIFO or a directory, whatever the caller checked before.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "core/error.h"
#include "support/temp_dir.h"
#include "sys/safe_files.h"

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

}  // namespace
}  // namespace schedlab
