#pragma once
#include <string>
#include <vector>

namespace schedlab {

struct Comparison;
struct ComparedMetric;

// What a reader of a comparison must know beside its numbers.  Every note
// has a brief form that fits one 80-column line (the terminal tables show
// at most two, most important first) and a full form (markdown, JSON,
// compare --notes).
struct Note {
  int rank = 0;        // lower = more important
  std::string brief;   // one line: at most 74 columns, 80 after "note: "
  std::string full;
};

namespace note_rank {
inline constexpr int kNotCompared = 0, kBusy = 1, kSpeed = 2, kDrift = 3, kNoTest = 4, kUnreachable = 5,
                     kFidelity = 6, kOutlier = 7, kSentinelUnused = 8;
// Sets measured under emulation (compare/emulation.h): as important as a set not compared.
inline constexpr int kEmulated = 0;
}

// The notes each concern produces; build_comparison calls them in turn.
void note_not_compared(Comparison& c);
void note_no_test(Comparison& c, const ComparedMetric& m);
void note_outliers(Comparison& c, const ComparedMetric& m);
void note_partial(Comparison& c, const ComparedMetric& m);
void note_unreachable(Comparison& c, const ComparedMetric& m);
void note_if_not_interleaved(Comparison& c);
void note_machine_speed(Comparison& c);
void note_work_sentinel(Comparison& c);
void note_warnings(Comparison& c);

// The notes, most important first (stable within a rank).
void sort_notes(Comparison& c);

}  // namespace schedlab
