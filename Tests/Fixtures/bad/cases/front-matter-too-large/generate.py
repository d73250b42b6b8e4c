"""Writes an article whose front matter has 400,000 keys, 4.2 MB (too big to commit).

Before front matter was bounded, it took 42.6 s and 424 MB."""
import pathlib

keys = "".join(f"k{i}: v\n" for i in range(400_000))
pathlib.Path("content/news/2026-11-12-keys.md").write_text(
    "---\ntitle: Keys\ndate: 2026-11-12\n" + keys + "---\n\nText.\n", encoding="utf-8")
