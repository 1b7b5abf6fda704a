#include "store/row_reader.h"

#include <fmt/format.h>

#include <cmath>

#include "input/result_text.h"
#include "core/utf8.h"

namespace schedlab::store {
namespace {

std::string oversized(std::size_t bytes) {
  return fmt::format("{} bytes, more than the {} a result can be", bytes, kCellLimit);
}

std::string type_name(const SqlValue& v) {
  if (std::holds_alternative<std::int64_t>(v)) return "an integer";
  if (std::holds_alternative<double>(v)) return "a real number";
  if (std::holds_alternative<std::string>(v)) return "text";
  if (const auto* o = std::get_if<OversizedCell>(&v)) return fmt::format("text of {} bytes", o->bytes);
  return "NULL";
}

[[noreturn]] void bad(const char* column, const std::string& problem) {
  throw BadRow(fmt::format("{}: {}", column, problem));
}

// What the validating reader said, fit for one line on a terminal:
// nlohmann's parse errors quote the bytes they stopped at.
std::string reason(const std::exception& e) {
  if (const auto* parse = dynamic_cast<const ordered_json::parse_error*>(&e))
    return fmt::format("not JSON (at byte {})", parse->byte);
  return printable(e.what());
}

}  // namespace

std::int64_t int_cell(const SqlValue& v, const char* column) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* d = std::get_if<double>(&v); d && std::trunc(*d) == *d && std::abs(*d) < 9e15)
    return static_cast<std::int64_t>(*d);
  bad(column, fmt::format("expected a whole number, found {}", type_name(v)));
}

std::optional<double> number_cell(const SqlValue& v, const char* column) {
  if (std::holds_alternative<std::nullptr_t>(v)) return std::nullopt;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(&v); d && std::isfinite(*d)) return *d;
  bad(column, fmt::format("expected a finite number, found {}", type_name(v)));
}

std::string text_cell(const SqlValue& v, const char* column) {
  if (std::holds_alternative<std::nullptr_t>(v)) return "";
  if (const auto* o = std::get_if<OversizedCell>(&v)) bad(column, oversized(o->bytes));
  const auto* s = std::get_if<std::string>(&v);
  if (!s) bad(column, fmt::format("expected text, found {}", type_name(v)));
  if (!valid_utf8(*s)) bad(column, "not UTF-8 text");
  return *s;
}

SetDocument document_cells(const SqlValue& created, const SqlValue& set_json) {
  SetDocument doc{ordered_json(), text_cell(created, "created")};
  const std::string text = text_cell(set_json, "set_json");
  try {
    doc.set = parse_result_text(text);
    result_file_from_json(result_file_json({doc}));
  } catch (const std::exception& e) {
    bad("set_json", reason(e));
  }
  mask_recorded_argv(doc.set);
  return doc;
}

std::string checked_spec_id(const std::string& stored, const SqlValue& created, const SqlValue& set_json,
                            const WorkloadRegistry& workloads) {
  std::string id = stored_spec_id(document_cells(created, set_json), workloads);
  if (stored != id)
    bad("spec_id", fmt::format("not the spec its set_json records ({}): changed outside schedlab", id));
  return id;
}

}  // namespace schedlab::store
