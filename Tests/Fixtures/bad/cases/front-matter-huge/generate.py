"""Writes an article whose front matter has 1.45 million keys, 15 MB, just under the file limit
(too big to commit). Before front matter was bounded, it ran over two minutes."""
import pathlib

keys = "".join(f"k{i:x}: v\n" for i in range(1_450_000))
pathlib.Path("content/news/2026-11-12-keys.md").write_text(
    "---\ntitle: Keys\ndate: 2026-11-12\n" + keys + "---\n\nText.\n", encoding="utf-8")
