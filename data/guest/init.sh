#!/bin/busybox sh
# /init of the initramfs `schedlab kernels` boots (PID 1, static busybox).
#
# The host's root filesystem arrives read-only over virtiofs (tag hostroot)
# and gets a tmpfs overlay, so the guest runs the host's own binaries and
# libraries and can write anywhere without touching the host.  The writable
# shared directory (tag slshared) holds the command (/shared/cmd) on the way
# in and its files, stdout, stderr and exit status (/shared/rc) on the way
# out.  QEMU exits 0 after a panic as after a power-off, so the status
# travels in /shared/rc; console lines beginning "SCHEDLAB-GUEST-" tell the
# host how far the guest got.  Every failure powers off at once: the host
# must never wait for a deadline to learn that a mount failed.

/bin/busybox mkdir -p /proc /sys /dev /bin /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
export PATH=/bin:/sbin:/usr/bin:/usr/sbin

# Debian kernels do not mount devtmpfs by themselves (DEVTMPFS_MOUNT off).
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t proc proc /proc
mount -t sysfs sysfs /sys
exec </dev/console >/dev/console 2>&1

uptime_s() { cut -d' ' -f1 /proc/uptime; }
fail() {
    echo "SCHEDLAB-GUEST-FAIL $*"
    sync
    poweroff -f
    sleep 10
    exit 1  # PID 1 exiting panics the kernel; panic=-1 and -no-reboot still end QEMU
}

echo "SCHEDLAB-GUEST-INIT uptime $(uptime_s) kernel $(uname -r)"

modtree=
for word in $(cat /proc/cmdline); do
    case "$word" in
        sl.modules=*) modtree=${word#sl.modules=} ;;  # the host path of lib/modules/RELEASE
    esac
done

# The host resolved the modules and their dependencies into load order.
# insmod fails for one that is built in or already loaded: the mounts below
# are the real test.  An initramfs appended to the user's own initrd has no
# list; then the user's initrd brings the modules and modules.dep.
if [ -f /modules.order ]; then
    while read -r ko; do
        [ -n "$ko" ] && insmod "/modules/$ko" 2>/dev/null
    done < /modules.order
else
    for m in virtio_pci virtiofs overlay; do modprobe "$m" 2>/dev/null; done
fi

mkdir -p /mnt/lower /mnt/rw /mnt/root
mount -t virtiofs -o ro hostroot /mnt/lower || fail "mount virtiofs hostroot (needs CONFIG_VIRTIO_PCI, CONFIG_VIRTIO_FS)"
mount -t tmpfs -o mode=0755 tmpfs /mnt/rw || fail "mount tmpfs for the overlay"
mkdir -p /mnt/rw/upper /mnt/rw/work
mount -t overlay overlay -o lowerdir=/mnt/lower,upperdir=/mnt/rw/upper,workdir=/mnt/rw/work /mnt/root \
    || fail "mount overlay (needs CONFIG_OVERLAY_FS)"
root=/mnt/root

# The host's /proc, /sys and /dev are only empty directories in the export:
# the guest's own go there before anything runs.
mount -t proc proc $root/proc || fail "mount proc"
mount -t sysfs sysfs $root/sys || fail "mount sysfs"
mount -t devtmpfs devtmpfs $root/dev || fail "mount devtmpfs"
mkdir -p $root/dev/pts $root/dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts $root/dev/pts
mount -t tmpfs -o mode=1777 tmpfs $root/dev/shm
mount -t cgroup2 -o nsdelegate cgroup2 $root/sys/fs/cgroup || fail "mount cgroup2"
mount -t tracefs tracefs $root/sys/kernel/tracing 2>/dev/null
mount -t debugfs debugfs $root/sys/kernel/debug 2>/dev/null
mount -t tmpfs -o mode=1777 tmpfs $root/tmp || fail "mount /tmp"
mount -t tmpfs -o mode=0755 tmpfs $root/run || fail "mount /run"
mkdir -p $root/shared
mount -t virtiofs slshared $root/shared || fail "mount virtiofs slshared"
[ -f $root/shared/cmd ] || fail "no /shared/cmd"

# schedlab reads /boot/config-RELEASE (Debian kernels have no
# /proc/config.gz) and the host's /boot has none for this kernel.
release=$(uname -r)
if [ -f /config ]; then
    mkdir -p $root/boot && cp /config $root/boot/config-$release
fi
if [ -n "$modtree" ] && [ -d "$root$modtree" ]; then
    mkdir -p $root/lib/modules/$release && mount --bind "$root$modtree" $root/lib/modules/$release
fi
hostname schedlab-guest
ip link set lo up 2>/dev/null

# The command runs under this busybox, copied into the new root: the host's
# own /bin/sh may be of another architecture than the guest (an arm64 guest
# of an x86-64 host runs an arm64 schedlab from the host's root, with the
# arm64 libraries multiarch installs there).
mkdir -p $root/run/schedlab && cp /bin/busybox $root/run/schedlab/busybox || fail "copy busybox into /run"
bb=/run/schedlab/busybox

# When the host's programs are of another architecture (an arm64 guest on an
# x86-64 host), /usr/bin -- and /bin through Debian's merged /usr -- becomes
# this busybox's applets, so that what workloads execute runs: /bin/true,
# /bin/sh, sort, od, grep, tee, wc (busybox's own, not Debian's coreutils and
# dash; such a guest is always emulated, so only its function is compared).
if ! chroot $root /usr/bin/true 2>/dev/null; then
    mount -t tmpfs -o mode=0755 tmpfs $root/usr/bin || fail "mount a tmpfs over /usr/bin for the guest's own programs"
    chroot $root $bb --install -s /usr/bin || fail "install busybox's applets in /usr/bin"
    echo "SCHEDLAB-GUEST-PROGRAMS busybox applets (the host's are of another architecture)"
fi

echo "SCHEDLAB-GUEST-RUN uptime $(uptime_s)"
# A clean environment: the kernel hands unknown command-line words to init.
chroot $root $bb env -i \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root TERM=dumb LANG=C.UTF-8 \
    $bb sh /shared/cmd </dev/null >$root/shared/stdout 2>$root/shared/stderr
rc=$?
echo "$rc" > $root/shared/rc.tmp && mv $root/shared/rc.tmp $root/shared/rc
sync
umount $root/shared
echo "SCHEDLAB-GUEST-EXIT $rc uptime $(uptime_s)"
poweroff -f
sleep 10
