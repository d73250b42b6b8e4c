#!/usr/bin/env bash
# Benchmarks herald's image processing against Hugo's on the same photos (bench/images_bench.py):
#   bench/images.sh [--photos 1000] [--others 100] [--runs 2] [--dir /dev/shm/herald-images-bench]
# Builds herald in release mode and installs Hugo, GNU time and the vips command if missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
bash "$here/prepare.sh" hugo=hugo /usr/bin/time=time vips=libvips-tools
exec python3 "$here/images_bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" "$@"
