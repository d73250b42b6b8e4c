#!/usr/bin/env bash
# `make test-dist`: installs dist/herald_<version>_<arch>.deb with apt into a clean, minimal Debian 12
# (bookworm) made with debootstrap from Debian's own packages, with no Swift in it, and there, as an
# ordinary user, runs `herald new site demo && cd demo && herald build && herald check`, asserting
# on what each prints and writes. Lintian checks the package first. Needs root (debootstrap, chroot,
# mounts), as CI has.
#
# The debootstrap base (with its package lists) and the downloaded .debs are cached per user, outside
# the clone, in ${XDG_CACHE_HOME:-$HOME/.cache}/herald/dist-test/ (HERALD_DIST_CACHE elsewhere; with
# no HOME, .cache/dist-test/ in the clone, git-ignored), so that a warm run, in this clone or a fresh
# one (as CI's is), copies the base, installs from the cache and needs no network. A base older than
# 30 days, or made by another version of this script's recipe, is made anew (the .debs dropped with
# it), so that a long-lived cache neither goes stale nor piles up old versions. Runs sharing the
# cache take turns (a lock), since a base being made, or apt's download folder, is not for two at
# once. Every run installs into a fresh copy of the base; mounts are made in a private mount
# namespace (unshare), so nothing is left mounted.
# Ends with one plain line, "dist: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
version=$(tr -d '[:space:]' < VERSION)
arch=$(dpkg --print-architecture)
deb=${1:-dist/herald_${version}_${arch}.deb}
if [ -n "${HERALD_DIST_CACHE:-}" ]; then
  cache=$HERALD_DIST_CACHE
elif [ -n "${XDG_CACHE_HOME:-}" ]; then
  cache=$XDG_CACHE_HOME/herald/dist-test
elif [ -n "${HOME:-}" ]; then
  cache=$HOME/.cache/herald/dist-test
else
  cache=.cache/dist-test
fi
suite=bookworm
base=$cache/$suite-base
archives=$cache/apt-archives

[ "$(id -u)" -eq 0 ] || { echo "make test-dist needs root (debootstrap, chroot)" >&2; exit 1; }
[ -f "$deb" ] || { echo "$deb: no such package; run make dist first" >&2; exit 1; }
for tool in debootstrap unshare chroot lintian flock; do
  command -v "$tool" >/dev/null || { echo "make test-dist needs $tool (make setup-dist installs it)" >&2; exit 1; }
done

passed=0
failed=0
# check NAME COMMAND...: one assertion, counted and printed.
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name"; fi
}

# The Debian mirror this machine's apt uses, so the test reaches what apt here reaches.
mirror() {
  { sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb  *\(\[[^]]*\] *\)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null
  } | grep -E '/debian/?$' | head -1
}

# Debian's own checker of packages: no error and no warning (an override says why, where one is due).
lintian_log=$(mktemp)
lintian --tag-display-limit 0 --fail-on error,warning "$deb" > "$lintian_log" 2>&1
status=$?
grep -v "root privileges" "$lintian_log" | sed 's/^/     /'
check "lintian finds no error or warning in the package" [ "$status" -eq 0 ]
rm -f "$lintian_log"

mkdir -p "$cache" || { echo "cannot make the cache folder $cache (set HERALD_DIST_CACHE)" >&2; exit 1; }
echo "== the cache: $cache"
# One run at a time per cache, until this script ends (the lock goes with its last process).
exec 9> "$cache/.lock"
if ! flock -n 9; then
  echo "== waiting for another run of make test-dist, which holds $cache/.lock"
  flock -w 3600 9 || { echo "$cache/.lock: held by another run for an hour; is one hung?" >&2; exit 1; }
fi
# What a killed run left (no other run holds the lock now), but for runs kept with HERALD_DIST_KEEP.
for stale in "$cache"/run.*; do
  [ -d "$stale" ] && [ ! -e "$stale/.kept" ] && rm -rf "$stale"
done
# The cached base outlives clones: one made by another recipe (the lines between the two marks
# below, as an older test-dist.sh had them) or over 30 days ago is made anew, and the .debs with it.
recipe=$(sed -n '/^# >>> the base$/,/^# <<< the base$/p' scripts/dist/test-dist.sh | sha256sum | cut -c1-16)
if [ -f "$base/.complete" ] && { [ "$(cat "$base/.complete")" != "$recipe" ] || [ -n "$(find "$base/.complete" -mtime +30)" ]; }; then
  echo "== the cached $suite base is over 30 days old or was made by another recipe: making it anew"
  rm -f "$base/.complete" "$archives"/*.deb
fi
# >>> the base
if [ ! -f "$base/.complete" ]; then
  echo "== making the $suite base (cold: debootstrap from Debian's packages)"
  rm -rf "$base"
  url=$(mirror)
  [ -n "$url" ] || { echo "no Debian mirror found in /etc/apt" >&2; exit 1; }
  debootstrap --variant=minbase "$suite" "$base" "$url" > "$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log"; echo "debootstrap failed" >&2; exit 1; }
  cp /etc/resolv.conf "$base/etc/resolv.conf"
  chroot "$base" apt-get update -qq
  chroot "$base" useradd --create-home --shell /bin/bash webmaster
  rm -rf "$base/var/cache/apt/archives"/*.deb
  echo "$recipe" > "$base/.complete"
fi
# <<< the base
mkdir -p "$archives/partial"

work=$(mktemp -d "$cache/run.XXXXXX")
# HERALD_DIST_KEEP=1 keeps the run's system (to look at what herald made there); it is removed otherwise.
[ -n "${HERALD_DIST_KEEP:-}" ] && { echo "keeping $work"; touch "$work/.kept"; } || trap 'rm -rf "$work"' EXIT
root=$work/root
cp -a "$base" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/herald.deb"
cp VERSION "$root/tmp/VERSION"
cp Tests/Fixtures/images/landscape.jpg "$root/tmp/photo.jpg"
cp scripts/dist/in-clean-system.sh "$root/tmp/in-clean-system.sh"

echo "== installing $(basename "$deb") into a copy of the base, and trying it as a new user would"
unshare --mount --fork bash -c '
  set -e
  root=$1 archives=$2
  mount --make-rprivate /
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount --bind "$archives" "$root/var/cache/apt/archives"
  chroot "$root" /bin/bash /tmp/in-clean-system.sh
' _ "$root" "$(cd "$archives" && pwd)" > "$work/log" 2>&1
status=$?
cat "$work/log"
check "the clean-system run ended (exit $status)" [ "$status" -eq 0 ]
passed=$((passed + $(grep -c '^ok   ' "$work/log")))
failed=$((failed + $(grep -c '^FAIL ' "$work/log")))

# Where /proc is not mounted (a bare chroot), Swift sees no command line: herald must refuse,
# not run `herald build` in the current folder in place of what was asked.
echo "== the installed herald in the same system without /proc"
noproc_out=$(chroot "$root" /bin/sh -c 'cd /tmp && herald --version' 2>&1)
noproc_status=$?
echo "$noproc_out" | sed 's/^/     /'
check "without /proc, herald --version stops with exit 2" [ "$noproc_status" -eq 2 ]
check "without /proc, herald says that /proc is needed" grep -q "/proc is not mounted" <<< "$noproc_out"
check "without /proc, herald builds nothing" [ ! -e "$root/tmp/site-output" ]

echo "make test-dist took $(( $(date +%s) - started )) s"
echo "dist: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
