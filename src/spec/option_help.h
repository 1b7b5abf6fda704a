#pragma once
// How a declared option's help states its range, default and unit: one
// wording for the run and scenario options (spec/run_option_table.h) and
// the other commands' (cli/command_options.h), so that the help of each
// states the bounds its parser enforces the same way.
#include <string>

namespace schedlab {

// The first long name of CLI11 names: "--duration" of "-r,--duration,--runtime";
// the names themselves when there is none (a positional's "files").
std::string long_name_of(const std::string& names);

// "HELP (RANGE UNIT, default DEFAULT)": what an option does, then its range
// and default when it has them ("" when not); a percentage's default with
// its sign ("default 5%").
std::string help_with_facts(const std::string& help, const std::string& range, const std::string& default_text,
                            const std::string& unit);

}  // namespace schedlab
