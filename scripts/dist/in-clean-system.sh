#!/bin/bash
# Run by test-dist.sh inside the clean Debian 12 (as root, in the chroot): installs /tmp/herald.deb
# with apt, then tries herald as a new user would. Prints "ok   …" or "FAIL …" per assertion.
set -u
export DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin
version=$(cat /tmp/VERSION)
check() {
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fi
}
has() { grep -q -- "$2" "$1" 2>/dev/null; }

check "no Swift in the clean system" bash -c '! command -v swift && ! ls -d /usr/lib/swift* /opt/swift 2>/dev/null'
before=$(dpkg-query -f '${Package}\n' -W | wc -l)
# apt resolves the package's Depends (and Recommends, as apt does by default) from Debian's archive;
# a stale package list is refreshed once.
apt-get install -y -q /tmp/herald.deb > /tmp/apt.log 2>&1 \
  || { apt-get update -qq && apt-get install -y -q /tmp/herald.deb >> /tmp/apt.log 2>&1; }
check "apt installs the package" bash -c 'dpkg-query -W -f "\${Status}" herald | grep -q "install ok installed"'
after=$(dpkg-query -f '${Package}\n' -W | wc -l)
echo "     apt installed $((after - before)) packages with herald"
check "apt brought in the libraries herald depends on" [ "$((after - before))" -gt 1 ]
check "dpkg --verify finds every file as packaged" bash -c '[ -z "$(dpkg --verify herald)" ] && [ -s /var/lib/dpkg/info/herald.md5sums ]'
check "herald is on PATH" bash -c "command -v herald > /dev/null"
check "ldd finds every library herald needs" bash -c '! ldd /usr/bin/herald | grep -q "not found"'
# Every library ldd lists belongs to an installed Debian package (dpkg knows /usr/lib and /lib,
# which are one folder on a merged-/usr system, by the name its package ships).
debian_owned() {
  local lib
  for lib in $(ldd /usr/bin/herald | awk '$2 == "=>" {print $3}'); do
    dpkg -S "$lib" > /dev/null 2>&1 || dpkg -S "/usr$lib" > /dev/null 2>&1 || { echo "     not Debian's: $lib"; return 1; }
  done
}
check "herald needs no Swift library (ldd lists only Debian's)" bash -c '! ldd /usr/bin/herald | grep -qi swift'
check "every library ldd lists is from a Debian package" debian_owned
# Package.swift links mimalloc ahead of libc, so that its malloc is the one herald calls: the
# dynamic linker says which library each of herald's calls to malloc is bound to (mimalloc being
# loaded is not enough, it would also be if libc's malloc came first).
check "herald allocates with mimalloc" bash -c 'LD_DEBUG=bindings /usr/bin/herald --version 2>&1 | grep -q "binding file /usr/bin/herald .* to .*/libmimalloc\.so\.2 .*normal symbol .malloc."'
check "herald --version prints $version" bash -c '[ "$(herald --version)" = "$1" ]' _ "$version"
# The installed binary's size, and its start-up time: the median of 20 runs of herald --version.
times=()
for _ in $(seq 20); do
  start=$(date +%s%N); herald --version > /dev/null; end=$(date +%s%N)
  times+=($(( (end - start) / 1000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n '10p;11p' | awk '{s += $1} END {printf "%.1f", s / 2 / 1000}')
echo "     installed binary: $(stat -c %s /usr/bin/herald) bytes; herald --version, median of 20: $median ms"
check "the man page is installed" bash -c 'zcat /usr/share/man/man1/herald.1.gz | grep -q "^\.Dt HERALD 1"'
check "the bash completion is installed and parses" bash -n /usr/share/bash-completion/completions/herald
check "the zsh and fish completions are installed" test -s /usr/share/zsh/vendor-completions/_herald -a -s /usr/share/fish/vendor_completions.d/herald.fish
check "the copyright file names herald's licence" has /usr/share/doc/herald/copyright "License: Apache-2.0"

# As an ordinary user, in their home folder: the README's first steps, then what a new user does
# next: a news article with a photo as its cover, the address set, and a check.
run() { chroot --userspec=webmaster:webmaster / env -i HOME=/home/webmaster LANG=C.UTF-8 PATH=/usr/bin:/bin bash -c "cd ~ && $1"; }
cp /tmp/photo.jpg /home/webmaster/photo.jpg && chown webmaster: /home/webmaster/photo.jpg
run 'herald new site demo' > /tmp/new.log 2>&1
check "herald new site demo succeeds" [ $? -eq 0 ]
check "herald new site prints the next commands" has /tmp/new.log "herald build"
run 'cd demo && herald new news "Photo day"' > /tmp/news.log 2>&1
check "herald new news writes an article" has /tmp/news.log "Created ./content/news/"
run 'cd demo && f=$(ls content/news/*/*photo-day.md) && mv ~/photo.jpg static/images/photo.jpg &&
  sed -i -e "s|^# image: .*|image: /images/photo.jpg|" -e "s|^# imageAlt: .*|imageAlt: The quad in the sun|" \
    -e "/^draft: true/d" -e "/^Write the article here/,\$d" "$f" && echo "Photos of the open day." >> "$f" &&
  sed -i "s|^baseURL: .*|baseURL: https://news.example-union.org/|" site.yml'
run 'cd demo && herald build' > /tmp/build.log 2>&1
status=$?
sed 's/^/     /' /tmp/build.log
check "herald build succeeds" [ "$status" -eq 0 ]
check "herald build built the six items" has /tmp/build.log "Built 6 items"
out=/home/webmaster/demo/site-output
check "the home page is written" has "$out/index.html" "<html"
check "the article page shows the photo" has "$out/news/photo-day/index.html" "photo.720."
check "the RSS feed is written" has "$out/feed.xml" "<rss"
check "the Atom feed is written" has "$out/atom.xml" "<feed"
check "the JSON feed is written" has "$out/feed.json" "jsonfeed.org/version/1.1"
check "the calendar is written" has "$out/events.ics" "BEGIN:VCALENDAR"
check "the JSON API's home is written" has "$out/api/home.json" '"recent"'
check "libvips made the photo's WebP and JPEG sizes" bash -c 'ls "$1"/images/photo.720.*.webp "$1"/images/photo.720.*.jpg > /dev/null' _ "$out"
check "social cards were drawn (libvips, Pango, fonts)" bash -c '[ "$(find "$1/social" -name "*.jpg" | wc -l)" -ge 6 ]' _ "$out"
run 'cd demo && herald check' > /tmp/check.log 2>&1
status=$?
sed 's/^/     /' /tmp/check.log
check "herald check succeeds" [ "$status" -eq 0 ]
check "herald check finds nothing to fix" has /tmp/check.log "found nothing to fix"
