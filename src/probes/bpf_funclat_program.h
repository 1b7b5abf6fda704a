#pragma once
// The funclat BPF program (probes/bpf/funclat.bpf.c) of one run, as one
// owned object, like LifecycleProgram (bpf_program.h): open() loads it
// from the skeleton embedded in the binary and attaches its fentry and
// fexit programs; read() copies the histograms out once; close() (and the
// destructor) closes every descriptor.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "probes/bpf/funclat.h"

struct sl_funclat;

namespace schedlab {

// One histogram per function (SL_BUCKETS counts each), summed over the CPUs.
using FunclatReading = std::array<std::vector<std::uint64_t>, FL_FUNCTIONS>;

class FunclatProgram {
 public:
  FunclatProgram() = default;
  ~FunclatProgram() { close(); }
  FunclatProgram(const FunclatProgram&) = delete;
  FunclatProgram& operator=(const FunclatProgram&) = delete;

  // "" or why not, in one line (for a refused attach: the errno and what
  // fentry needs of the kernel); closed on failure.
  std::string open();
  void set_window(bool open) noexcept;
  std::optional<FunclatReading> read() const;
  void close() noexcept;

 private:
  std::string load_and_attach();
  sl_funclat* skeleton_ = nullptr;
};

}  // namespace schedlab
