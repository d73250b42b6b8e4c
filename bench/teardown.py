#!/usr/bin/env python3
"""How much of a build's freeing happens in the build's own thread, at its end.

    perf record -F 4000 -g -o build.data herald build --source CORPUS --output OUT --quiet
    perf script -i build.data -F time,tid,ip,sym | swift demangle --simplified | python3 bench/teardown.py

Counts the samples in which `Build.runSteps`, `SiteBuild.run` or `BuildCommand.run` is directly
releasing memory (the frame above it is a release, a destroy or a deallocation): work the other
core could have done (see ReleaseElsewhere). At 4,000 samples a second, 4 samples are 1 ms.
"""
import collections
import re
import sys

CALLERS = ("Build.runSteps", "BuildCommand.run", "static SiteBuild.run")


def samples(lines):
    stack = None
    for line in lines:
        if not line.strip():
            if stack:
                yield stack
            stack = None
        elif not line[0].isspace():
            stack = []
        elif stack is not None:
            parts = line.strip().split(None, 1)
            if len(parts) > 1:
                stack.append(re.sub(r"\+0x[0-9a-f]+", "", parts[1]))
    if stack:
        yield stack


def main():
    count, total, where = 0, 0, collections.Counter()
    for stack in samples(sys.stdin):
        total += 1
        for index, frame in enumerate(stack):
            if index and frame.startswith(CALLERS) and re.search("RefCounts|dealloc|destroy|release", stack[index - 1]):
                count += 1
                where[frame[:40] + " < " + stack[index - 1][:50]] += 1
                break
    print(f"teardown samples in the build's own thread: {count} of {total}")
    for frame, n in where.most_common(8):
        print(f"  {n:5d} {frame}")


if __name__ == "__main__":
    main()
