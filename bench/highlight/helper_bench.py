"""Times Herald's Pygments helper process as CodeHighlighter runs it: the program is taken from
Sources/Herald/Render/PygmentsScript.swift and started with /usr/bin/python3 -I -c, spoken to with
the same framing. Reports start-up (to the greeting), the first block, the median round trip of
20- and 500-line blocks in ten languages, the helper's peak memory (VmHWM), and the wall time of
5,000 20-line blocks on two helpers at once (two cores).
Usage: python3 helper_bench.py SAMPLES_FOLDER"""
import pathlib
import re
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = re.search(r'#"""\n(.*?)"""#', (ROOT / "Sources/Herald/Render/PygmentsScript.swift").read_text(), re.S).group(1)


class Helper:
    def __init__(self):
        start = time.perf_counter()
        self.process = subprocess.Popen(["/usr/bin/python3", "-I", "-c", SCRIPT], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)
        greeting = self.process.stdout.readline()
        assert greeting.startswith(b"herald-pygments 1 "), greeting
        self.startup = time.perf_counter() - start

    def html(self, language, code):
        data = code.encode()
        self.process.stdin.write(b"%s\n%d\n" % (language.encode(), len(data)) + data)
        self.process.stdin.flush()
        length = int(self.process.stdout.readline())
        return None if length < 0 else self.process.stdout.read(length)

    def peak_mb(self):
        status = pathlib.Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def timed(function, *arguments):
    start = time.perf_counter()
    function(*arguments)
    return time.perf_counter() - start


folder = pathlib.Path(sys.argv[1])
languages = sorted({p.stem for p in folder.iterdir()})
samples = {l: ((folder / f"{l}.20").read_text(), (folder / f"{l}.500").read_text()) for l in languages}

startups = []
for _ in range(10):
    helper = Helper()
    startups.append(helper.startup)
    helper.close()
helper = Helper()
first = timed(helper.html, "python", samples["python"][0])
print(f"helper start-up (spawn to greeting), median of 10: {statistics.median(startups) * 1000:.1f} ms")
print(f"first block (python, 20 lines, lexer loaded): {first * 1000:.1f} ms")
print(f"{'language':12} {'20-line median':>15} {'500-line median':>16}")
t20s, t500s = [], []
for language in languages:
    short, long = samples[language]
    helper.html(language, short)
    t20 = statistics.median(timed(helper.html, language, short) for _ in range(200))
    t500 = statistics.median(timed(helper.html, language, long) for _ in range(20))
    t20s.append(t20); t500s.append(t500)
    print(f"{language:12} {t20 * 1000:12.3f} ms {t500 * 1000:13.2f} ms")
print(f"{'median':12} {statistics.median(t20s) * 1000:12.3f} ms {statistics.median(t500s) * 1000:13.2f} ms")
unknown = statistics.median(timed(helper.html, "no-such-language", samples["go"][0]) for _ in range(200))
print(f"unknown language round trip: {unknown * 1000:.3f} ms")
print(f"helper peak memory (VmHWM) after all of the above: {helper.peak_mb():.1f} MB")
helper.close()

# 5,000 blocks (the code-heavy corpus' count: 1,000 posts x 5), 20 lines each, ten languages in turn,
# on two helpers fed by two threads, as Herald's two rendering threads would.
blocks = [(languages[i % len(languages)], samples[languages[i % len(languages)]][0]) for i in range(5000)]
helpers = [Helper(), Helper()]
start = time.perf_counter()
threads = [threading.Thread(target=lambda h, part: [h.html(l, c) for l, c in part], args=(helpers[i], blocks[i::2]))
           for i in range(2)]
for t in threads: t.start()
for t in threads: t.join()
wall = time.perf_counter() - start
print(f"5,000 20-line blocks on 2 helpers: {wall:.2f} s wall, {wall / 5000 * 1000:.3f} ms per block")
for h in helpers: h.close()
