#!/bin/busybox sh
# /init of the ramdisk `schedlab lava ramdisk` writes (PID 1, static busybox).
#
# LAVA boots a kernel with this ramdisk, into which it has unpacked its
# test overlay (/lava-<job>), waits for the prompt below on the serial
# console, and types its test shell's commands there.  The ramdisk carries
# schedlab, its worker and the shared libraries they load, so nothing is
# needed from a disk or the network.  PID 1 stays this script: the shell
# runs as its child, again whenever it exits, so the kernel never panics
# because init went away.

/bin/busybox mkdir -p /proc /sys /dev /tmp /run /root /bin /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb LANG=C.UTF-8

# Debian kernels do not mount devtmpfs by themselves (DEVTMPFS_MOUNT off).
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mkdir -p /dev/pts /dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts /dev/pts
mount -t tmpfs -o mode=1777 tmpfs /dev/shm
mount -t tmpfs -o mode=1777 tmpfs /tmp
mount -t tmpfs -o mode=0755 tmpfs /run
# What schedlab's scenarios and probes use: cgroup v2, tracefs, debugfs.
mount -t cgroup2 -o nsdelegate cgroup2 /sys/fs/cgroup
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
# LAVA needs the kernel's banner (it waits for "Linux version" before the
# prompt), so the kernel boots at its full console log level; from here on
# only warnings and worse reach the console, where they could cut into the
# lines of a result block (grid/result_block.h: a cut block is detected).
dmesg -n 5
hostname schedlab-lava
ip link set lo up 2>/dev/null
exec </dev/console >/dev/console 2>&1

echo "SCHEDLAB-LAVA-INIT uptime $(cut -d' ' -f1 /proc/uptime) kernel $(uname -r)"
cd /
while true; do
    PS1='schedlab-lava:/# ' setsid cttyhack sh
    sleep 1
done
