#!/usr/bin/env python3
"""A site in two languages against the same site in one: what a translation layer costs.

    python3 bench/multilingual_bench.py --herald .build/release/herald [--items 10000] [--share 0.3] [--runs 5] [--leave-out]

The one-language site is make_corpus.py's corpus (Chinese, `language: zh-CN`). The bilingual site
is the same corpus with an English translation beside a deterministic share of its items
(`<name>.en.md`: the same front matter, an English title and body of the same length) and
`languages:` zh-CN and en, so that the English part lists every item (the untranslated ones with
a badge; with --leave-out, `untranslated: leaveOut` lists only the English items there). Builds alternate (one, two, one, two …) from empty outputs on tmpfs, as bench.py
measures; prints the median wall and CPU times, peak memory, files written, and the ratio.
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

BILINGUAL_YML = SITE_YML.replace("language: zh-CN\n", "languages:\n  - code: zh-CN\n    name: 中文\n  - code: en\n    name: English\n    title: Benchmark News (English)\n")
ENGLISH = ("The union met on Tuesday to plan the term's events; students asked for longer library hours, "
           "more study rooms and a late bus after evening lectures. ")


def translate(text):
    """An English version of a corpus file: its front matter with an English title, and a body of
    about as many words as the original's characters and words would read."""
    match = re.match(r"(---\n)(.*?\n)(---\n)(.*)", text, re.S)
    front, body = match.group(2), match.group(4)
    front = re.sub(r"^title: .*$", lambda m: "title: \"English: " + m.group(0)[7:].strip().strip('"').replace('"', "'") + "\"", front, count=1, flags=re.M)
    words = max(50, len(body) // 6)
    sentences = (ENGLISH * (words // 25 + 1))
    paragraphs = "\n\n".join(sentences[i:i + 600] for i in range(0, len(sentences), 600))
    return match.group(1) + front + match.group(3) + "\n" + paragraphs + "\n"


def make_bilingual(corpus, bilingual, share):
    """Copies the corpus and writes a translation beside every item whose position, in path
    order, falls in the first `share` of each ten."""
    if os.path.exists(os.path.join(bilingual, "DONE")):
        return
    shutil.rmtree(bilingual, ignore_errors=True)
    shutil.copytree(corpus, bilingual)
    items = sorted(os.path.join(folder, name) for folder, _, names in os.walk(os.path.join(bilingual, "content"))
                   for name in names if name.endswith(".md"))
    chosen = [path for index, path in enumerate(items) if index % 10 < round(share * 10)]
    for path in chosen:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path[:-3] + ".en.md", "w", encoding="utf-8") as f:
            f.write(translate(text))
    with open(os.path.join(bilingual, "DONE"), "w") as f:
        f.write(f"{len(chosen)} of {len(items)} items translated\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--share", type=float, default=0.3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--leave-out", action="store_true", help="the English part lists only what is translated")
    parser.add_argument("--dir", default="/dev/shm/herald-multilingual" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "herald-multilingual"))
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    corpus = os.path.join(args.dir, f"corpus-{args.items}")
    if not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(args.items)],
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_photos.py"), corpus], check=True)
    with open(os.path.join(corpus, "site.yml"), "w") as f:
        f.write(SITE_YML)
    bilingual = os.path.join(args.dir, f"bilingual-{args.items}-{args.share}")
    make_bilingual(corpus, bilingual, args.share)
    with open(os.path.join(bilingual, "site.yml"), "w") as f:
        leave_out = "    untranslated: leaveOut\n" if args.leave_out else ""
        f.write(BILINGUAL_YML.replace("    title: Benchmark News (English)\n", "    title: Benchmark News (English)\n" + leave_out))
    with open(os.path.join(bilingual, "DONE")) as f:
        print(f"bilingual corpus: {f.read().strip()}")
    results = {"one language": [], "two languages": []}
    files = {}
    for run in range(args.runs + 1):  # the first round warms the caches and is not counted
        for name, source in (("one language", corpus), ("two languages", bilingual)):
            output = os.path.join(args.dir, "out-" + name.replace(" ", "-"))
            shutil.rmtree(output, ignore_errors=True)
            record = os.path.join(args.dir, "." + os.path.basename(output) + ".herald-cache.json")
            if os.path.exists(record):
                os.remove(record)
            measured = timed([args.herald, "build", "--source", source, "--output", output, "--now", NOW, "--quiet"])
            if run > 0:
                results[name].append(measured)
            files[name] = sum(len(names) for _, _, names in os.walk(output))
    print(f"{'':16}{'wall s':>9}{'CPU s':>9}{'peak MB':>9}{'files':>9}")
    medians = {}
    for name, runs in results.items():
        wall, cpu, peak = (statistics.median(r[i] for r in runs) for i in range(3))
        medians[name] = wall
        print(f"{name:16}{wall:9.2f}{cpu:9.2f}{peak / 1024:9.0f}{files[name]:9d}")
    print(f"ratio (two languages / one): {medians['two languages'] / medians['one language']:.2f}x wall")


if __name__ == "__main__":
    main()
