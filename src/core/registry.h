#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

// Edit distance, for "did you mean" suggestions.
std::size_t edit_distance(const std::string& a, const std::string& b);

// Plugins of one kind (workloads, later probes and reporters), registered
// explicitly and looked up by info().name.  Owns them.
template <typename T>
class Registry {
 public:
  void add(std::unique_ptr<T> item) { items_.push_back(std::move(item)); }

  const T* find(const std::string& name) const {
    for (const auto& item : items_)
      if (item->info().name == name) return item.get();
    return nullptr;
  }

  // The closest registered name when it is near enough to be a typo.
  std::optional<std::string> did_you_mean(const std::string& name) const {
    std::optional<std::string> best;
    std::size_t best_distance = 3;  // fio shows suggestions below distance 3
    for (const auto& item : items_) {
      std::size_t d = edit_distance(name, item->info().name);
      if (d < best_distance) {
        best_distance = d;
        best = item->info().name;
      }
    }
    return best;
  }

  const std::vector<std::unique_ptr<T>>& items() const { return items_; }

 private:
  std::vector<std::unique_ptr<T>> items_;
};

}  // namespace schedlab
