"""Writes an article naming 4,000 categories, as the hostile-input trial of issue 35 did (one
such file of 23 KB wrote 2.9 GB): the case is made when the test runs."""
import pathlib

lines = ["---", "title: Every category there is", "date: 2026-11-12", "categories:"]
lines += [f"  - c{number:05d}" for number in range(4000)]
lines += ["---", "", "One article, filed under everything.", ""]
pathlib.Path("content/news/2026-11-12-everything.md").write_text("\n".join(lines), encoding="utf-8")
