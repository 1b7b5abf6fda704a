#pragma once
// Every output format of every command, by name: one registry per kind of
// data (a comparison, the store's history, a trend).  A command's --style
// (and its help, its completions, its error for a bad name) comes from the
// registry, so a format added here is selectable everywhere that prints that
// kind of data, and nothing prints it another way.
#include <string>
#include <utility>
#include <vector>

#include "compare/comparison.h"
#include "store/store.h"
#include "store/trend.h"

namespace schedlab {

template <typename Data>
class FormatRegistry {
 public:
  using Format = std::string (*)(const Data&);
  FormatRegistry(std::string option, std::vector<std::pair<std::string, Format>> formats)
      : option_(std::move(option)), formats_(std::move(formats)) {}

  // The format `name`; UsageError naming the option and every name.
  Format find(const std::string& name) const;
  // "mmtests|lkp|markdown|csv|json", for --help.
  std::string type_name() const;
  // The first is the default.
  const std::string& default_name() const { return formats_.front().first; }

 private:
  std::string option_;
  std::vector<std::pair<std::string, Format>> formats_;
};

// compare --style: mmtests (default), lkp, markdown, csv, json, html.
const FormatRegistry<Comparison>& comparison_formats();
// history --style: text (default), csv, json.
const FormatRegistry<std::vector<store::SetRow>>& history_formats();
// trend --style: text (default), json.
const FormatRegistry<store::Trend>& trend_formats();

}  // namespace schedlab
