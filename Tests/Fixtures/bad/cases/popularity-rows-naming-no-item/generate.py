"""Writes a 15 MB data/popularity.csv, under the 16 MB limit, of 600,000 rows naming no item (too
big to commit): 20 warnings are printed, then one line for the other 599,980."""
import pathlib

rows = "".join(f"nothing-{i},{i},1,0\n" for i in range(600_000))
pathlib.Path("data").mkdir(exist_ok=True)
pathlib.Path("data/popularity.csv").write_text("path,views,likes,comments\n" + rows, encoding="utf-8")
