#!/usr/bin/env bash
# Benchmarks `herald serve`: requests per second under load (wrk, 100 connections, 10 s, on
# loopback) and the time from saving an edited article to the browser's reload event and the new
# page being served, on a make_corpus.py corpus.
#   bench/serve.sh [--items 10000] [--edits 5] [--pause 3] [--dir /dev/shm/herald-bench]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
bash "$here/prepare.sh" wrk=wrk
exec python3 "$here/serve_bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" --example "$repo" "$@"
