#!/usr/bin/env bash
# The installed layouts: `cpack -G DEB` builds a package with exactly the
# expected files, which lintian finds nothing wrong with, whose binary
# (unpacked anywhere) finds its worker and runs; `cmake --install` to a
# prefix does the same; the man page renders without warnings and the
# completions work.  Usage: deb_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/schedlab-deb-test-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# The package and its file list.
(cd "$build" && cpack -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; fail "cpack"; }
deb=$(ls "$tmp"/out/schedlab_*.deb)
dpkg-deb -c "$deb" | awk '{print $6}' | grep -v '/$' | sort >"$tmp/files"
{
  cat <<'LIST'
./usr/bin/schedlab
./usr/libexec/schedlab/schedlab-worker
./usr/share/bash-completion/completions/schedlab
./usr/share/doc/schedlab/README.md
./usr/share/doc/schedlab/changelog.gz
./usr/share/doc/schedlab/copyright
./usr/share/man/man1/schedlab.1.gz
./usr/share/zsh/vendor-completions/_schedlab
LIST
  (cd "$src/docs" && find . -type f | sed 's|^\.|./usr/share/doc/schedlab/docs|')
} | sort >"$tmp/expected"
diff -u "$tmp/expected" "$tmp/files" || fail "the package's files differ from the expected list"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libfmt9 libhwloc15 libsqlite3-0 libpq5 libyaml-cpp0.7 libcurl4 libbpf1; do
  [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib: $depends"
done

# A proper Debian package: lintian (scripts/deps --test installs it) finds
# no error and no warning, the changelog parses and names this version.
command -v lintian >/dev/null || fail "no lintian (scripts/deps --test installs it)"
lintian --fail-on error,warning --tag-display-limit 0 "$deb" >"$tmp/lintian" 2>&1 ||
  { cat "$tmp/lintian"; fail "lintian"; }
dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/schedlab/changelog.gz | gunzip >"$tmp/changelog"
[ "$(dpkg-parsechangelog -l "$tmp/changelog" -S Version)" = "$(dpkg-deb -f "$deb" Version)" ] ||
  fail "the changelog's version is not the package's: $(head -n 1 "$tmp/changelog")"
[ "$(dpkg-parsechangelog -l "$tmp/changelog" -S Maintainer)" = "$(dpkg-deb -f "$deb" Maintainer)" ] ||
  fail "the changelog's maintainer is not the package's"

# Unpacked anywhere, the binary finds its worker in ../libexec/schedlab.
check_installed() {  # $1: the schedlab binary of an installed tree
  "$1" list >"$tmp/list" 2>&1 || fail "$1 list"
  grep -q "supported here: yes" "$tmp/list" || { cat "$tmp/list"; fail "$1 does not find its worker"; }
  ! grep -q "schedlab-worker is missing" "$tmp/list" || fail "$1: worker missing"
  XDG_DATA_HOME="$tmp/data" "$1" run spawn --duration 200ms --runs 1 --no-store --quiet \
    || fail "$1 cannot run a workload"
}
dpkg-deb -x "$deb" "$tmp/root"
check_installed "$tmp/root/usr/bin/schedlab"
# `cmake --install` as the README says, on a build as the quick start leaves
# it (only schedlab and its worker built: no man page, no completions yet).
# Failed before: the install stopped at the missing schedlab.1.gz.
rm -rf "$build/reference" "$build/deb/changelog.gz"
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }
check_installed "$tmp/prefix/bin/schedlab"
[ -x "$tmp/prefix/libexec/schedlab/schedlab-worker" ] || fail "cmake --install: no worker in libexec"
for f in share/man/man1/schedlab.1.gz share/bash-completion/completions/schedlab \
  share/zsh/vendor-completions/_schedlab share/doc/schedlab/changelog.gz; do
  [ -s "$tmp/prefix/$f" ] || fail "cmake --install on a quick-start build: no $f"
done

# The man page renders cleanly at 80 columns.
zcat "$tmp/root/usr/share/man/man1/schedlab.1.gz" >"$tmp/schedlab.1"
warnings=$(groff -man -Tutf8 -ww -z "$tmp/schedlab.1" 2>&1 || true)
[ -z "$warnings" ] || fail "groff warns: $warnings"
wide=$(groff -man -Tutf8 -P-cbou "$tmp/schedlab.1" 2>/dev/null | awk 'length > 80' || true)
[ -z "$wide" ] || fail "man page lines wider than 80 columns: $wide"
grep -q '^\.SS "schedlab run wakeup"' "$tmp/schedlab.1" || fail "the man page lacks the workloads"
grep -q 'cgroup\\-depth' "$tmp/schedlab.1" || fail "the man page lacks the scenario options"

# The bash completion completes commands, workloads, options and values.
complete_words() {  # the words before the cursor, then the word being typed
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _schedlab; echo "${COMPREPLY[*]}"' \
    _ "$tmp/root/usr/share/bash-completion/completions/schedlab" schedlab "$@" 2>/dev/null
}
[ "$(complete_words re)" = "restore report" ] || fail "commands: $(complete_words re)"
[ "$(complete_words run sp)" = "spawn" ] || fail "workloads: $(complete_words run sp)"
[ "$(complete_words run spawn --meth)" = "--method" ] || fail "options: $(complete_words run spawn --meth)"
[ "$(complete_words run spawn --method '')" = "fork vfork" ] || fail "values: $(complete_words run spawn --method '')"
[ "$(complete_words run spawn --autogroup o)" = "on off" ] || fail "values: $(complete_words run spawn --autogroup o)"
[ "$(complete_words report --te)" = "--test" ] || fail "report options: $(complete_words report --te)"
# And zsh reads its completion function.
zsh -n "$tmp/root/usr/share/zsh/vendor-completions/_schedlab" || fail "zsh completion syntax"
echo "package: $(basename "$deb"), $(wc -l <"$tmp/files") files, Depends: $depends"
