// Unit tests for src/guest/kernel_files.cpp and src/guest/kernel_modules.cpp
// on fixture trees laid out as `dpkg-deb -x` unpacks a Debian kernel.
#include "guest/kernel_files.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.h"
#include "guest/elf_fixture.h"
#include "guest/kernel_modules.h"
#include "support/packed_bytes.h"
#include "support/temp_dir.h"

namespace schedlab::guest {
namespace {

using testing::TempDir;

constexpr const char* kRelease = "6.1.0-57-cloud-amd64";

// What the guest needs besides the three drivers a module may provide.
constexpr const char* kGuestBase =
    "CONFIG_64BIT=y\nCONFIG_BLK_DEV_INITRD=y\nCONFIG_BINFMT_SCRIPT=y\nCONFIG_BINFMT_ELF=y\n"
    "CONFIG_SERIAL_8250_CONSOLE=y\nCONFIG_DEVTMPFS=y\nCONFIG_TMPFS=y\nCONFIG_CGROUPS=y\nCONFIG_FUTEX=y\n"
    "CONFIG_ACPI=y\n";

// ROOT/boot/vmlinuz-R, ROOT/boot/config-R with `config` (after the guest's
// other needs), ROOT/lib/modules/R.
std::string unpacked_kernel(const TempDir& dir, const std::string& config) {
  const std::string r = kRelease;
  dir.write("root/boot/vmlinuz-" + r, testing::bzimage(r + " (debian-kernel@lists.debian.org) #1 SMP"));
  dir.write("root/boot/config-" + r, kGuestBase + config);
  std::filesystem::create_directories(dir.file("root/lib/modules/" + r + "/kernel"));
  return dir.file("root/boot/vmlinuz-" + r);
}

void add_module(const TempDir& dir, const std::string& path, const std::string& depends) {
  dir.write(std::string("root/lib/modules/") + kRelease + "/kernel/" + path,
            testing::module_elf({"license=GPL", "depends=" + depends, "intree=Y"}));
}

std::vector<std::string> names(const std::vector<std::string>& files) {
  std::vector<std::string> out;
  out.reserve(files.size());
  for (const auto& f : files) out.push_back(std::filesystem::path(f).filename().string());
  return out;
}

}  // namespace

TEST(KernelFiles, ReadsTheReleaseFromTheImagesHeader) {
  EXPECT_EQ(image_release(testing::bzimage("6.1.0-57-rt-amd64 (x) #1 SMP PREEMPT_RT")), "6.1.0-57-rt-amd64");
  EXPECT_EQ(image_release("\x7f" "ELF not a bzImage"), "");
  EXPECT_EQ(image_release(std::string(0x1000, '\0')), "");
}

// The version string is input: it labels sets and reaches the terminal and
// the store, so only what a release is made of is taken.
TEST(KernelFiles, AVersionStringThatIsNotAReleaseIsNone) {
  EXPECT_EQ(image_release(testing::bzimage("6.1\x1b]0;owned\x07 (x)")), "");
  EXPECT_EQ(image_release(testing::bzimage("6.1.0-\xff\xfe (x)")), "");
  EXPECT_EQ(image_release(testing::bzimage(std::string(200, '6') + " (x)")), "") << "longer than a release";
}

TEST(KernelFiles, ParsesNameImageAndInitrd) {
  TempDir dir;
  const std::string image = dir.write("vmlinuz", "x"), initrd = dir.write("initrd.img", "y");
  const auto a = parse_kernel_arg("--kernel", "cloud=" + image + ":" + initrd);
  EXPECT_EQ(a.name, "cloud");
  EXPECT_EQ(a.vmlinuz, image);
  EXPECT_EQ(a.initrd, initrd);
  const auto b = parse_kernel_arg("--kernel", image);
  EXPECT_EQ(b.name, "");
  EXPECT_EQ(b.initrd, "");
  EXPECT_THROW(parse_kernel_arg("--kernel", "bad name=" + image), UsageError);
  EXPECT_THROW(parse_kernel_arg("--kernel", "a="), UsageError);
  EXPECT_THROW(parse_kernel_arg("--kernel", "a=" + image + ":"), UsageError);
}

TEST(KernelFiles, FindsConfigAndModulesBesideAnUnpackedPackage) {
  TempDir dir;
  const auto k = locate_kernel("--kernel", {"cloud", unpacked_kernel(dir, "CONFIG_X=y\n"), ""}, false);
  EXPECT_EQ(k.name, "cloud");
  EXPECT_EQ(k.release, kRelease);
  EXPECT_EQ(k.config, dir.file(std::string("root/boot/config-") + kRelease));
  EXPECT_EQ(k.modules, dir.file(std::string("root/lib/modules/") + kRelease));
  EXPECT_EQ(locate_kernel("--kernel", {"", k.vmlinuz, ""}, false).name, kRelease);  // no NAME: the release
}

TEST(KernelFiles, RefusesAMissingFileOrAnImageThatIsNoBzImage) {
  TempDir dir;
  EXPECT_THROW(locate_kernel("--kernel", {"a", dir.file("absent"), ""}, false), UsageError);
  EXPECT_THROW(locate_kernel("--kernel", {"a", dir.write("vmlinuz", "plain text"), ""}, false), UsageError);
}

TEST(KernelModules, ModulesComeInLoadOrderWithTheirDependencies) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=m\nCONFIG_VIRTIO_FS=m\nCONFIG_OVERLAY_FS=m\n");
  add_module(dir, "drivers/virtio/virtio.ko", "");
  add_module(dir, "drivers/virtio/virtio_ring.ko", "");
  add_module(dir, "drivers/virtio/virtio_pci_modern_dev.ko", "");
  add_module(dir, "drivers/virtio/virtio_pci.ko", "virtio_ring,virtio,virtio_pci_modern_dev");
  add_module(dir, "fs/fuse/fuse.ko", "");
  add_module(dir, "fs/fuse/virtiofs.ko", "fuse,virtio_ring,virtio");
  add_module(dir, "fs/overlayfs/overlay.ko", "");
  const auto k = locate_kernel("--kernel", {"cloud", image, ""}, false);
  EXPECT_EQ(names(boot_modules("--kernel", k)),
            (std::vector<std::string>{"virtio_ring.ko", "virtio.ko", "virtio_pci_modern_dev.ko", "virtio_pci.ko",
                                      "fuse.ko", "virtiofs.ko", "overlay.ko"}));
}

