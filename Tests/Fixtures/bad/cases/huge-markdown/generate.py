"""Writes a 50 MB Markdown article (too big to commit): the case is made when the test runs."""
import pathlib

paragraph = ("The union's **annual report** lists every society, its members and its budget; "
             "see [the accounts](/union/about/) for details. 学生会年度报告列出了每个社团。\n\n")
heading = "## Section {}\n\n"
target = 50 * 1024 * 1024
parts = ["---\ntitle: The whole annual report\ndate: 2026-11-12\ncategories: [Campus]\n---\n\n"]
size, section = 0, 0
while size < target:
    chunk = heading.format(section) + paragraph * 40
    parts.append(chunk)
    size += len(chunk.encode())
    section += 1
pathlib.Path("content/news/2026-11-12-annual-report.md").write_text("".join(parts), encoding="utf-8")
