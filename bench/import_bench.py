"""`herald import` then `herald build` of a generated Hugo site of N posts (issue 17: under 5 s for
1,000 posts). The site is written here, deterministically, in the shapes real Hugo sites have:
TOML and YAML front matter, page bundles with images, `[permalinks]`, an events section with
`dateStart`/`dateEnd`, and the built-in and theme shortcodes the importer converts or reports.

    python3 bench/import_bench.py --herald .build/release/herald --posts 1000 --runs 5
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import time

NOW = "2026-11-22T12:00:00Z"
WORDS = ("union council society students campus library hall music sport volunteer election budget "
         "festival lecture exhibition workshop careers welcome freshers river garden kitchen theatre").split()


def sentence(rng, words=14):
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def body(rng, index):
    """A body of a few paragraphs, with the constructs real Hugo posts carry."""
    parts = [sentence(rng, 30) for _ in range(4)]
    if index % 3 == 0:
        parts.insert(1, '{{< figure src="/images/p%d.png" alt="Photo %d" caption="%s" >}}' % (index % 50, index, sentence(rng, 6)))
    if index % 7 == 0:
        parts.append("{{< youtube id=\"v%07d\" >}}" % index)
    if index % 11 == 0:
        parts.append("{{< notice info >}}\n%s\n{{< /notice >}}" % sentence(rng))
    if index % 13 == 0:
        parts.append("{{< highlight python >}}\nprint(%d)\n{{< /highlight >}}" % index)
    return "\n\n".join(parts) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def make_site(root, posts, seed=17):
    """A Hugo site of `posts` posts (every fifth a page bundle) and posts/10 events."""
    rng = random.Random(seed)
    shutil.rmtree(root, ignore_errors=True)
    write(os.path.join(root, "config.toml"), 'baseURL = "https://union.example.edu/"\ntitle = "Bench Union"\n'
          'languageCode = "en-gb"\ntimeZone = "Europe/London"\n[permalinks]\n  posts = "/:year/:month/:slug/"\n'
          '[markup.goldmark.renderer]\n  unsafe = true\n[taxonomies]\n  category = "categories"\n  tag = "tags"\n')
    for index in range(posts):
        day = 1 + index % 28
        month = 1 + (index // 28) % 12
        year = 2015 + index // 336
        title = f"{sentence(rng, 5)[:-1]} {index}"
        tags = sorted(set(rng.choice(WORDS) for _ in range(3)))
        if index % 2:
            front = (f'+++\ntitle = "{title}"\ndate = {year}-{month:02d}-{day:02d}T10:00:00+00:00\n'
                     f'categories = ["{rng.choice(WORDS).title()}"]\ntags = {tags!r}\ndescription = "{sentence(rng, 10)}"\n+++\n').replace("'", '"')
        else:
            front = (f'---\ntitle: "{title}"\ndate: {year}-{month:02d}-{day:02d}\nlastmod: {year}-{month:02d}-{day:02d}\n'
                     f'categories: [{rng.choice(WORDS).title()}]\ntags: [{", ".join(tags)}]\nimages: [cover.png]\nauthor: Comms Team\n---\n')
        name = f"{year}-{month:02d}-{day:02d}-post-{index}"
        if index % 5 == 0:
            write(os.path.join(root, "content", "posts", name, "index.md"), front + body(rng, index))
            with open(os.path.join(root, "content", "posts", name, "cover.png"), "wb") as handle:
                handle.write(b"\x89PNG\r\n\x1a\n" + bytes(200))
        else:
            write(os.path.join(root, "content", "posts", name + ".md"), front + body(rng, index))
    for index in range(posts // 10):
        start = f"2026-{1 + index % 12:02d}-{1 + index % 28:02d}T19:00:00+00:00"
        write(os.path.join(root, "content", "events", f"event-{index}.md"),
              f'---\ntitle: "Event {index}"\ndateStart: {start}\ndateEnd: {start[:11]}21:00:00+00:00\nvenue: "Hall {index % 5}"\n---\n{sentence(rng, 20)}\n')
    write(os.path.join(root, "content", "about.md"), "---\ntitle: About\n---\nWho we are.\n")
    os.makedirs(os.path.join(root, "static", "images"))
    for index in range(50):
        with open(os.path.join(root, "static", "images", f"p{index}.png"), "wb") as handle:
            handle.write(b"\x89PNG\r\n\x1a\n" + bytes(500))
    write(os.path.join(root, "themes", "bench", "layouts", "_default", "single.html"), "{{ .Content }}\n")


def timed(command):
    began = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return time.monotonic() - began


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default="/dev/shm/herald-import-bench")
    args = parser.parse_args()
    herald = os.path.abspath(args.herald)
    source = os.path.join(args.dir, f"hugo-{args.posts}")
    make_site(source, args.posts)
    into = os.path.join(args.dir, "imported")
    imports, builds, totals = [], [], []
    for run in range(args.runs + 1):  # the first run warms the caches and is not counted
        shutil.rmtree(into, ignore_errors=True)
        seconds_import = timed([herald, "import", "hugo", source, "--into", into, "--now", NOW, "--quiet"])
        seconds_build = timed([herald, "build", "--source", into, "--now", NOW, "--quiet"])
        if run:
            imports.append(seconds_import)
            builds.append(seconds_build)
            totals.append(seconds_import + seconds_build)
    print(f"{args.posts} posts, {args.posts // 10} events; medians of {args.runs} runs on {args.dir}:")
    print(f"  herald import  {statistics.median(imports):.2f} s")
    print(f"  herald build   {statistics.median(builds):.2f} s")
    print(f"  both           {statistics.median(totals):.2f} s  (issue 17: under 5 s)")


if __name__ == "__main__":
    main()
