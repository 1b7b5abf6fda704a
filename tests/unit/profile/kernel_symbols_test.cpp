// Kernel frames named from kallsyms text: text symbols only, the offset
// dropped, the module kept, hidden addresses detected.
#include "profile/kernel_symbols.h"

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace schedlab::profile {
namespace {

const char* kKallsyms =
    "ffffffff81000000 T _stext\n"
    "ffffffff813dca10 t __pfx_psi_group_change\n"
    "ffffffff813dca20 t psi_group_change\n"
    "ffffffff813dcf00 D some_data\n"
    "ffffffff813e7430 T psi_task_switch\n"
    "ffffffff813e7430 T psi_task_switch_alias\n"
    "ffffffffc0a01000 t nft_do_chain\t[nf_tables]\n";

}  // namespace

TEST(KernelSymbols, NamesTheFunctionAnAddressIsIn) {
  const auto k = KernelSymbols::parse(kKallsyms);
  EXPECT_EQ(k.size(), 5u) << "the data symbol and the alias are not kept";
  EXPECT_EQ(k.name_at(0xffffffff813dca20), "psi_group_change");
  EXPECT_EQ(k.name_at(0xffffffff813dcfff), "psi_group_change") << "the data symbol does not end it";
  EXPECT_EQ(k.name_at(0xffffffff813e7431), "psi_task_switch");
  EXPECT_EQ(k.name_at(0xffffffffc0a01010), "nft_do_chain [nf_tables]");
  EXPECT_FALSE(k.name_at(0xffffffff80000000));
}

TEST(KernelSymbols, HiddenAddressesNameNothing) {
  const auto k = KernelSymbols::parse("0000000000000000 T _stext\n0000000000000000 t psi_group_change\n");
  EXPECT_TRUE(k.empty());
  testing::TempDir dir;
  const auto hidden = dir.write("kallsyms", "0000000000000000 T _stext\n");
  const auto level = dir.write("kptr_restrict", "2\n");
  const auto why = kallsyms_problem(hidden, level);
  EXPECT_NE(why.find("kptr_restrict is 2"), std::string::npos) << why;
  EXPECT_EQ(kallsyms_problem(dir.write("shown", kKallsyms), level), "");
  EXPECT_NE(kallsyms_problem(dir.file("absent")).find("not readable"), std::string::npos);
}

}  // namespace schedlab::profile
