#!/usr/bin/env python3
"""Side-by-side build benchmark: herald vs Hugo vs the floor, on make_corpus.py corpora.

Runs are alternated (herald, Hugo, herald, Hugo …) so that both see the same machine state.
Each build starts from an empty output folder. Output goes to --dir (default: /dev/shm, a RAM
file system, because on ext4 a build right after deleting a large tree spends seconds in the
kernel for either tool, which measures the file system rather than the generator).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

NOW = "2026-11-21T12:00:00+08:00"
# Social cards are Herald's alone (Hugo's layouts make none): left out, so both do the same work.
# Their cost is bench/images.sh's and docs/images.md's to tell.
SITE_YML = "title: Benchmark News\nbaseURL: https://news.example.org/\nlanguage: zh-CN\ntimezone: Asia/Shanghai\npageSize: 10\nsocialCards: false\n"


def timed(command, **kwargs):
    """Runs a command under GNU time; returns (wall s, cpu s, peak KB)."""
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name, *command], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
        wall, user, system, peak = report.read().split()
    return float(wall), float(user) + float(system), int(peak)


def median(values):
    return statistics.median(values)


def files_in(folder):
    return sum(len(names) for _, _, names in os.walk(folder))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--shared", required=True)
    parser.add_argument("--sizes", default="1000 10000 50000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default="/dev/shm/herald-bench" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "herald-bench"))
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    rows = []
    for size in map(int, args.sizes.split()):
        corpus = os.path.join(args.dir, f"corpus-{size}")
        if not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
            subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(size)],
                           check=True, stdout=subprocess.DEVNULL)
            # The photos its covers and bodies name: a cover that is not there does not build.
            subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_photos.py"), corpus], check=True)
        with open(os.path.join(corpus, "site.yml"), "w") as f:
            f.write(SITE_YML)
        herald_out, hugo_out = os.path.join(args.dir, f"herald-{size}"), os.path.join(args.dir, f"hugo-{size}")
        herald_cmd = [args.herald, "build", "--source", corpus, "--output", herald_out, "--now", NOW, "--quiet"]
        hugo_cmd = [os.path.join(args.shared, "bench", "hugo", "run-hugo.sh"), corpus, hugo_out]
        results = {"herald": [], "hugo": []}
        record = os.path.join(args.dir, f".herald-{size}.herald-cache.json")
        for run in range(args.runs + 1):  # the first round warms the caches and is not counted
            # From scratch: no output and no record of a previous build.
            shutil.rmtree(herald_out, ignore_errors=True)
            if os.path.exists(record):
                os.remove(record)
            herald = timed(herald_cmd)
            hugo = timed(hugo_cmd)
            if run:
                results["herald"].append(herald)
                results["hugo"].append(hugo)
        # A second build on the same output, nothing changed (the same --now).
        rebuild = [timed(herald_cmd) for _ in range(args.runs)]
        # One article edited (appended to, then put back), built on the previous output.
        article = next(os.path.join(root, name) for root, _, names in sorted(os.walk(os.path.join(corpus, "content", "news"))) for name in sorted(names) if name.endswith(".md"))
        with open(article, "rb") as f:
            original = f.read()
        edits = []
        for run in range(args.runs):
            with open(article, "wb") as f:
                f.write(original + f"\nEdited {run}.\n".encode())
            edits.append(timed(herald_cmd))
        with open(article, "wb") as f:
            f.write(original)
        timed(herald_cmd)
        # The floor: cmark over every Markdown file, and copying a tree the size of herald's output.
        markdown = [os.path.join(root, name) for root, _, names in os.walk(os.path.join(corpus, "content")) for name in names if name.endswith(".md")]
        listing = os.path.join(args.dir, f"files-{size}.txt")
        with open(listing, "w") as f:
            f.write("\0".join(markdown))
        cmark_runs, copy_runs = [], []
        for _ in range(args.runs):
            cmark_runs.append(timed(["sh", "-c", f"xargs -0 cat < '{listing}' | cmark > /dev/null"]))
            target = herald_out + "-copy"
            shutil.rmtree(target, ignore_errors=True)
            copy_runs.append(timed(["cp", "-r", herald_out, target]))
            shutil.rmtree(target, ignore_errors=True)
        row = {
            "items": size,
            "herald": [median(x[i] for x in results["herald"]) for i in range(3)],
            "hugo": [median(x[i] for x in results["hugo"]) for i in range(3)],
            "rebuild": median(x[0] for x in rebuild),
            "edit": median(x[0] for x in edits),
            "floor": median(x[0] for x in cmark_runs) + median(x[0] for x in copy_runs),
            "herald_files": files_in(herald_out),
            "hugo_files": files_in(hugo_out),
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print()
    print(f"{'items':>7} | {'herald wall':>11} | {'Hugo wall':>9} | {'ratio':>5} | {'herald CPU':>10} | {'Hugo CPU':>8} | "
          f"{'herald MB':>9} | {'Hugo MB':>7} | {'mem ratio':>9} | {'floor':>6} | {'×floor':>6} | {'no-op rebuild':>13} | {'×full':>5} | {'one edit':>8} | files herald/Hugo")
    for r in rows:
        h, g = r["herald"], r["hugo"]
        print(f"{r['items']:>7} | {h[0]:>10.2f}s | {g[0]:>8.2f}s | {h[0] / g[0]:>5.2f} | {h[1]:>9.2f}s | {g[1]:>7.2f}s | "
              f"{h[2] / 1024:>9.0f} | {g[2] / 1024:>7.0f} | {h[2] / g[2]:>9.2f} | {r['floor']:>5.2f}s | {h[0] / r['floor']:>6.1f} | "
              f"{r['rebuild']:>12.2f}s | {r['rebuild'] / h[0]:>5.2f} | {r['edit']:>7.2f}s | {r['herald_files']}/{r['hugo_files']}")


if __name__ == "__main__":
    main()
