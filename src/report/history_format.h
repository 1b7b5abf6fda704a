#pragma once
// `schedlab history` output: a text table, JSON ("schedlab.history/1") or CSV,
// one line per set.
#include <string>
#include <vector>

#include "store/store.h"

namespace schedlab {

// The text table, within kTextWidth columns (history_table).
std::string format_history_text(const std::vector<store::SetRow>& rows);
std::string format_history_json(const std::vector<store::SetRow>& rows);
std::string format_history_csv(const std::vector<store::SetRow>& rows);

// The text table within `width` columns: over it, whole columns are left
// out (never a name cut); see the .cpp for which go first.
std::string history_table(const std::vector<store::SetRow>& rows, std::size_t width);

// "2026-11-29T22:00:00.123456Z" -> "2026-11-29 22:00:00".
std::string short_time(const std::string& iso);

}  // namespace schedlab
