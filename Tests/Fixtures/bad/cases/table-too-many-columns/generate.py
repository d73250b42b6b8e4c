"""Writes a 2.2 MB article holding a table of 50,000 columns and 20 rows (too big to commit).

Before tables were bounded, it took 6.8 s and 741 MB."""
import pathlib

columns = 50_000
body = "|" + "a|" * columns + "\n|" + "-|" * columns + "\n" + ("|" + "b|" * columns + "\n") * 20
pathlib.Path("content/news/2026-11-12-table.md").write_text(
    "---\ntitle: A wide table\ndate: 2026-11-12\n---\n\n" + body, encoding="utf-8")
