#!/usr/bin/env bash
# Benchmarks herald's image processing against Hugo's on the same photos (bench/images_bench.py):
#   bench/images.sh [--photos 1000] [--others 100] [--runs 2] [--dir /dev/shm/herald-images-bench]
# Builds herald in release mode and installs Hugo, GNU time and the vips command if missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
missing=()
command -v hugo >/dev/null || missing+=(hugo)
[ -x /usr/bin/time ] || missing+=(time)
command -v vips >/dev/null || missing+=(libvips-tools)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash "$repo/scripts/setup.sh"
(cd "$repo" && swift build -c release --product herald --static-swift-stdlib >/dev/null)  # as `make build` builds it
exec python3 "$here/images_bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" "$@"
