#include "grid/lava_vocabulary.h"

#include <algorithm>

namespace schedlab::grid {

const std::vector<std::string>& lava_context_variables() {
  static const std::vector<std::string> kList = {
      "arch", "boot_console", "boot_root", "cpu", "extra_options", "guestfs_driveid", "guestfs_interface",
      "guestfs_size", "machine", "memory", "model", "monitor", "netdevice", "no_kvm", "serial", "vga",
      "booti_dtb_addr", "booti_kernel_addr", "booti_ramdisk_addr", "bootm_dtb_addr", "bootm_kernel_addr",
      "bootm_ramdisk_addr", "bootz_dtb_addr", "bootz_kernel_addr", "bootz_ramdisk_addr", "boot_character_delay",
      "boot_retry", "bootloader_prompt", "console_device", "custom_kernel_args", "extra_kernel_args",
      "extra_nfsroot_args", "failure_retry", "kernel_loglevel", "kernel_start_message", "lava_test_results_dir",
      "menu_interrupt_prompt", "mustang_menu_list", "test_character_delay", "tftp_mac_address",
      "uboot_extra_error_message", "uboot_needs_interrupt", "uboot_altbank"};
  return kList;
}

const std::vector<std::string>& lava_deploy_methods() {
  static const std::vector<std::string> kList = {
      "docker", "download", "downloads", "fastboot", "flasher", "fvp", "iso_installer", "lxc",
      "mps", "musca", "nbd", "nfs", "overlay", "recovery", "sata", "ssh", "tftp", "tmpfs",
      "u_boot_ums", "usb", "uuu", "vemsd"};
  return kList;
}

const std::vector<std::string>& lava_boot_methods() {
  static const std::vector<std::string> kList = {
      "barebox", "bootloader", "cmsis_dap", "depthcharge", "dfu", "docker", "fastboot", "fvp", "gdb", "grub",
      "grub_efi", "ipxe", "jlink", "kexec", "lxc", "minimal", "monitor", "musca", "new_connection", "openocd",
      "pyocd", "qemu", "qemu_iso", "qemu_nfs", "recovery", "schroot", "ssh", "u_boot", "uefi", "uefi_menu", "uuu"};
  return kList;
}

bool lava_knows_method(const std::vector<std::string>& methods, std::string method) {
  std::replace(method.begin(), method.end(), '-', '_');
  return std::find(methods.begin(), methods.end(), method) != methods.end();
}

}  // namespace schedlab::grid
