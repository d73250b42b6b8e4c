"""Times Pygments (Debian's python3-pygments, run with /usr/bin/python3 -I) in one process: import,
the first block of each language (its lexer loaded), then the median of repeated 20- and 500-line
blocks, and the peak memory. Usage: /usr/bin/python3 -I pygments_bench.py SAMPLES_FOLDER"""
import pathlib
import resource
import statistics
import sys
import time

t0 = time.perf_counter()
from pygments import highlight
from pygments.formatters.html import HtmlFormatter
from pygments.lexers import get_lexer_by_name
t_import = time.perf_counter() - t0

folder = pathlib.Path(sys.argv[1])
languages = sorted({p.stem for p in folder.iterdir()})
formatter = HtmlFormatter(nowrap=True)


def once(language, code):
    start = time.perf_counter()
    highlight(code, get_lexer_by_name(language), formatter)
    return time.perf_counter() - start


print(f"import pygments + html formatter: {t_import * 1000:.1f} ms")
print(f"{'language':12} {'first 20-line':>14} {'20-line median':>15} {'500-line median':>16}")
firsts, twenties, fivehundreds = [], [], []
for language in languages:
    short = (folder / f"{language}.20").read_text()
    long = (folder / f"{language}.500").read_text()
    first = once(language, short)
    t20 = statistics.median(once(language, short) for _ in range(200))
    t500 = statistics.median(once(language, long) for _ in range(20))
    firsts.append(first); twenties.append(t20); fivehundreds.append(t500)
    print(f"{language:12} {first * 1000:11.2f} ms {t20 * 1000:12.3f} ms {t500 * 1000:13.2f} ms")
print(f"{'median':12} {statistics.median(firsts) * 1000:11.2f} ms {statistics.median(twenties) * 1000:12.3f} ms"
      f" {statistics.median(fivehundreds) * 1000:13.2f} ms")
print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB")
