#!/usr/bin/env python3
"""Image benchmark: herald vs Hugo processing the same photos to the same files, side by side.

Makes `--photos` photo-like 4000 x 3000 JPEGs and `--others` HEIC and transparent PNG images
(deterministically, with vips; kept in --dir between runs), a make_corpus.py corpus whose covers
and body images name them (each photo about once), and builds it with herald and with Hugo
(bench/hugo-images/ laid over the shared benchmark theme: the same widths, formats, card crops and
thumbnails), alternating the two, cold (no output, no image cache) and warm (no output, the image
caches kept). Prints wall time, CPU time and peak memory of both, and herald's time in its image
steps. Then the bytes a 390-pixel-wide phone downloads for the example site's home page (the HTML,
the stylesheet and the images it shows), before Herald processed images (commit BEFORE's golden
home page and the originals it named) and now.

    bench/images.sh [--photos 1000] [--others 100] [--runs 2] [--dir /dev/shm/herald-images-bench]
"""
import argparse
import concurrent.futures
import html.parser
import os
import re
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from corpus_photos import make_photo  # noqa: E402
from bench import timed, median  # noqa: E402

NOW = "2026-11-21T12:00:00+08:00"
# Social cards are Herald's alone: Hugo makes none, so they are left out of the comparison.
SITE_YML = "title: Image Benchmark\nbaseURL: https://news.example.org/\nlanguage: zh-CN\ntimezone: Asia/Shanghai\npageSize: 10\nsocialCards: false\n"
# The last commit before Herald processed images: its golden home page is "before".
BEFORE = "a36efe5"


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


class Images(html.parser.HTMLParser):
    """The images a page shows, each as [(type, srcset or src)] of its sources, then its img."""
    def __init__(self):
        super().__init__()
        self.images, self.sources, self.stylesheets = [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "source":
            self.sources.append((attrs.get("type"), attrs.get("srcset", "")))
        elif tag == "img":
            self.images.append(self.sources + [(None, attrs.get("srcset") or attrs.get("src", ""))])
            self.sources = []
        elif tag == "link" and attrs.get("rel") == "stylesheet":
            self.stylesheets.append(attrs.get("href"))


def chosen(candidates, width):
    """The file a browser takes from a srcset for `width` device pixels: the narrowest at least as
    wide, else the widest (a bare src is taken as it is)."""
    entries = []
    for part in candidates.split(","):
        bits = part.strip().split()
        if bits:
            entries.append((int(bits[1][:-1]) if len(bits) > 1 and bits[1].endswith("w") else 0, bits[0]))
    if len(entries) == 1 and entries[0][0] == 0:
        return entries[0][1]
    wide = sorted(e for e in entries if e[0] >= width)
    return (wide[0] if wide else max(entries))[1]


def phone_bytes(page_html, resolve, css_bytes, density):
    """The bytes of the page, its stylesheet and its images on a 390-pixel-wide phone."""
    parser = Images()
    parser.feed(page_html)
    total = len(page_html.encode()) + css_bytes
    for sources in parser.images:
        # A WebP source when there is one (every current phone browser reads it), else the img.
        webp = [s for t, s in sources if t == "image/webp"]
        total += len(resolve(chosen(webp[0] if webp else sources[-1][1], 390 * density)))
    return total


def example_site_bytes(args):
    repo = os.path.dirname(here)
    out = os.path.join(args.dir, "example-site")
    subprocess.run([args.herald, "build", "--source", repo, "--output", out, "--now", NOW, "--quiet"], check=True)
    css = os.path.getsize(os.path.join(out, "assets", "herald.css"))
    base = "/cs/"
    def from_output(url):
        with open(os.path.join(out, url[len(base):]), "rb") as f:
            return f.read()
    def from_static(url):
        with open(os.path.join(repo, "static", url[len(base):]), "rb") as f:
            return f.read()
    before = subprocess.run(["git", "-C", repo, "show", f"{BEFORE}:Tests/Fixtures/golden/example-site/index.html"],
                            check=True, capture_output=True, text=True).stdout
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        after = f.read()
    return {density: (phone_bytes(before, from_static, css, density), phone_bytes(after, from_output, css, density)) for density in (1, 2, 3)}


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
    for density, (before, after) in example_site_bytes(args).items():
        print(f"example home page on a 390 px phone at {density}x: {before / 1024:.0f} KB before, {after / 1024:.0f} KB now ({after / before:.2f}x)")


if __name__ == "__main__":
    main()
