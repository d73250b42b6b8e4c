#!/usr/bin/env python3
"""One item with many terms: what the build writes for it (issue 35, finding 4).

    python3 bench/terms_bench.py --herald .build/debug/herald [--terms 4000] [--tags 0] [--limit N] [--timeout 300]

Makes a starter site (`herald new site`) and adds one news item naming `--terms` categories
(`c00001` …, one per line) and `--tags` tags, with `limits: {termsPerItem: N}` in site.yml when
--limit is given, builds it once under GNU time from an empty output folder, and prints the item's
size, the exit status, the files and bytes written, the wall time and the peak memory. An item over
the limit is refused, which is what the default limit (100) does to 4,000 categories; pass
--limit to measure the output of an item that is allowed that many.
"""
import argparse
import os
import subprocess
import sys
import tempfile

NOW = "2026-11-21T12:00:00+08:00"


def item_text(categories, tags):
    lines = ["---", "title: Many terms", "date: 2026-11-01", "categories:"]
    lines += [f"  - c{number:05d}" for number in range(categories)]
    if tags:
        lines.append("tags:")
        lines += [f"  - t{number:05d}" for number in range(tags)]
    lines += ["---", "", "One item that names many terms.", ""]
    return "\n".join(lines)


def tree_size(folder, kinds=None):
    """Files and bytes under a folder; with `kinds`, bytes are added up there by file name ending."""
    files = size = 0
    for root, _, names in os.walk(folder):
        for name in names:
            files += 1
            bytes_ = os.lstat(os.path.join(root, name)).st_size
            size += bytes_
            if kinds is not None:
                kind = os.path.splitext(name)[1] or name
                count, total = kinds.get(kind, (0, 0))
                kinds[kind] = (count + 1, total + bytes_)
    return files, size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--terms", type=int, default=4000)
    parser.add_argument("--tags", type=int, default=0)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--dir", default=tempfile.gettempdir())
    args = parser.parse_args()
    herald = os.path.abspath(args.herald)
    with tempfile.TemporaryDirectory(dir=args.dir) as work:
        site = os.path.join(work, "site")
        subprocess.run([herald, "new", "site", site], check=True, stdout=subprocess.DEVNULL)
        if args.limit is not None:
            with open(os.path.join(site, "site.yml"), "a") as config:
                config.write(f"\nlimits:\n  termsPerItem: {args.limit}\n")
        item = os.path.join(site, "content", "news", "2026-11-01-many-terms.md")
        with open(item, "w") as out:
            out.write(item_text(args.terms, args.tags))
        report = os.path.join(work, "time.txt")
        command = ["/usr/bin/time", "-v", "-o", report, "timeout", str(args.timeout), herald, "build", "--quiet", "--source", site, "--now", NOW]
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        stats = {}
        for line in open(report):
            key, _, value = line.strip().rpartition(": ")
            stats[key] = value
        kinds = {}
        files, size = tree_size(os.path.join(site, "site-output"), kinds)
        print(f"item: {os.path.getsize(item):,} bytes, {args.terms:,} categories, {args.tags:,} tags, limit {args.limit or 'default'}")
        print(f"exit status: {result.returncode}")
        for line in result.stderr.splitlines()[:3]:
            print(f"  {line[:200]}")
        print(f"files written: {files:,}; bytes written: {size:,}")
        print(f"wall: {stats['Elapsed (wall clock) time (h:mm:ss or m:ss)']}; peak RSS: {int(stats['Maximum resident set size (kbytes)']) // 1024:,} MB")
        print(f"output per input byte: {size / os.path.getsize(item):,.0f}")
        for kind, (count, total) in sorted(kinds.items(), key=lambda entry: -entry[1][1])[:6]:
            print(f"  {kind}: {count:,} files, {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
