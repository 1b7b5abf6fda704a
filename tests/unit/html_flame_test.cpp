// Flame graphs drawn by schedlab: the layout against a golden SVG (regenerate
// with SCHEDLAB_UPDATE_GOLDEN=1 after an intended change), labels cut to
// their box, the colours of a differential graph, and the report's part.
#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "profile/frame_tree.h"
#include "profile/run_profile.h"
#include "report/html/flame_graph.h"
#include "report/html/report.h"
#include "support/golden.h"
#include "support/sample_result.h"
#include "support/registries.h"

namespace schedlab::html {
namespace {

// 2,000 samples, so that one sample is 0.32 px of the 640 px graph.
profile::FoldedStacks base_stacks() {
  profile::FoldedStacks f;
  f.add("sl-context;main;write;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_write_[k];"
        "pipe_write_[k]", 1000);
  f.add("sl-context;main;read;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];"
        "pipe_read_[k];schedule_[k];__schedule_[k];psi_task_switch_[k];psi_group_change_[k]", 600);
  f.add("sl-context;main", 399);
  f.add("sl-context;main;rare_[k]", 1);  // 0.05% of 640 px = 0.32 px: left out
  return f;
}

profile::FoldedStacks other_stacks() {
  profile::FoldedStacks f;
  f.add("sl-context;main;write;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_write_[k];"
        "pipe_write_[k]", 600);
  f.add("sl-context;main;read;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];"
        "pipe_read_[k];schedule_[k];__schedule_[k];psi_task_switch_[k];psi_group_change_[k]", 100);
  f.add("sl-context;main", 300);
  return f;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(FlameGraph, GoldenLayout) {
  const auto tree = profile::frame_tree(base_stacks());
  EXPECT_EQ(tree.samples, 2000u);
  EXPECT_EQ(profile::tree_depth(tree), 11u);
  const std::string svg = flame_graph(tree, "base: flame graph");
  testing::expect_golden("html/flame_graph.svg", svg);
  EXPECT_EQ(svg.find("rare_[k]"), std::string::npos) << "narrower than half a pixel";
  EXPECT_NE(svg.find("data-points=\"16\""), std::string::npos) << "every box drawn is counted";
  EXPECT_NE(svg.find("psi_group_change_[k]: 30.00% of the samples (self 30.00%), 600 samples"),
            std::string::npos);
}

TEST(FlameGraph, LabelsAreCutToTheirBox) {
  EXPECT_EQ(fitted_label("psi_group_change_[k]", 1000), "psi_group_change_[k]");
  EXPECT_EQ(fitted_label("psi_group_change_[k]", 6.7 * 6), "psi_g\u2026");
  EXPECT_EQ(fitted_label("psi_group_change_[k]", 10), "");
}

TEST(FlameGraph, DifferentialColoursFollowTheChangeOfEachPath) {
  EXPECT_EQ(change_class(0.05), "held");
  EXPECT_EQ(change_class(-0.3), "shrank1");
  EXPECT_EQ(change_class(0.7), "grew2");
  EXPECT_EQ(change_class(20), "grew5");
  auto tree = profile::frame_tree(other_stacks());
  profile::set_base_shares(tree, base_stacks());
  const std::string svg = differential_flame_graph(tree, "other against base", "base");
  testing::expect_golden("html/flame_diff.svg", svg);
  // psi_group_change: 30% -> 10% (shrank5); pipe_write: 50% -> 60% (grew5); main: 100% -> 100%.
  EXPECT_NE(svg.find("class=\"frame shrank5\"><title>psi_group_change_[k]: 10.00%"), std::string::npos);
  EXPECT_NE(svg.find("class=\"frame grew5\"><title>pipe_write_[k]: 60.00%"), std::string::npos);
  EXPECT_NE(svg.find("class=\"frame held\"><title>main: 100.00%"), std::string::npos);
  EXPECT_NE(svg.find("base 30.00%: -20.00 points"), std::string::npos);
}

TEST(FlameGraph, TheReportDrawsOnePerSetAndOneDifferential) {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  b.label = "other";
  for (auto* set : {&a, &b})
    for (auto& run : set->runs) {
      profile::RunProfile p;
      p.stacks = set == &a ? base_stacks() : other_stacks();
      p.samples = p.stacks.total();
      run.details[profile::kProfileKey] = profile::profile_json(std::move(p));
    }
  CompareOptions o;
  o.metrics = {"lps"};
  const ReportInput in{build_comparison({a, b}, o, testing::registries()), {"a.json", "b.json"}, std::nullopt, "", "2026-12-01T00:00:00Z",
                       "schedlab test"};
  const std::string page = render_report(in);
  EXPECT_NE(page.find("id=\"profile\""), std::string::npos);
  EXPECT_EQ(count(page, "data-plot=\"flame\""), 2u);
  EXPECT_EQ(count(page, "data-plot=\"flame-diff\""), 1u);
  EXPECT_EQ(count(page, "class=\"flame-pair\""), 3u) << "each graph has its table beside it";
  EXPECT_NE(page.find("function (largest self share)"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  ResultSet plain = testing::sample_set();
  const ReportInput none{build_comparison({plain}, o, testing::registries()), {"a.json"}, std::nullopt, "", "2026-12-01T00:00:00Z", "t"};
  EXPECT_EQ(render_report(none).find("id=\"profile\""), std::string::npos);
}

}  // namespace schedlab::html
