#!/usr/bin/env python3
"""Lists the tests that a swift-testing log shows started but never passed or failed.

After a crash these are the suspects: the crashed test is among them. Used by run-tests.sh.
"""
import re
import sys

started, ended = {}, set()
for number, line in enumerate(open(sys.argv[1], encoding="utf-8", errors="replace")):
    # Each case of a parameterized test also says it started ("Test case passing …"), but only
    # the test as a whole says it ended.
    match = re.match(r"^\S+ Test (?!case passing)(.+?)(?: with \d+ test cases?)? (started|passed|failed)\b", line)
    if not match or match.group(1) == "run":
        continue
    name, state = match.group(1), match.group(2)
    if state == "started":
        started.setdefault(name, number)
    else:
        ended.add(name)
for name, _ in sorted(started.items(), key=lambda pair: pair[1]):
    if name not in ended:
        print(name)
