"""Writes an article whose front matter has 10,010 keys in 89 KB: under the size limit, over the
limit on keys (the 10,001st key is on line 10,002)."""
import pathlib

keys = "".join(f"k{i}: v\n" for i in range(10_008))
pathlib.Path("content/news/2026-11-12-keys.md").write_text(
    "---\ntitle: Keys\ndate: 2026-11-12\n" + keys + "---\n\nText.\n", encoding="utf-8")
