#!/usr/bin/env python3
"""Two herald binaries side by side on one corpus: is a change slower than the commit before it?

    python3 bench/compare.py --before OLD/herald --after NEW/herald [--items 10000] [--runs 9]

Builds alternate (before, after, before, after …) so both see the same machine state; each build
starts from an empty output folder with no record of a previous build, on tmpfs (/dev/shm), as
bench.py measures. Prints the median wall and CPU time of each, their ratio, and the medians of the
steps `--timings` reports, so a slower step shows where it is.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from bench import NOW, SITE_YML, timed


def steps(binary, corpus, output):
    """One build with --timings: step name → wall milliseconds (the parts of a step are CPU only, skipped)."""
    shutil.rmtree(output, ignore_errors=True)
    record = os.path.join(os.path.dirname(output), "." + os.path.basename(output) + ".herald-cache.json")
    if os.path.exists(record):
        os.remove(record)
    text = subprocess.run([binary, "build", "--source", corpus, "--output", output, "--now", NOW, "--timings"],
                          check=True, capture_output=True, text=True).stdout
    found = {}
    for line in text.splitlines():
        match = re.match(r"\s*([0-9.]+) (ms|s)\s+[0-9.]+ (?:ms|s)\s+(\S.*)$", line)
        if match:
            found[match.group(3)] = float(match.group(1)) * (1 if match.group(2) == "ms" else 1000)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--corpus", help="a site folder to build instead of make_corpus.py's (its own site.yml is kept)")
    parser.add_argument("--dir", default="/dev/shm/herald-compare" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "herald-compare"))
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    corpus = args.corpus or os.path.join(args.dir, f"corpus-{args.items}")
    if args.corpus:
        pass
    elif not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(args.items)],
                       check=True, stdout=subprocess.DEVNULL)
        # The photos its covers and bodies name: a cover that is not there does not build.
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_photos.py"), corpus], check=True)
    if not args.corpus:
        with open(os.path.join(corpus, "site.yml"), "w") as f:
            f.write(SITE_YML)
    results = {"before": [], "after": []}
    for run in range(args.runs + 1):  # the first round warms the caches and is not counted
        for name in ("before", "after"):
            output = os.path.join(args.dir, f"out-{name}")
            shutil.rmtree(output, ignore_errors=True)
            record = os.path.join(args.dir, f".out-{name}.herald-cache.json")
            if os.path.exists(record):
                os.remove(record)
            measured = timed([getattr(args, name), "build", "--source", corpus, "--output", output, "--now", NOW, "--quiet"])
            if run:
                results[name].append(measured)
    before = [statistics.median(x[i] for x in results["before"]) for i in range(3)]
    after = [statistics.median(x[i] for x in results["after"]) for i in range(3)]
    print(f"{args.corpus or str(args.items) + ' items'}, {args.runs} runs each, alternated, medians")
    print(f"  before: {before[0]:.2f} s wall, {before[1]:.2f} s CPU, {before[2] / 1024:.0f} MB")
    print(f"  after:  {after[0]:.2f} s wall, {after[1]:.2f} s CPU, {after[2] / 1024:.0f} MB")
    print(f"  after / before: {after[0] / before[0]:.3f} wall, {after[1] / before[1]:.3f} CPU")
    step_runs = {"before": [], "after": []}
    for _ in range(3):
        for name in ("before", "after"):
            step_runs[name].append(steps(getattr(args, name), corpus, os.path.join(args.dir, f"out-{name}")))
    print("  steps (median of 3, wall ms): before → after")
    for step in step_runs["after"][0]:
        b = statistics.median(run.get(step, 0) for run in step_runs["before"])
        a = statistics.median(run.get(step, 0) for run in step_runs["after"])
        print(f"    {step:<50} {b:8.1f} → {a:8.1f}")


if __name__ == "__main__":
    main()
