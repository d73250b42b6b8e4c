#!/usr/bin/env bash
# `make dist`: Herald for machines without Swift. Builds the release binary with Swift's standard
# library and Foundation linked in (--static-swift-stdlib), stripped, with the default theme inside
# as always, and makes from it:
#   dist/herald_<version>_<arch>.deb             for `apt install ./herald_….deb`
#   dist/herald-<version>-linux-<machine>.tar.gz the same files, for any Linux, unpacked by hand
# The version is the VERSION file's (which `herald --version` prints too). The .deb's Depends names
# the Debian packages of exactly the shared libraries the binary needs, as dpkg-shlibdeps finds them
# in the binary; the tarball lists the same packages in debian-packages.txt.
# Every time stamp is the last commit's (SOURCE_DATE_EPOCH), and archives are sorted and owned by root,
# so packaging the same build again gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
# The build folder by its real path (see SCRATCH in the Makefile: CI links .build to a kept folder).
scratch=$(readlink -f .build)
MAINTAINER="The Herald developers <herald-ssg@users.noreply.github.com>"
# Where releases are published is written once, in HeraldVersion.swift (the CI workflows download
# from there); the package's Homepage and changelog are derived from it.
releases=$(sed -n 's/.*static let releasesURL = "\(.*\)".*/\1/p' Sources/Herald/Support/HeraldVersion.swift)
[ -n "$releases" ] || { echo "Sources/Herald/Support/HeraldVersion.swift: no releasesURL found" >&2; exit 1; }
homepage=${releases%/releases}

version=$(tr -d '[:space:]' < VERSION)
arch=$(dpkg --print-architecture)
machine=$(uname -m)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || stat -c %Y VERSION)}
date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
for tool in dpkg-deb dpkg-shlibdeps strip gzip; do
  command -v "$tool" >/dev/null || { echo "make dist needs $tool (Debian's dpkg-dev and binutils: make setup-dist)" >&2; exit 1; }
done

echo "== herald $version, release, Swift's libraries linked in"
$SWIFT build --scratch-path "$scratch" -c release --product herald --static-swift-stdlib
binary=.build/release/herald
built_version=$("$binary" --version)
[ "$built_version" = "$version" ] || { echo "make dist: herald says $built_version, VERSION says $version" >&2; exit 1; }

# The manual page comes from herald's own --help, by swift-argument-parser's GenerateManual plugin.
# The plugin builds every product first and its own tool only that way, so it is asked for the debug
# configuration: `make test` has built that already (in CI it takes 20 s), where a release build
# without the static standard library would compile the package a second time (7.5 minutes, not 4).
echo "== manual page"
manual=.build/plugins/GenerateManual/outputs/HeraldCLI/herald.1
rm -f "$manual"
$SWIFT package --scratch-path "$scratch" generate-manual --configuration debug --date "$date" --authors "The Herald developers" >/dev/null
[ -s "$manual" ] || { echo "make dist: the GenerateManual plugin wrote no $manual" >&2; exit 1; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/deb
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/herald" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/usr/bin/herald"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/herald"
# A blank line in a command's discussion is a paragraph break, which mdoc writes as .Pp.
sed 's/^$/.Pp/' "$manual" | gzip -9n > "$root/usr/share/man/man1/herald.1.gz"
# bash sources a completion file: it has no #! line.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/herald"
"$binary" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_herald"
"$binary" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/herald.fish"
# A native package's changelog: one entry, this version, dated like the rest of the package.
printf 'herald (%s) unstable; urgency=medium\n\n  * Herald %s: %s/tag/v%s\n\n -- %s  %s\n' \
  "${version/-/\~}" "$version" "$releases" "$version" \
  "$MAINTAINER" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n > "$root/usr/share/doc/herald/changelog.gz"
# Yams compiles libyaml into herald (Swift packages link statically); lintian is told so, and why.
install -d "$root/usr/share/lintian/overrides"
cp scripts/dist/lintian-overrides "$root/usr/share/lintian/overrides/herald"
python3 scripts/dist/debian_copyright.py .build/release/herald.product/Objects.LinkFileList \
  .build/checkouts Sources "$root/usr/share/doc/herald/copyright"
find "$root/usr/share" -type f -exec chmod 644 {} +

# Depends: the packages of the shared libraries the stripped binary needs, read from the binary.
install -d "$stage/src/debian"
printf 'Source: herald\n\nPackage: herald\nArchitecture: any\n' > "$stage/src/debian/control"
depends=$(cd "$stage/src" && dpkg-shlibdeps -O -e "$root/usr/bin/herald" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Pygments highlights fenced code in a Python process Herald starts (no library of the binary, so
# dpkg-shlibdeps cannot see it); python3-pygments brings Debian's python3 with it.
depends="$depends, python3-pygments"
# libvips is loaded when the first image is made, not linked (Sources/CVips/include/CVips.h), so
# dpkg-shlibdeps cannot see it either: Debian's package of its soname, libvips.so.42, at least as
# new as the headers herald was built with (its ABI is checked again when it is loaded).
vips_version=$(pkg-config --modversion vips | cut -d. -f1,2)
depends="$depends, libvips42 (>= $vips_version)"
if echo "$depends" | grep -qi swift; then echo "make dist: the binary needs Swift's libraries: $depends" >&2; exit 1; fi
# A pre-release (1.2.0-rc.1) sorts before its release in Debian only as 1.2.0~rc.1.
sed "s/@VERSION@/${version/-/\~}/; s/@MAINTAINER@/$MAINTAINER/; s|@HOMEPAGE@|$homepage|; s/@ARCH@/$arch/; s/@DEPENDS@/$depends/; s/@SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
  scripts/dist/debian-control > "$root/DEBIAN/control"
# md5sums, by which `dpkg --verify herald` finds a changed file.
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p dist
deb=dist/herald_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null

# The tarball: the same files, and the Debian package names for `apt install $(cat …)`.
name=herald-$version-linux-$machine
tree=$stage/$name
install -d "$tree/completions"
cp "$root/usr/bin/herald" "$tree/herald"
gzip -dc "$root/usr/share/man/man1/herald.1.gz" > "$tree/herald.1"
cp "$root/usr/share/bash-completion/completions/herald" "$tree/completions/herald.bash"
cp "$root/usr/share/zsh/vendor-completions/_herald" "$tree/completions/_herald"
cp "$root/usr/share/fish/vendor_completions.d/herald.fish" "$tree/completions/herald.fish"
cp README.md LICENSE "$tree/"
cp "$root/usr/share/doc/herald/copyright" "$tree/COPYRIGHT"
echo "$depends" | tr ',' '\n' | sed -E 's/^ *//; s/ *\(.*//' | sort -u > "$tree/debian-packages.txt"
find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tarball=dist/$name.tar.gz
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" | gzip -9n > "$tarball"

echo "== made"
ls -l "$deb" "$tarball"
echo "Depends: $depends"
