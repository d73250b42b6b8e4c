"""Writes a 15.8 MB article that is one table of 3.6 million one-letter cells (too big to commit).

Just under the 16 MB file limit: before tables were bounded, it took 21 s and 3 GB."""
import pathlib

row = "| a | b | c | d |\n"
body = "| w | x | y | z |\n|---|---|---|---|\n" + row * (int(15.8 * 1024 * 1024) // len(row))
pathlib.Path("content/news/2026-11-12-table.md").write_text(
    "---\ntitle: A big table\ndate: 2026-11-12\n---\n\n" + body, encoding="utf-8")
