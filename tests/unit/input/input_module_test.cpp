// Unit tests for src/input/: each limit of the one way bytes from outside
// come in (issue 30), checked with the hostile input it is for.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <fmt/format.h>

#include <string>

#include "input/files.h"
#include "input/inflate.h"
#include "input/json_document.h"
#include "input/kernel_append.h"
#include "core/number_range.h"
#include "input/numbers.h"
#include "input/yaml_document.h"
#include "support/temp_dir.h"

namespace schedlab::input {
namespace {

using testing::TempDir;

std::string deflated(const std::string& text) {
  uLongf size = compressBound(static_cast<uLong>(text.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()),
            static_cast<uLong>(text.size()), Z_BEST_COMPRESSION);
  out.resize(size);
  return out;
}

// The message of the InputError `read` throws, or "" when it throws none.
template <class Read>
std::string refusal(Read&& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(InputFiles, ANamedSymlinkIsResolvedOnceAPackedOneIsRefused) {
  TempDir dir;
  const std::string target = dir.write("secret", "root only");
  chmod(target.c_str(), 0600);
  ASSERT_EQ(symlink(target.c_str(), dir.file("link").c_str()), 0);
  EXPECT_EQ(read_named_file(dir.file("link"), kTemplate), "root only");
  EXPECT_TRUE(has(refusal([&] { read_packed_file(dir.file("link"), kRamdiskInput); }), "a symlink"));
  const PackedFile file = read_packed_file(target, kRamdiskInput);
  EXPECT_EQ(file.bytes, "root only");
  EXPECT_EQ(file.mode, 0600u) << "the mode comes along, so an artifact never widens it";
}

TEST(InputFiles, AFifoADeviceADirectoryAndAHugeFileAreRefusedWithoutBlocking) {
  TempDir dir;
  ASSERT_EQ(mkfifo(dir.file("fifo").c_str(), 0600), 0);  // no writer: a blocking open would hang here
  EXPECT_TRUE(has(refusal([&] { read_named_file(dir.file("fifo"), kTemplate); }), "a FIFO, not a regular file"));
  EXPECT_TRUE(has(refusal([&] { read_packed_file("/dev/zero", kRamdiskInput); }), "a device, not a regular file"));
  EXPECT_TRUE(has(refusal([&] { read_named_file(dir.path(), kTemplate); }), "a directory"));
  const std::string big = dir.write("big", std::string(kCache.max_bytes + 1, 'x'));
  EXPECT_TRUE(has(refusal([&] { read_named_file(big, kCache); }), "more than the 65536 this input can be"));
  EXPECT_EQ(read_optional_file(dir.file("fifo"), kCache), std::nullopt);
  EXPECT_EQ(read_optional_file(dir.file("absent"), kCache), std::nullopt);
}

TEST(InputFiles, KernelFilesAreCutAtTheirLimit) {
  EXPECT_EQ(read_system_file("/dev/zero", 10)->size(), 10u);
  EXPECT_EQ(read_system_file("/nonexistent"), std::nullopt);
  EXPECT_TRUE(read_system_file("/proc/self/stat").has_value());
}

TEST(InputInflate, AStreamIsBoundedAbsolutelyAndPerByte) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i) + ",";
  EXPECT_EQ(inflate_zlib(deflated(text), "x"), text);
  const std::string bomb = deflated(std::string(std::size_t{64} << 20, '\0'));  // 64 MiB from ~65 KiB
  EXPECT_TRUE(has(refusal([&] { inflate_zlib(bomb, "a block"); }), "a block: expands past"))
      << "64 MiB is under the absolute limit: the ratio refuses it";
  EXPECT_TRUE(has(refusal([&] { inflate_zlib(deflated(text), "x", {.max_bytes = 1000}); }), "expands past 1000"));
  const std::string cut = deflated(text).substr(0, 20);
  EXPECT_TRUE(has(refusal([&] { inflate_zlib(cut, "x"); }), "not a complete zlib stream"));
}

TEST(InputYaml, AnAliasBombIsRefusedBeforeItIsBuilt) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    const char prev = static_cast<char>(c - 1);
    bomb += fmt::format("{0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]\n", c, prev);
  }
  ASSERT_LT(bomb.size(), 1024u) << "10^9 nodes from under 1 KB";
  EXPECT_TRUE(has(refusal([&] { load_yaml_document(bomb, "--template 'bomb.yaml'"); }),
                  "--template 'bomb.yaml': more than 100000 YAML nodes"));
  EXPECT_TRUE(has(refusal([&] { load_yaml_document(std::string(1000, '[') + std::string(1000, ']'), "t"); }),
                  "nested deeper than 64 levels"));
  EXPECT_TRUE(has(refusal([&] { load_yaml_document("a: [", "t"); }), "t: not YAML"));
  EXPECT_TRUE(has(refusal([&] { load_yaml_document("deploy: {}\nboot: {}\ndeploy: {x: 1}\n", "t"); }),
                  "t: the key 'deploy' twice in one mapping"));
  const YAML::Node ok = load_yaml_document("a: &x {k: 1}\nb: *x\nc: [a, a]\n", "t");
  EXPECT_EQ(ok["b"]["k"].as<int>(), 1);
}

