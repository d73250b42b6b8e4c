"""`herald serve` under load and after an edit; see serve.sh."""
import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

NOW = "2026-11-21T12:00:00+08:00"


def start(herald, site, port=0):
    process = subprocess.Popen([herald, "serve", "--source", site, "--port", str(port), "--now", NOW],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    for line in process.stdout:
        match = re.match(r"Serving http://127\.0\.0\.1:(\d+)(/\S*) ", line)
        if match:
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, int(match.group(1)), match.group(2)
    raise SystemExit("herald serve did not start")


def wrk(port, path):
    result = subprocess.run(["wrk", "-t2", "-c100", "-d10s", f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", result.stdout).group(1))
    errors = re.search(r"Socket errors: (.*)", result.stdout)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", result.stdout)
    return rate, errors.group(1) if errors else "none", int(non2xx.group(1)) if non2xx else 0


def edit_latency(port, base, article, marker):
    """Seconds from writing the article to the reload event that brings the edit, and to the page
    showing it. A reload event may come first for the previous edit (the rest of the site it
    touched, rebuilt after its page was served): the page is fetched at each event until it
    shows this edit."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", "/__herald/live")
    stream = connection.getresponse()
    stream.fp.readline()  # the greeting comment
    slug = re.sub(r"^\d{4}-\d{2}-\d{2}-", "", os.path.basename(article)[:-3])
    with open(article, "a", encoding="utf-8") as f:
        began = time.monotonic()
        f.write(f"\n{marker}\n")
    while True:
        line = stream.fp.readline()
        assert line, "the live-reload stream ended before the edit was shown"
        if not line.startswith(b"event: reload"):
            continue
        reloaded = time.monotonic() - began
        page = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        page.request("GET", f"{base}news/{slug}/")
        body = page.getresponse().read()
        shown = time.monotonic() - began
        if marker.encode() in body:
            break
    connection.close()
    return reloaded, shown


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--shared", required=True)
    parser.add_argument("--example", required=True)
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between edits, for the rebuild of the last one to finish")
    parser.add_argument("--no-load", action="store_true", help="skip the wrk runs")
    parser.add_argument("--dir", default="/dev/shm/herald-bench" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "herald-bench"))
    args = parser.parse_args()

    process, port, base = start(args.herald, args.example)
    if args.no_load:
        process.send_signal(signal.SIGTERM)
        process.wait()
    try:
        for path in [] if args.no_load else [base, base + "assets/herald.css", base + "no-such-page/"]:
            rate, errors, non2xx = wrk(port, path)
            print(f"wrk 100 connections 10 s {path}: {rate:,.0f} requests/s, socket errors: {errors}, non-2xx: {non2xx}", flush=True)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait()

    corpus = os.path.join(args.dir, f"corpus-{args.items}")
    if not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(args.items)],
                       check=True, stdout=subprocess.DEVNULL)
        # The photos its covers and bodies name: a cover that is not there does not build.
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_photos.py"), corpus], check=True)
    site = os.path.join(args.dir, f"serve-{args.items}")
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(corpus, site)
    # Without social cards, as bench.py builds (drawing 10,000 would be the first build's work).
    with open(os.path.join(site, "site.yml"), "a") as f:
        f.write("\nsocialCards: false\n")
    began = time.monotonic()
    process, port, base = start(args.herald, site)
    print(f"{args.items} items: first build and start {time.monotonic() - began:.2f} s", flush=True)
    try:
        news = os.path.join(site, "content", "news")
        def published(path):
            head = open(path, encoding="utf-8").read(2000)
            return "draft: true" not in head and re.search(r"^date: 202[0-5]", head, re.M) and "slug:" not in head
        article = next(os.path.join(root, name) for root, _, names in sorted(os.walk(news)) for name in sorted(names)
                       if name.endswith(".md") and published(os.path.join(root, name)))
        results = []
        for n in range(args.edits):
            # An editor saves every few seconds, not within the rebuild of the last save: each edit
            # is measured on a server that has finished with the one before (back-to-back saves
            # wait for that rebuild, 0.2 s after an edit to a body alone, more after others).
            time.sleep(args.pause)
            results.append(edit_latency(port, base, article, f"Edited paragraph number {n}."))
        print(f"{args.items} items, one article's body edited ({args.edits} times): reload event after "
              f"{statistics.median([r[0] for r in results]) * 1000:.0f} ms (median), "
              f"edited page served after {statistics.median([r[1] for r in results]) * 1000:.0f} ms", flush=True)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
