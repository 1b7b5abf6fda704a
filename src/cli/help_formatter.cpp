#include "cli/help_formatter.h"

#include <CLI/CLI.hpp>
#include <memory>

#include "report/wrap.h"

namespace schedlab {
namespace {

// CLI11 indents every line after a newline of a description to the
// option column, so a description wrapped to the space right of that
// column stays inside the width.
class WrappingFormatter final : public CLI::Formatter {
 public:
  WrappingFormatter() { column_width(32); }

  std::string make_option_desc(const CLI::Option* opt) const override {
    return wrap(CLI::Formatter::make_option_desc(opt), right_width());
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true), wrap(sub->get_description(), right_width()),
                             column_width_);
    return out.str();
  }

  std::string make_description(const CLI::App* app) const override {
    const std::string text = CLI::Formatter::make_description(app);
    return text.empty() ? text : wrap(text, kTextWidth) + "\n";
  }

  std::string make_footer(const CLI::App* app) const override {
    const std::string text = app->get_footer();
    return text.empty() ? text : "\n" + wrap(text, kTextWidth) + "\n";
  }

 private:
  std::size_t right_width() const { return kTextWidth - column_width_; }
};

}  // namespace

void use_wrapping_help(CLI::App& app) { app.formatter(std::make_shared<WrappingFormatter>()); }

}  // namespace schedlab
