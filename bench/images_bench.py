#!/usr/bin/env python3
"""Image benchmark: herald vs Hugo processing the same photos to the same files, side by side.

Makes `--photos` photo-like 4000 x 3000 JPEGs and `--others` HEIC and transparent PNG images
(deterministically, with vips; kept in --dir between runs), a make_corpus.py corpus whose covers
and body images name them (each photo about once), and builds it with herald and with Hugo
(bench/hugo-images/ laid over the shared benchmark theme: the same widths, formats, card crops and
thumbnails), alternating the two, cold (no output, no image cache) and warm (no output, the image
caches kept). Prints wall time, CPU time and peak memory of both, and herald's time in its image
steps. Then the bytes a 390-pixel-wide phone downloads for the example site's home page, before
Herald processed images and now (bench/phone_bytes.py).

    bench/images.sh [--photos 1000] [--others 100] [--runs 2] [--dir /dev/shm/herald-images-bench]
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from corpus_photos import make_photo  # noqa: E402
from bench import timed, median  # noqa: E402
import phone_bytes  # noqa: E402

NOW = "2026-11-21T12:00:00+08:00"
# Social cards are Herald's alone: Hugo makes none, so they are left out of the comparison.
SITE_YML = "title: Image Benchmark\nbaseURL: https://news.example.org/\nlanguage: zh-CN\ntimezone: Asia/Shanghai\npageSize: 10\nsocialCards: false\n"


def photo_names(photos, others):
    names = [f"photo-{n:04d}.jpg" for n in range(1, photos + 1)]
    names += [f"other-{n:03d}.{'heic' if n % 2 else 'png'}" for n in range(1, others + 1)]
    return names


def make_photos(folder, names):
    """The photos, made on every core; those already there are kept."""
    os.makedirs(folder, exist_ok=True)
    def one(index_name):
        index, name = index_name
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return
        width, height = (4032, 3024) if name.endswith(".heic") else (2000, 1500) if name.endswith(".png") else (4000, 3000)
        make_photo(path + ".partial" + os.path.splitext(name)[1], 1000 + index, width, height)
        os.rename(path + ".partial" + os.path.splitext(name)[1], path)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(one, enumerate(names)))


def make_corpus(args, corpus, names):
    """A corpus whose every image reference names one of the photos, in turn."""
    if not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(args.items)],
                       check=True, stdout=subprocess.DEVNULL)
        turn = 0
        for root, _, files in sorted(os.walk(os.path.join(corpus, "content"))):
            for name in sorted(files):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                def next_photo(_):
                    nonlocal turn
                    turn += 1
                    return "/images/" + names[(turn - 1) % len(names)]
                replaced = re.sub(r"/images/photo-\d+\.jpg", next_photo, text)
                if replaced != text:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(replaced)
        # The same files for both: Herald reads static/, Hugo processes assets/ (hard links).
        # Hugo cannot read HEIC: it is given those photos as JPEGs of the same pixels, made here
        # and not timed, and its layouts ask for other-001.heic.jpg where the content names
        # other-001.heic.
        for target in ("static/images", "assets/images"):
            os.makedirs(os.path.join(corpus, target), exist_ok=True)
            for name in names:
                os.link(os.path.join(args.dir, "photos", name), os.path.join(corpus, target, name))
        for name in names:
            if name.endswith(".heic"):
                subprocess.run(["vips", "copy", os.path.join(args.dir, "photos", name),
                                os.path.join(corpus, "assets", "images", name + ".jpg[Q=92,strip]")], check=True)
    with open(os.path.join(corpus, "site.yml"), "w") as f:
        f.write(SITE_YML)


def hugo_source(args):
    """The shared benchmark theme with bench/hugo-images/ laid over it."""
    source = os.path.join(args.dir, "hugo-source")
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(os.path.join(args.shared, "bench", "hugo"), source)
    shutil.copytree(os.path.join(here, "hugo-images", "layouts"), os.path.join(source, "layouts"), dirs_exist_ok=True)
    return source


def image_seconds(herald, corpus, output):
    """Seconds herald spends in its image steps (read and process images), from --timings."""
    done = subprocess.run([herald, "build", "--source", corpus, "--output", output, "--now", NOW, "--timings"],
                          check=True, capture_output=True, text=True)
    text = done.stdout + done.stderr
    total = 0.0
    for line in text.splitlines():
        match = re.match(r"\s*([\d.]+) ms\s+[\d.]+ ms\s+(read images|process images)$", line)
        if match:
            total += float(match.group(1)) / 1000
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--shared", required=True)
    parser.add_argument("--photos", type=int, default=1000)
    parser.add_argument("--others", type=int, default=100)
    parser.add_argument("--items", type=int, default=1500, help="items of the corpus (about one image reference each, at 1,500)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--dir", default="/dev/shm/herald-images-bench" if os.path.isdir("/dev/shm") else "/tmp/herald-images-bench")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    names = photo_names(args.photos, args.others)
    make_photos(os.path.join(args.dir, "photos"), names)
    corpus = os.path.join(args.dir, f"corpus-{args.photos}-{args.others}")
    make_corpus(args, corpus, names)
    source = hugo_source(args)
    herald_out, hugo_out = os.path.join(args.dir, "herald-out"), os.path.join(args.dir, "hugo-out")
    herald_cache = os.path.join(args.dir, ".herald-out.herald-images")
    hugo_resources = os.path.join(args.dir, "hugo-resources")
    herald_cmd = [args.herald, "build", "--source", corpus, "--output", herald_out, "--now", NOW, "--quiet"]
    env = dict(os.environ, HUGO_ASSETDIR=os.path.join(corpus, "assets"), HUGO_RESOURCEDIR=hugo_resources)
    hugo_cmd = ["hugo", "--quiet", "--source", source, "--contentDir", os.path.join(corpus, "content"), "--destination", hugo_out,
                "--cacheDir", os.path.join(args.dir, "hugo-cache")]
    results = {"herald cold": [], "hugo cold": [], "herald warm": [], "hugo warm": [], "herald image steps warm": []}
    for _ in range(args.runs):
        for path in (herald_out, herald_cache, os.path.join(args.dir, ".herald-out.herald"), os.path.join(args.dir, ".herald-out.herald-cache.json")):
            shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
        results["herald cold"].append(timed(herald_cmd))
        shutil.rmtree(hugo_out, ignore_errors=True)
        shutil.rmtree(hugo_resources, ignore_errors=True)
        results["hugo cold"].append(timed(hugo_cmd, env=env))
        shutil.rmtree(herald_out, ignore_errors=True)
        os.path.exists(os.path.join(args.dir, ".herald-out.herald-cache.json")) and os.remove(os.path.join(args.dir, ".herald-out.herald-cache.json"))
        results["herald warm"].append(timed(herald_cmd))
        shutil.rmtree(hugo_out, ignore_errors=True)
        results["hugo warm"].append(timed(hugo_cmd, env=env))
        shutil.rmtree(herald_out, ignore_errors=True)
        os.path.exists(os.path.join(args.dir, ".herald-out.herald-cache.json")) and os.remove(os.path.join(args.dir, ".herald-out.herald-cache.json"))
        results["herald image steps warm"].append((image_seconds(args.herald, corpus, herald_out), 0, 0))
    print(f"{args.photos} photos of 4000x3000 and {args.others} HEIC/PNG images, {args.items}-item corpus, medians of {args.runs}:")
    print(f"{'':28} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}")
    for name, runs in results.items():
        print(f"{name:28} {median([r[0] for r in runs]):8.2f} {median([r[1] for r in runs]):8.2f} {median([r[2] for r in runs]) / 1024:8.0f}")
    cold = median([r[0] for r in results["herald cold"]]) / median([r[0] for r in results["hugo cold"]])
    warm = median([r[0] for r in results["herald warm"]]) / median([r[0] for r in results["hugo warm"]])
    print(f"herald/Hugo: cold {cold:.2f}x, warm {warm:.2f}x")
    phone_bytes.report(args.herald, os.path.join(args.dir, "phone"))


if __name__ == "__main__":
    main()
