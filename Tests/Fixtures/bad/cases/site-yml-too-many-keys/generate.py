"""Appends 10,010 keys under one unknown key to the base site's site.yml: under the size limit,
over the limit on keys every structured input keeps. Refused at the 10,001st key's line, before
thousands of 'unknown key' warnings."""
import pathlib

site = pathlib.Path("site.yml")
text = site.read_text(encoding="utf-8")
site.write_text(text + "extra:\n" + "".join(f"  k{i}: v\n" for i in range(10_010)), encoding="utf-8")
