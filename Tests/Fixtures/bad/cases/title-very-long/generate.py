"""A news item whose title is 10,000 characters (issue 35: its social card failed at a file the site does not have)."""
import pathlib

pathlib.Path("content/news/2026-11-12-long-title.md").write_text("---\ntitle: " + "Long title " * 910 + "\ndate: 2026-11-12\n---\nBody\n")