TEST(KernelModules, BuiltInOptionsNeedNoModule) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=y\nCONFIG_OVERLAY_FS=m\n");
  add_module(dir, "fs/overlayfs/overlay.ko", "");
  EXPECT_EQ(names(boot_modules("--kernel", locate_kernel("--kernel", {"k", image, ""}, false))),
            std::vector<std::string>{"overlay.ko"});
}

TEST(KernelModules, SaysWhatTheKernelLacks) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\n# CONFIG_VIRTIO_FS is not set\nCONFIG_OVERLAY_FS=y\n");
  try {
    boot_modules("--kernel", locate_kernel("--kernel", {"k", image, ""}, false));
    FAIL() << "a kernel without virtiofs was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("CONFIG_VIRTIO_FS"), std::string::npos) << e.what();
  }
}

// A source tree's bzImage takes the tree's .config; --config replaces it.
TEST(KernelFiles, ASourceTreesConfigOrTheOneGiven) {
  TempDir dir;
  dir.write("kbuild/arch/x86/boot/bzImage", testing::bzimage("6.1.192-g07ea769 (x) #1 SMP"));
  const std::string dot_config = dir.write("kbuild/.config", "CONFIG_X=y\n");
  auto k = locate_kernel("--kernel", {"good", dir.file("kbuild/arch/x86/boot/bzImage"), ""}, false);
  EXPECT_EQ(k.config, dot_config);
  EXPECT_EQ(k.modules, "");
  use_config("--config", dir.write("other.config", "CONFIG_Y=y\n"), k);
  EXPECT_EQ(k.config, dir.file("other.config"));
  EXPECT_THROW(use_config("--config", dir.file("absent"), k), UsageError);
}

