// A cell the connection read as its length alone (longer than a result
// may be) is refused by every kind of cell, naming the column and the
// bytes, one line; the integration test StoreRows.* plants such a row.
#include "store/row_reader.h"

#include <gtest/gtest.h>

#include <string>

namespace schedlab::store {
namespace {

std::string refusal(void (*read)(const SqlValue&), const SqlValue& v) {
  try {
    read(v);
  } catch (const BadRow& e) {
    return e.what();
  }
  return "";
}

TEST(RowReader, AnOversizedCellIsRefusedByEveryKindOfCellNamingItsColumn) {
  const SqlValue huge = OversizedCell{kCellLimit + 2};
  const std::string bytes = std::to_string(kCellLimit + 2);
  EXPECT_EQ(refusal([](const SqlValue& v) { text_cell(v, "label"); }, huge),
            "label: " + bytes + " bytes, more than the " + std::to_string(kCellLimit) + " a result can be");
  EXPECT_EQ(refusal([](const SqlValue& v) { int_cell(v, "runs"); }, huge),
            "runs: expected a whole number, found text of " + bytes + " bytes");
  EXPECT_EQ(refusal([](const SqlValue& v) { number_cell(v, "primary_mean"); }, huge),
            "primary_mean: expected a finite number, found text of " + bytes + " bytes");
  EXPECT_EQ(refusal([](const SqlValue& v) { document_cells(nullptr, v); }, huge).rfind("set_json: " + bytes, 0), 0u);
  EXPECT_EQ(refusal([](const SqlValue& v) { text_cell(v, "label"); }, std::string("fine")), "");
  EXPECT_EQ(as_int(huge, 7), 7);
  EXPECT_EQ(as_text(huge), "");
  EXPECT_FALSE(as_optional_double(huge));
}

}  // namespace
}  // namespace schedlab::store
