#!/usr/bin/env bash
# Benchmarks herald against Hugo on the shared synthetic corpora, side by side on this machine.
#   bench/run.sh [--sizes "1000 10000 50000"] [--runs 5] [--dir /dev/shm/herald-bench]
# Builds herald in release mode, installs Hugo and GNU time if missing, and prints medians of
# wall time, CPU time and peak memory for herald, Hugo and the floor (cmark alone over every
# Markdown file, plus copying an output tree of herald's size), with the ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
missing=()
command -v hugo >/dev/null || missing+=(hugo)
[ -x /usr/bin/time ] || missing+=(time)
command -v cmark >/dev/null || missing+=(cmark)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash "$repo/scripts/setup.sh"
(cd "$repo" && swift build -c release --product herald --static-swift-stdlib >/dev/null)  # as `make build` builds it
exec python3 "$here/bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" "$@"