// A guest need that no module can meet is refused with the others, before
// any module is looked for.
TEST(KernelModules, TheGuestsOtherNeedsAreCheckedToo) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=y\nCONFIG_OVERLAY_FS=y\n");
  dir.write(std::string("root/boot/config-") + kRelease,
            "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=y\nCONFIG_OVERLAY_FS=y\nCONFIG_64BIT=y\n");
  try {
    boot_modules("--kernel", locate_kernel("--kernel", {"k", image, ""}, false));
    FAIL() << "a kernel without a serial console was accepted";
  } catch (const UsageError& e) {
    for (const char* option : {"CONFIG_SERIAL_8250_CONSOLE=y", "CONFIG_DEVTMPFS=y", "CONFIG_ACPI=y"})
      EXPECT_NE(std::string(e.what()).find(option), std::string::npos) << option << " in: " << e.what();
  }
}

TEST(KernelModules, AMissingModuleOrAnUnknownPackingIsNamed) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=y\nCONFIG_OVERLAY_FS=m\n");
  const auto k = locate_kernel("--kernel", {"k", image, ""}, false);
  EXPECT_THROW(boot_modules("--kernel", k), UsageError);  // overlay.ko is not there
  add_module(dir, "fs/overlayfs/overlay.ko.bz2", "");
  try {
    boot_modules("--kernel", k);
    FAIL() << "a module packed as bzip2 was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("overlay.ko.bz2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(".ko.xz, .ko.zst or .ko.gz"), std::string::npos) << e.what();
  }
}

// Debian packs its modules with xz, Fedora and Ubuntu with zstd: a tree of
// either is read as it is, dependencies and all, and the guest gets ELF.
TEST(KernelModules, PackedModulesAreReadAsTheyAre) {
  for (const auto packing : {input::Packing::kXz, input::Packing::kZstd, input::Packing::kGzip}) {
    TempDir dir;
    const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=m\nCONFIG_OVERLAY_FS=y\n");
    const std::string suffix = std::string(".ko.") + (packing == input::Packing::kXz     ? "xz"
                                                      : packing == input::Packing::kZstd ? "zst"
                                                                                         : "gz");
    const std::string fuse = testing::module_elf({"license=GPL", "depends=", "intree=Y"});
    dir.write(std::string("root/lib/modules/") + kRelease + "/kernel/fs/fuse/fuse" + suffix, testing::packed(fuse, packing));
    dir.write(std::string("root/lib/modules/") + kRelease + "/kernel/fs/fuse/virtiofs" + suffix,
              testing::packed(testing::module_elf({"depends=fuse"}), packing));
    const auto modules = boot_modules("--kernel", locate_kernel("--kernel", {"k", image, ""}, false));
    EXPECT_EQ(names(modules), (std::vector<std::string>{"fuse" + suffix, "virtiofs" + suffix}));
    EXPECT_EQ(module_bytes(modules.at(0)), fuse) << suffix;
  }
}

// A module whose bytes are not what its name says is named, with why.
TEST(KernelModules, AModuleThatIsNotItsPackingIsNamed) {
  TempDir dir;
  const auto image = unpacked_kernel(dir, "CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_FS=y\nCONFIG_OVERLAY_FS=m\n");
  add_module(dir, "fs/overlayfs/overlay.ko.zst", "");  // plain ELF under a .zst name
  try {
    boot_modules("--kernel", locate_kernel("--kernel", {"k", image, ""}, false));
    FAIL() << "ELF bytes named .zst were accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("overlay.ko.zst"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("its bytes are not zstd"), std::string::npos) << e.what();
  }
}

TEST(KernelModules, ReadsDependsFromModinfo) {
  EXPECT_EQ(module_depends(testing::module_elf({"depends=fuse,virtio", "name=virtiofs"}), "virtiofs.ko"),
            (std::vector<std::string>{"fuse", "virtio"}));
  EXPECT_TRUE(module_depends(testing::module_elf({"depends="}), "fuse.ko").empty());
}

}  // namespace schedlab::guest
