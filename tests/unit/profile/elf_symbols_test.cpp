// User frames named from the ELF files through elfutils: functions of this
// test program (C and C++, demangled) and of libc, found from this
// process's own mappings as the probe finds a copy's.
#include "profile/elf_symbols.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "probes/profile_recording.h"
#include "profile/address_spaces.h"

extern "C" __attribute__((noinline)) int schedlab_elf_symbols_c_target(int x) { return x * 3 + 1; }

namespace schedlab::profile {
namespace {

__attribute__((noinline)) int cpp_target(int x) { return x * 5 + 2; }

std::optional<FileAddress> where(const AddressSpaces& s, const void* code) {
  return s.resolve(getpid(), reinterpret_cast<std::uint64_t>(code) + 1);
}

}  // namespace

TEST(ElfSymbols, NamesFunctionsOfThisProgramAndOfLibc) {
  AddressSpaces s;
  ASSERT_TRUE(seed_from_proc(getpid(), s));
  ElfSymbolCache cache;
  const auto c = where(s, reinterpret_cast<const void*>(&schedlab_elf_symbols_c_target));
  ASSERT_TRUE(c);
  EXPECT_EQ(cache.of(s.files()[c->file]).name_at(c->offset), "schedlab_elf_symbols_c_target");
  const auto cpp = where(s, reinterpret_cast<const void*>(&cpp_target));
  ASSERT_TRUE(cpp);
  EXPECT_EQ(cache.of(s.files()[cpp->file]).name_at(cpp->offset),
            "schedlab::profile::(anonymous namespace)::cpp_target(int)");
  const auto libc = where(s, reinterpret_cast<const void*>(&getppid));
  ASSERT_TRUE(libc);
  const auto name = cache.of(s.files()[libc->file]).name_at(libc->offset);
  ASSERT_TRUE(name);
  EXPECT_NE(name->find("getppid"), std::string::npos) << *name;
  EXPECT_EQ(schedlab_elf_symbols_c_target(1) + cpp_target(1), 11);
}

TEST(ElfSymbols, AFileThatIsNotElfNamesNothing) {
  ElfSymbols none("/proc/self/status");
  EXPECT_FALSE(none.usable());
  EXPECT_FALSE(none.name_at(0x10));
  ElfSymbols gone("/nonexistent/program");
  EXPECT_FALSE(gone.name_at(0));
}

}  // namespace schedlab::profile
