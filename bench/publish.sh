#!/usr/bin/env bash
# Benchmarks `herald publish` on a make_corpus.py corpus: to a folder, to a bare git repository and
# to moto's S3 server on 127.0.0.1. For each: the first publish, a publish with nothing to send
# (a fresh build of the same content: new modification times, same bytes), and a publish after
# one article is edited. Prints a Markdown table.
#   bench/publish.sh [--items 10000] [--dir /dev/shm/herald-bench] [--targets "folder git s3"]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
bash "$here/prepare.sh" --test 
exec python3 "$here/publish_bench.py" --herald "$repo/.build/release/herald" --shared "$repo/../shared" "$@"
