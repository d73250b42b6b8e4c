#!/usr/bin/env python3
"""Makes the photos a make_corpus.py corpus names (`/images/photo-N.jpg`, N from 1 to 40) and puts
them in its static/images/, so that the corpus builds: Herald reads every cover it is given, and a
cover that is not there is an error.

The photos are made with the vips command (Debian's libvips-tools), deterministically: smooth
colour fields from seeded noise, enlarged, with a fine grain, which compress like photographs
rather than like flat test cards. `python3 bench/corpus_photos.py CORPUS [--width 1600 --height 1067]`.
"""
import argparse
import os
import re
import subprocess
import tempfile

BLOBS = 10  # colour fields across the photo's width


def make_photo(path, seed, width, height):
    """One photo-like JPEG at `path`, the same bytes for the same seed and size."""
    scale = width / BLOBS
    small = (BLOBS + 2, int(height / scale) + 3)
    # Intermediate images of a 4000 x 3000 photo are tens of MB: kept in memory where there is a tmpfs.
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as work:
        def run(*arguments):
            subprocess.run(["vips", *map(str, arguments)], check=True)
        bands = []
        for band in range(3):
            bands.append(os.path.join(work, f"field{band}.v"))
            run("gaussnoise", bands[-1], *small, "--sigma", 60, "--mean", 100 + 25 * band, "--seed", seed * 3 + band)
        run("bandjoin", " ".join(bands), os.path.join(work, "floats.v"))
        run("cast", os.path.join(work, "floats.v"), os.path.join(work, "fields.v"), "uchar")
        # Enlarged smoothly, the fields shade into each other as light does across a scene.
        run("resize", os.path.join(work, "fields.v"), os.path.join(work, "large.v"), scale, "--kernel", "cubic")
        run("crop", os.path.join(work, "large.v"), os.path.join(work, "cut.v"), int(scale), int(scale), width, height)
        # A camera's grain, so that the photo compresses like one.
        run("gaussnoise", os.path.join(work, "noise.v"), width, height, "--sigma", 7, "--mean", 0, "--seed", 100000 + seed)
        run("cast", os.path.join(work, "noise.v"), os.path.join(work, "grain.v"), "char")
        run("add", os.path.join(work, "cut.v"), os.path.join(work, "grain.v"), os.path.join(work, "photo.v"))
        run("cast", os.path.join(work, "photo.v"), os.path.join(work, "pixels.v"), "uchar")
        run("copy", os.path.join(work, "pixels.v"), os.path.join(work, "srgb.v"), "--interpretation", "srgb")
        if path.endswith((".jpg", ".jpeg")):
            run("jpegsave", os.path.join(work, "srgb.v"), path, "--Q", 85, "--strip")
        elif path.endswith(".heic"):
            run("heifsave", os.path.join(work, "srgb.v"), path, "--Q", 60, "--compression", "hevc", "--strip")
        else:  # PNG, with a soft transparent edge as a cut-out logo or diagram has
            run("bandjoin_const", os.path.join(work, "srgb.v"), os.path.join(work, "alpha.v"), 255)
            run("pngsave", os.path.join(work, "alpha.v"), path, "--compression", 6, "--strip")


def photos_named(corpus):
    """The photo numbers the corpus's content names."""
    numbers = set()
    for root, _, names in os.walk(os.path.join(corpus, "content")):
        for name in names:
            if name.endswith(".md"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    numbers.update(int(n) for n in re.findall(r"/images/photo-(\d+)\.jpg", f.read()))
    return sorted(numbers)


def add_photos(corpus, width=1600, height=1067):
    """Writes every photo the corpus names that it does not have yet."""
    folder = os.path.join(corpus, "static", "images")
    os.makedirs(folder, exist_ok=True)
    for number in photos_named(corpus):
        path = os.path.join(folder, f"photo-{number}.jpg")
        if not os.path.exists(path):
            make_photo(path, number, width, height)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--width", type=int, default=1600)
    parser.add_argument("--height", type=int, default=1067)
    args = parser.parse_args()
    add_photos(args.corpus, args.width, args.height)


if __name__ == "__main__":
    main()