TEST(InputJson, DepthSizeAndTypeErrorsNameTheDocumentAndTheKey) {
  EXPECT_TRUE(has(refusal([&] { parse_json_document(std::string(300, '['), "a block", 1000); }),
                  "a block: nested deeper than 256 levels"));
  EXPECT_TRUE(has(refusal([&] { parse_json_document("[1]", "a block", 2); }), "3 bytes, more than the 2"));
  EXPECT_EQ(refusal([&] { parse_json_document("{\"a\": \x1b[2J", "an answer", 100); }),
            "an answer: not JSON (at byte 7)")
      << "the bytes are not quoted back";
  EXPECT_EQ(refusal([&] { parse_json_document(R"({"a": {"s": 1, "s": 2}})", "r", 1000); }),
            "r: the key \"s\" twice in one object");
  EXPECT_NO_THROW(parse_json_document(R"([{"s": 1}, {"s": 2}])", "r", 1000));
  const auto j = parse_json_document(R"({"runs": [{"window_s": "1"}]})", "r", 1000);
  // With JSON_DIAGNOSTICS (every build but Debug: CMakeLists.txt) the key's path is named.
  EXPECT_EQ(refusal([&] { read_json_fields("r", [&] { return j.at("runs").at(0).at("window_s").get<double>(); }); }),
            JSON_DIAGNOSTICS ? "r: (/runs/0/window_s) type must be number, but is string"
                             : "r: type must be number, but is string");
}

TEST(InputNumbers, OnlyFiniteNumbersInTheirFieldsRange) {
  EXPECT_EQ(parse_real("5"), 5.0);
  EXPECT_EQ(parse_real("-0.25"), -0.25);
  for (const char* bad : {"", "nan", "inf", "-inf", "1e400", "5%", " 5", "5 ", "0x", "abc"})
    EXPECT_EQ(parse_real(bad), std::nullopt) << bad;
  EXPECT_EQ(parse_leading_real("0.52 0.58 0.59 1/467 12345"), 0.52);
  EXPECT_EQ(checked_number(3, "v", {0, 10}), 3);
  EXPECT_TRUE(has(refusal([] { checked_number(1.7e308, "runs[0].values.lps", {-1e15, 1e15}); }),
                  "runs[0].values.lps: 1.7e+308 is not a number from -1e+15 to 1e+15"));
  EXPECT_FALSE(refusal([] { checked_number(std::nan(""), "v", {0, 1}); }).empty());
}

TEST(InputKernelAppend, OnlyPrintableParametersThatLeaveInitToSchedlab) {
  EXPECT_NO_THROW(check_kernel_append("--append", ""));
  EXPECT_NO_THROW(check_kernel_append("--append", "mitigations=off nohz_full=1 isolcpus=1"));
  for (const std::string bad : {"init=/bin/sh", "quiet rdinit=/x", "a -- b", "a\nb", "a\x1b[2Jb", "\xc3\xa9"})
    EXPECT_THROW(check_kernel_append("guest.append", bad), InputError) << bad;
  EXPECT_THROW(check_kernel_append("--append", std::string(1025, 'a')), InputError);
  EXPECT_TRUE(has(refusal([] { check_kernel_append("the baseline's guest.append", "init=/bin/sh"); }),
                  "the baseline's guest.append 'init=/bin/sh': expected kernel parameters that leave /init"));
}

}  // namespace
}  // namespace schedlab::input
