#!/usr/bin/env python3
"""The bytes a 390-pixel-wide phone downloads for the example site's home page, before Herald
processed images (commit BEFORE's golden output, with the originals it named) and now, at device
pixel ratios 1, 2 and 3. Two ways:

- counted: the HTML, the stylesheet and each image the page shows once, the file its WebP
  `srcset` and `sizes` pick for the phone's 358-pixel column (what the whole page costs once
  scrolled), uncompressed;
- in Chromium (when Selenium and chromium-driver are installed, as `scripts/setup.sh --test`
  does): the phone emulated, the page served over HTTP as static hosts serve it (text
  gzip-compressed), the bytes of every response the page asked for, once loaded ("first screen": lazy images below the fold wait) and again after
  scrolling to the bottom ("scrolled").

    python3 bench/phone_bytes.py --herald .build/release/herald [--dir /dev/shm/herald-phone]
"""
import argparse
import functools
import gzip
import html.parser
import http.server
import os
import shutil
import subprocess
import tarfile
import tempfile
import threading
import time
import io

here = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(here)
NOW = "2026-11-21T12:00:00+08:00"
# The last commit before Herald processed images: its golden example site is "before".
BEFORE = "a36efe5"
BASE = "/cs/"  # the example site's base path
DENSITIES = (1, 2, 3)
# The width, in CSS pixels, an image spans on a 390-pixel-wide phone: the page's column, 1rem in from
# each edge (the theme's `.wrap`), as the default theme's `sizes` say.
SLOT = 390 - 32


class Images(html.parser.HTMLParser):
    """The images a page shows, each as [(type, srcset or src)] of its sources, then its img."""
    def __init__(self):
        super().__init__()
        self.images, self.sources = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "source":
            self.sources.append((attrs.get("type"), attrs.get("srcset", "")))
        elif tag == "img":
            self.images.append(self.sources + [(None, attrs.get("srcset") or attrs.get("src", ""))])
            self.sources = []


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


def counted_bytes(folder, density):
    """The home page's HTML, stylesheet and the images it shows, each file once (a browser fetches
    an image two cards show once)."""
    with open(os.path.join(folder, "index.html"), encoding="utf-8") as f:
        page = f.read()
    parser = Images()
    parser.feed(page)
    files = {"assets/herald.css"}
    for sources in parser.images:
        # A WebP source when there is one (every current phone browser reads it), else the img.
        webp = [s for t, s in sources if t == "image/webp"]
        files.add(chosen(webp[0] if webp else sources[-1][1], SLOT * density)[len(BASE):])
    return len(page.encode()) + sum(os.path.getsize(os.path.join(folder, f)) for f in files)


def before_site(work):
    """Commit BEFORE's example site: its golden files, and the originals of static/ it copied."""
    root = os.path.join(work, "before")
    shutil.rmtree(root, ignore_errors=True)
    unpacked = os.path.join(work, "before-archive")
    shutil.rmtree(unpacked, ignore_errors=True)
    archive = subprocess.run(["git", "-C", REPO, "archive", BEFORE, "Tests/Fixtures/golden/example-site", "templates/assets"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(unpacked, filter="data")
    shutil.move(os.path.join(unpacked, "Tests", "Fixtures", "golden", "example-site"), root)
    shutil.copytree(os.path.join(unpacked, "templates", "assets"), os.path.join(root, "assets"))
    shutil.rmtree(unpacked)
    shutil.copytree(os.path.join(REPO, "static"), root, dirs_exist_ok=True)
    return root


def after_site(work, herald):
    """The example site built now."""
    root = os.path.join(work, "after")
    shutil.rmtree(root, ignore_errors=True)
    subprocess.run([herald, "build", "--source", REPO, "--output", root, "--now", NOW, "--quiet"], check=True)
    return root


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Serves a folder as static hosts (GitHub Pages, Netlify, nginx) do: text gzip-compressed
    when the browser accepts it, images as they are."""
    TEXT = (".html", ".css", ".js", ".json", ".svg", ".xml")

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if "gzip" in self.headers.get("Accept-Encoding", "") and path.endswith(self.TEXT) and os.path.isfile(path):
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def log_message(self, *args):
        pass


def browser_bytes(folder, density):
    """(first screen, scrolled) bytes of every response for the home page in Chromium, on a
    390 x 844 phone at `density`; None when Selenium or the driver is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        return None
    serve = tempfile.mkdtemp(prefix="herald-phone-")
    os.symlink(folder, os.path.join(serve, BASE.strip("/")))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHost, directory=serve))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": density}})
    browser = webdriver.Chrome(service=Service(driver), options=options)
    # Every response's body: the navigation and each resource (same origin, so sizes are given).
    total = ("return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
             ".reduce((sum, e) => sum + e.encodedBodySize, 0)")
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}{BASE}")
        time.sleep(1.5)
        first = browser.execute_script(total)
        height = browser.execute_script("return document.documentElement.scrollHeight")
        for y in range(0, height + 844, 400):
            browser.execute_script(f"window.scrollTo(0, {y})")
            time.sleep(0.15)
        time.sleep(1.5)
        return first, browser.execute_script(total)
    finally:
        browser.quit()
        server.shutdown()
        shutil.rmtree(serve, ignore_errors=True)


def report(herald, work):
    """Prints the figures, one line per density and way of counting."""
    os.makedirs(work, exist_ok=True)
    before, after = before_site(work), after_site(work, herald)
    for density in DENSITIES:
        b, a = counted_bytes(before, density), counted_bytes(after, density)
        print(f"example home page, 390 px phone at {density}x, counted: {b / 1024:.0f} KB before, {a / 1024:.0f} KB now ({a / b:.2f}x)")
    for density in DENSITIES:
        b, a = browser_bytes(before, density), browser_bytes(after, density)
        if b is None or a is None:
            print("Chromium figures skipped: install selenium and chromium-driver (scripts/setup.sh --test)")
            return
        print(f"example home page, 390 px phone at {density}x, Chromium: first screen {b[0] / 1024:.0f} KB before, {a[0] / 1024:.0f} KB now "
              f"({a[0] / b[0]:.2f}x); scrolled {b[1] / 1024:.0f} KB before, {a[1] / 1024:.0f} KB now ({a[1] / b[1]:.2f}x)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--herald", required=True)
    parser.add_argument("--dir", default="/dev/shm/herald-phone" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "herald-phone"))
    args = parser.parse_args()
    report(args.herald, args.dir)


if __name__ == "__main__":
    main()
