"""The inputs of bench/RESULTS.md's "Input bounds (issue 35)", written into a copy of a site.

    cp -r Tests/Fixtures/bad/base /tmp/site && python3 bench/bounds_inputs.py KIND /tmp/site

KIND: table (15.8 MB table of one-letter cells), wide (50,000 columns), keys (400,000 front-matter
keys), pop (1,000,000 popularity rows naming no item), cells (two tables of 50,000 cells, the most
allowed), fm (1 MB of front matter in 9,990 keys, under both limits).
"""
import pathlib
import sys

kind, site = sys.argv[1], pathlib.Path(sys.argv[2])
head = "---\ntitle: A big table\ndate: 2026-11-12\n---\n\n"
news = site / "content" / "news"
if kind == "table":
    row = "| a | b | c | d |\n"
    body = "| w | x | y | z |\n|---|---|---|---|\n" + row * (int(15.8 * 1024 * 1024) // len(row))
    (news / "2026-11-12-table.md").write_text(head + body)
elif kind == "wide":
    columns = 50_000
    body = "|" + "a|" * columns + "\n|" + "-|" * columns + "\n" + ("|" + "b|" * columns + "\n") * 20
    (news / "2026-11-12-table.md").write_text(head + body)
elif kind == "keys":
    keys = "".join(f"k{i}: v\n" for i in range(400_000))
    (news / "2026-11-12-keys.md").write_text("---\ntitle: Keys\ndate: 2026-11-12\n" + keys + "---\n\nText.\n")
elif kind == "pop":
    rows = "".join(f"x{i},{i},1,0\n" for i in range(1_000_000))
    (site / "data").mkdir(exist_ok=True)
    (site / "data" / "popularity.csv").write_text("path,views,likes,comments\n" + rows)
elif kind == "cells":
    table = "| w | x | y | z |\n|---|---|---|---|\n" + "| a | b | c | d |\n" * 12_499
    (news / "2026-11-12-table.md").write_text(head + table + "\nBetween.\n\n" + table)
elif kind == "fm":
    keys = "".join(f"k{i}: {'v' * 95}\n" for i in range(9_990))
    (news / "2026-11-12-keys.md").write_text("---\ntitle: Keys\ndate: 2026-11-12\n" + keys + "---\n\nText.\n")
else:
    sys.exit(f"unknown kind {kind}")
