#!/usr/bin/env python3
"""Checks that every colour of the default theme's code highlighting (templates/assets/herald.css,
the --code-* custom properties, light and dark) passes WCAG AA (4.5:1) against each background it
is shown on: the block's own, a highlighted line's (hl_lines), an inserted and a deleted line's.

Usage: python3 scripts/check-code-contrast.py [herald.css]; exits 1 if any pair fails.
The formula is WCAG 2.1's relative luminance and contrast ratio."""
import re
import sys

TEXT = ["text", "comment", "keyword", "string", "number", "name-function", "name-class", "name-tag",
        "name-attribute", "name-builtin", "name-variable", "operator", "escape", "prompt", "output",
        "heading", "error", "line-number"]
BACKGROUNDS = ["bg", "hll"]
PAIRS = [("inserted", "inserted-bg"), ("deleted", "deleted-bg")]


def luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a, b):
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def palettes(css):
    """The --code-* properties of the light :root block and of the dark one."""
    light = re.search(r"/\* code: light \*/(.*?)/\* code: dark \*/", css, re.S).group(1)
    dark = re.search(r"/\* code: dark \*/(.*?)/\* code: end \*/", css, re.S).group(1)
    read = lambda block: dict(re.findall(r"--code-([a-z-]+):\s*(#[0-9a-fA-F]{6})", block))
    return {"light": read(light), "dark": read(dark)}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "templates/assets/herald.css"
    failures = 0
    for scheme, colours in palettes(open(path, encoding="utf-8").read()).items():
        checks = [(fg, bg) for fg in TEXT for bg in BACKGROUNDS] + PAIRS
        worst = None
        for fg, bg in checks:
            value = ratio(colours[fg], colours[bg])
            worst = min(worst or (value, fg, bg), (value, fg, bg))
            mark = "ok  " if value >= 4.5 else "FAIL"
            failures += value < 4.5
            print(f"{scheme:5} {mark} {fg:15} {colours[fg]} on {bg:11} {colours[bg]}  {value:5.2f}:1")
        print(f"{scheme:5} lowest: {worst[1]} on {worst[2]}, {worst[0]:.2f}:1 ({len(checks)} pairs)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
