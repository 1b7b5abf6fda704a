#!/bin/sh
# The end-to-end bisect of a real kernel tree (issue 32; docs/testing.md):
# scripts/kernel-tree lays Debian's 6.1.192 out as a git tree with upstream
# 3840cbe24cf0 ("sched: psi: fix bogus pressure spikes from aggregation
# race") among six neutral commits, and `schedlab bisect` must name that
# commit, building every step's kernel with data/guest/kernel.config and
# judging it beside the good revision's in guests.  Not in CI: the first
# build alone takes minutes.  Resumable: run it again after an interruption
# and the bisect goes on from its last judged step (bisect --resume).
#
# Why this workload: the change moves the CPU clock read into every
# psi_group_change() on every level of a task's cgroup chain, so a pipe
# ping-pong (context) in a chain 8 levels deep pays it on every wakeup and
# switch.  Under TCG the guests count instructions (--guest-clock's
# default), which spread 0.2-0.6% between boots where the host's clock
# spreads 15-20%; the change costs 3.7% there, so --threshold 2 decides
# every step within its first look.
#
# Usage: tests/long/real_tree_bisect.sh SCHEDLAB [TREE] [BUILD_DIR]
#   TREE       default $XDG_CACHE_HOME/schedlab/long/linux (made when missing)
#   BUILD_DIR  default beside it (make O=, kept between runs)
# Needs root, QEMU (scripts/deps --kernels) and the kernel's build tools
# (scripts/deps --kernel-build).  Exit 0 when the named commit is the one.
set -eu
schedlab=$(realpath "${1:?usage: real_tree_bisect.sh SCHEDLAB [TREE] [BUILD_DIR]}")
here=$(cd "$(dirname "$0")/../.." && pwd)
base=${XDG_CACHE_HOME:-$HOME/.cache}/schedlab/long
tree=${2:-$base/linux}
build=${3:-$base/kbuild}
expected="sched: psi: fix bogus pressure spikes from aggregation race"
mkdir -p "$(dirname "$tree")" "$build"
"$here/scripts/kernel-tree" "$tree" >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s)
if [ -f "$tree/.git/schedlab-bisect.json" ]; then
  "$schedlab" bisect --resume --tree "$tree" | tee "$out"
else
  "$schedlab" bisect --tree "$tree" --good bisect-good --bad bisect-bad \
    --config "$here/data/guest/kernel.config" --build-dir "$build" --emulated-ok --threshold 2 --vcpus 1 \
    -- run context --cgroup-depth 8 --runs 3 --duration 1s | tee "$out"
fi
echo "real_tree_bisect: $(( $(date +%s) - start )) s"
if grep "^first bad commit:" "$out" | grep -qF "$expected"; then
  echo "real_tree_bisect: PASS: the bisect named upstream 3840cbe24cf0 ($expected)"
else
  echo "real_tree_bisect: FAIL: expected the first bad commit to be \"$expected\"" >&2
  exit 1
fi
