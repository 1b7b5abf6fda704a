#pragma once
// Turns a ring's records into counts of distinct raw stacks while the
// window is open, so that memory grows with the number of distinct stacks,
// not with the window: the records of one drain pass (every CPU's ring) are
// put in time order, the side-band records update the address spaces, and
// each sample's user addresses become file offsets at once — the process
// may be gone when the run ends.  Symbols are looked up later
// (profile/symbolize.h).  Pure apart from the injected seeder.
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "profile/address_spaces.h"
#include "profile/perf_records.h"

namespace schedlab::profile {

// One frame of a raw stack.  A return address (every frame but the
// sample's own instruction) is stored minus one, so that it falls inside
// the call instruction's function.
struct RawFrame {
  enum Kind : std::uint32_t { kKernel = 0, kUnmapped = 1, kFile = 2 };
  std::uint32_t kind = kKernel;  // kFile + i: an offset in AddressSpaces::files()[i]
  std::uint64_t address = 0;     // kernel or unmapped user address, or the file offset
  bool operator==(const RawFrame&) const = default;
};

// The process name, then the frames leaf first: kernel frames, then user.
struct RawStack {
  std::uint32_t comm = 0;  // index into SampleCollector::comms()
  std::vector<RawFrame> frames;
  bool operator==(const RawStack&) const = default;
};

struct RawStackHash {
  std::size_t operator()(const RawStack& s) const noexcept;
};

struct SampleTotals {
  std::uint64_t samples = 0;         // kept
  std::uint64_t kernel_samples = 0;  // with the leaf in the kernel
  std::uint64_t lost = 0;            // dropped by the kernel: the ring was full
  std::uint64_t throttled = 0;       // times the kernel throttled the sampling rate
};

class SampleCollector {
 public:
  // Called for a process no record told about (forked before sampling but
  // not seeded, or whose fork record has not been seen): may seed it from
  // /proc; returns whether it did.
  using Seeder = std::function<bool(pid_t, AddressSpaces&)>;

  SampleCollector(AddressSpaces spaces, Seeder seeder);

  void add(Record record);  // one record of the current drain pass
  void end_pass();          // orders the pass's records by time and applies them

  const std::unordered_map<RawStack, std::uint64_t, RawStackHash>& stacks() const { return stacks_; }
  const std::vector<std::string>& comms() const { return comms_; }
  const AddressSpaces& spaces() const { return spaces_; }
  const SampleTotals& totals() const { return totals_; }

 private:
  void apply(const Record& record);
  void sample(const SampleRecord& s);
  std::uint32_t comm_index(const std::string& comm);

  AddressSpaces spaces_;
  Seeder seeder_;
  std::vector<Record> pass_;
  // Exits wait one more pass: a sample from another CPU's ring with an
  // earlier time may be read only in the next pass.
  std::vector<pid_t> exited_;
  std::set<pid_t> unseeded_;  // asked the seeder about once each
  std::unordered_map<RawStack, std::uint64_t, RawStackHash> stacks_;
  std::vector<std::string> comms_;
  std::unordered_map<std::string, std::uint32_t> comm_ids_;
  SampleTotals totals_;
};

}  // namespace schedlab::profile
