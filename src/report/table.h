#pragma once
#include <string>
#include <vector>

namespace schedlab {

// A neutral table: every text style renders this model, so alignment rules
// live in one place.  Column 0 is left-aligned, the rest right-aligned.
class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add_row(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  // Keeps every line within `width` columns by leaving out whole columns,
  // `drop_order`'s first first, until the rest fit; then brings back, last
  // dropped first, each dropped column that still fits.  A cell is never cut
  // (a name cut to "com\u2026" is no name); a table whose kept columns are
  // still too wide is printed wider.
  void drop_to_fit(std::size_t width, std::vector<std::size_t> drop_order) {
    width_ = width;
    drop_order_ = std::move(drop_order);
  }
  // Columns separated by two spaces (one when `compact`), no trailing
  // blanks; widths counted in characters, not bytes.
  std::string render(bool compact = false) const;

 private:
  std::vector<std::size_t> widths() const;
  std::vector<bool> kept(const std::vector<std::size_t>& widths, std::size_t gap) const;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::size_t width_ = 0;  // 0: no limit
  std::vector<std::size_t> drop_order_;
};

// "note: TEXT" wrapped at word boundaries to `width` columns, continuation
// lines indented under the text.
std::string format_note(const std::string& text, std::size_t width = 80);

// Renders `value` in at most `width` characters: fixed point with up to
// `decimals` decimals, fewer when it does not fit, exponent form last.
std::string format_number(double value, int width, int decimals = 2);

// A number for people: never an exponent ("127700", not "1.277e+05"),
// decimals by magnitude — none from 1000 up, 1 from 100, 2 from 1, three
// significant digits below.
std::string human_number(double value);

// `text` as one CSV field (RFC 4180): quoted when it holds a comma, quote
// or newline, quotes doubled.
std::string csv_field(const std::string& text);

}  // namespace schedlab
