#include "sys/stderr_relay.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <streambuf>
#include <system_error>

#include "core/error.h"
#include "core/terminal_text.h"

namespace schedlab::sys {
namespace {

constexpr int kQuietMs = 100;  // after the stop: nothing for this long ends the relay

// Our stderr as a streambuf of its own, written with write(2): not
// std::cerr, which the main thread uses at the same time.
class StderrBuffer final : public std::streambuf {
 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize done = 0; done < n;) {
      const ssize_t w = write(STDERR_FILENO, s + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return done;  // stderr closed: the text is lost, the run goes on
      done += w;
    }
    return n;
  }
};

}  // namespace

StderrRelay::StderrRelay() {
  int fds[2], wake[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw SystemError("stderr relay: pipe", "", errno);
  read_ = UniqueFd(fds[0]);
  write_ = UniqueFd(fds[1]);
  if (pipe2(wake, O_CLOEXEC) != 0) throw SystemError("stderr relay: pipe", "", errno);
  wake_read_ = UniqueFd(wake[0]);
  wake_write_ = UniqueFd(wake[1]);
  try {
    thread_ = std::thread([this] { relay(); });
  } catch (const std::system_error& e) {  // EAGAIN at RLIMIT_NPROC: the thread is a task too
    throw SystemError("stderr relay: start a thread", "", e.code().value());
  }
}

StderrRelay::~StderrRelay() {
  write_.reset();
  wake_write_.reset();  // wakes the relay, which then waits only briefly
  thread_.join();
}

// Sleeps in poll until the copies write or the destructor wakes it: no
// periodic wake-up beside the measured copies.
void StderrRelay::relay() noexcept {
  StderrBuffer out;
  TerminalSafeBuffer safe(&out);  // keeps a character cut between two reads whole
  char buf[4096];
  bool stopping = false;
  for (;;) {
    pollfd p[2] = {{read_.get(), POLLIN, 0}, {wake_read_.get(), POLLIN, 0}};
    const int ready = poll(p, stopping ? 1 : 2, stopping ? kQuietMs : -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;  // stopping, and nothing came for a moment
    if (!stopping && p[1].revents != 0) stopping = true;
    if (p[0].revents == 0) continue;
    const ssize_t n = read(read_.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // every write end closed
    safe.sputn(buf, n);
    safe.pubsync();
  }
  safe.finish();
}

}  // namespace schedlab::sys
