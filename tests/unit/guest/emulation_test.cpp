// Unit tests for src/compare/emulation.cpp and the result file's guest
// fields: emulated figures are never marked as a difference unless forced.
#include "compare/emulation.h"

#include <gtest/gtest.h>

#include <sstream>

#include "report/compare_reporters.h"
#include "store/result_file.h"
#include "support/sample_result.h"
#include "support/temp_dir.h"
#include "support/registries.h"

namespace schedlab {
namespace {

// Two kernels' sets, the second clearly slower, paired by boot block.
std::vector<ResultSet> kernels_sets(bool emulated) {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  a.label = "cloud";
  b.label = "rt";
  for (int i = 0; i < 3; ++i) {
    b.runs[static_cast<std::size_t>(i)].values.set("lps", 20000.0 + i);
    a.runs[static_cast<std::size_t>(i)].block = b.runs[static_cast<std::size_t>(i)].block = i + 1;
  }
  for (auto* s : {&a, &b}) {
    s->emulated = emulated;
    s->guest = {{"accel", emulated ? "tcg" : "kvm"}};
  }
  return {a, b};
}

CompareOptions lps_only(bool force) {
  CompareOptions o;
  o.metrics = {"lps"};
  o.force = force;
  return o;
}

}  // namespace

TEST(Emulation, NoDifferenceIsMarkedBetweenEmulatedSets) {
  const auto c = build_comparison(kernels_sets(true), lps_only(false), testing::registries());
  const auto& test = c.metrics[0].cells[1]->test;
  EXPECT_FALSE(test->available);
  EXPECT_FALSE(test->significant);
  const std::string text = format_mmtests(c);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)  // the notes' legend explains '*'; no row carries one
    if (line.rfind("note:", 0) != 0 && line.rfind("     ", 0) != 0) {
      EXPECT_EQ(line.find('*'), std::string::npos) << text;
    }
  EXPECT_NE(text.find("measured under emulation"), std::string::npos) << text;
}

TEST(Emulation, ForceMarksThemAndSaysWhatTheyAreWorth) {
  const auto c = build_comparison(kernels_sets(true), lps_only(true), testing::registries());
  EXPECT_TRUE(c.metrics[0].cells[1]->test->significant);
  EXPECT_NE(format_mmtests(c).find("--force, but the figures say nothing"), std::string::npos);
}

// A set run by hand inside a TCG guest is not marked emulated, but its own
// environment says the CPU is QEMU's: compare withholds its marks as well.
TEST(Emulation, ASetWhoseCpuSaysTcgIsEmulatedToo) {
  auto sets = kernels_sets(false);
  sets[1].environment["system"]["virtualization"]["hypervisor_vendor"] = "tcg";
  EXPECT_TRUE(measured_under_emulation(sets[1]));
  EXPECT_FALSE(measured_under_emulation(sets[0]));
  const auto c = build_comparison(sets, lps_only(false), testing::registries());
  EXPECT_FALSE(c.metrics[0].cells[1]->test->significant);
  EXPECT_NE(format_mmtests(c).find("measured under emulation"), std::string::npos);
}

TEST(Emulation, SetsFromRealHardwareAreMarkedAsBefore) {
  const auto c = build_comparison(kernels_sets(false), lps_only(false), testing::registries());
  EXPECT_TRUE(c.metrics[0].cells[1]->test->significant);
}

TEST(GuestResult, BootGuestAndEmulatedSurviveTheFile) {
  testing::TempDir dir;
  ResultSet set = kernels_sets(true)[0];
  set.runs[0].boot = 2;
  set.guest["boots"] = ordered_json::array({{{"boot", 2}, {"seconds", 6.5}}});
  write_result_file(dir.file("r.json"), {"2026-11-30T00:00:00Z", {set}});
  const ResultSet back = read_result_file(dir.file("r.json"), testing::workload_registry()).sets.at(0);
  EXPECT_TRUE(back.emulated);
  EXPECT_EQ(back.runs[0].boot, 2);
  EXPECT_EQ(back.runs[1].boot, 0);
  EXPECT_EQ(back.guest["boots"][0]["seconds"], 6.5);
  write_result_file(dir.file("host.json"), {"2026-11-30T00:00:00Z", {testing::sample_set()}});
  const auto host = read_result_json(dir.file("host.json"), testing::workload_registry());
  EXPECT_FALSE(host["sets"][0].contains("guest"));  // a host's set is as it was
  EXPECT_FALSE(host["sets"][0].contains("emulated"));
}

}  // namespace schedlab
