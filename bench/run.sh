#!/usr/bin/env bash
# Benchmarks herald against Hugo on the shared synthetic corpora, side by side on this machine.
#   bench/run.sh [--sizes "1000 10000 50000"] [--runs 5] [--dir /dev/shm/herald-bench]
# Builds herald in release mode, installs Hugo and GNU time if missing, and prints medians of
# wall time, CPU time and peak memory for herald, Hugo and the floor (cmark alone over every
# Markdown file, plus copying an output tree of herald's size), with the ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
bash "$here/prepare.sh" hugo=hugo /usr/bin/time=time cmark=cmark
exec python3 "$here/bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" "$@"
