#pragma once
// Text from users and files (labels, commands, kernel strings) reaches the
// terminal: a label holding "\e]0;X\a" would retitle the window, "\r" or
// "\e[K" would hide a line.  Every byte schedlab writes to stdout and stderr
// passes through one filter (TerminalSafeOutput, installed by run_app), so
// no output — today's or one added later — can carry them.
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace schedlab {

// `text` with everything a terminal would act on made visible: C0 controls
// other than "\n" and "\t", DEL and the C1 controls (U+0080..U+009F) as
// \u00XX (which is also a valid JSON escape), bytes that are not UTF-8 as
// \xNN.  Printable UTF-8 passes unchanged.
std::string terminal_safe(std::string_view text);

// The same with "\n" and "\t" escaped too (\u000a, \u0009): one line
// whatever `text` holds, for a message that must be one (UsageError).
std::string terminal_safe_line(std::string_view text);

// A streambuf that writes everything through terminal_safe to `target`,
// keeping an incomplete UTF-8 character until its last byte arrives.
class TerminalSafeBuffer final : public std::streambuf {
 public:
  explicit TerminalSafeBuffer(std::streambuf* target) : target_(target) {}
  // Writes what is pending (an incomplete character, as \xNN) and flushes.
  void finish();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void emit(std::string_view text);
  std::streambuf* target_;
  std::string pending_;  // the start of a character not yet complete
};

// For its lifetime, std::cout and std::cerr write through the filter.
class TerminalSafeOutput {
 public:
  TerminalSafeOutput();
  ~TerminalSafeOutput();
  TerminalSafeOutput(const TerminalSafeOutput&) = delete;
  TerminalSafeOutput& operator=(const TerminalSafeOutput&) = delete;

 private:
  std::streambuf* cout_;
  std::streambuf* cerr_;
  TerminalSafeBuffer out_, err_;
};

// stderr without the filter, for the progress line's own control codes
// ("\r", "\e[K") around text it has passed through terminal_safe.
std::ostream& terminal_controls();

}  // namespace schedlab
