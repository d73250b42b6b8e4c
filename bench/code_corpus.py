#!/usr/bin/env python3
"""Writes issue 36's code-heavy corpus: POSTS news items (1,000 by default), each with five fenced
code blocks in five of ten languages (`bench/highlight/samples.py`'s 20-line blocks, the languages
taken in turn so each appears 500 times), between paragraphs, with a heading before each block.
Every block's code differs from every other's (a comment naming its post and block), so that no
block is served from the highlighter's cache: the corpus measures highlighting, not the cache.

    python3 bench/code_corpus.py /dev/shm/code-corpus [--posts 1000]
    python3 bench/compare.py --before OLD/herald --after NEW/herald --corpus /dev/shm/code-corpus
"""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "highlight"))
from samples import SAMPLES  # noqa: E402

COMMENT = {"python": "#", "go": "//", "c": "//", "javascript": "//", "rust": "//", "bash": "#", "yaml": "#",
           "html": None, "sql": "--", "java": "//"}


def block(language, post, number):
    code = SAMPLES[language].rstrip("\n")
    marker = COMMENT[language]
    tag = f"post {post}, block {number}"
    code = f"{marker} {tag}\n{code}" if marker else f"<!-- {tag} -->\n{code}"
    return f"```{language}\n{code}\n```\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--posts", type=int, default=1000)
    args = parser.parse_args()
    root = pathlib.Path(args.out)
    news = root / "content" / "news"
    news.mkdir(parents=True, exist_ok=True)
    languages = list(SAMPLES)
    for post in range(args.posts):
        parts = [f"---\ntitle: How-to {post}\ndate: 2025-{1 + post % 12:02d}-{1 + post % 28:02d}\ncategories: [Guides]\n---\n",
                 f"Five steps, each with its code, for task {post}.\n"]
        for number in range(5):
            language = languages[(post * 5 + number) % len(languages)]
            parts.append(f"## Step {number + 1}: {language}\n\nWhat this step does, in a sentence or two.\n")
            parts.append(block(language, post, number))
        (news / f"how-to-{post:04d}.md").write_text("\n".join(parts), encoding="utf-8")
    (root / "site.yml").write_text("title: Code Corpus\nbaseURL: https://code.example.org/\ntimezone: Asia/Shanghai\nsocialCards: false\n",
                                   encoding="utf-8")
    print(f"{args.posts} posts, {args.posts * 5} code blocks in {len(languages)} languages, in {root}")


main()
