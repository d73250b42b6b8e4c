"""A site changed at random, step by step, and built after each step on its last output, as a
person working on it builds: every output must be the one a whole build of the same sources
makes, byte for byte (issue 39). The edits that `herald build` takes from its snapshot (a body
changed) and the ones it builds whole for (a title, a new file, a deleted or renamed one, a link
added) are mixed, in an order each seed chooses, so each rebuild starts from whatever the steps
before it left: the snapshot added to, an output rebuilt in place, a record a whole build wrote.
Jekyll's --incremental goes stale in sequences like these; Herald's must not."""
import os
import pathlib
import random
import shutil
import subprocess
import time

import pytest

from conftest import NOW, REPO, herald_binary

FIXTURES = REPO / "Tests" / "Fixtures" / "sites"
STEPS = 36
# A file changed within the last ticks of the clock is not trusted by its stamp, and a build
# then reads it whole: waiting this long after each change lets the rebuild take the snapshot.
SETTLE = 0.08


def run(*arguments):
    result = subprocess.run([str(herald_binary()), *arguments, "--now", NOW], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"herald {' '.join(arguments)} failed:\n{result.stderr[-3000:]}"
    return result.stdout


def tree(folder):
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def article(number, links_to=None):
    """A news item with a heading, two paragraphs and, when asked, a link to another item's file."""
    link = f"\n\nSee also [the earlier one](@/news/extra-{links_to:02d}.md).\n" if links_to is not None else "\n"
    return (f"---\ntitle: Extra news {number}\ndate: 2026-10-{number + 1:02d}\ncategories: [Sport]\ntags: [extra]\n---\n\n"
            f"The first paragraph of item {number}.\n\n## Details {number}\n\nMore about item {number}, with *emphasis*."
            + link)


class Site:
    """A copy of a fixture site with extra news items, and the changes a person makes to it."""

    def __init__(self, fixture, folder, rng):
        shutil.copytree(FIXTURES / fixture, folder)
        self.folder, self.rng = folder, rng
        news = folder / "content" / "news"
        for number in range(8):
            (news / f"extra-{number:02d}.md").write_text(article(number, links_to=number - 1 if number % 3 == 2 else None))
        self.next_number = 8

    def news(self):
        return sorted(path for path in (self.folder / "content" / "news").rglob("*.md") if "draft" not in path.name)

    def pick(self):
        """Any content file of any language (news, events, pages, bundles' heads), drafts aside."""
        files = sorted(path for path in (self.folder / "content").rglob("*.md")
                       if "draft" not in path.name and not path.name.startswith("_index"))
        return self.rng.choice(files)

    def edit_body(self):
        path = self.pick()
        path.write_text(path.read_text() + f"\nA paragraph added at step {self.rng.randrange(10**6)}.\n")
        return f"body of {path.name}"

    def add_alert(self):
        """A GitHub alert, whose title each language's edition shows in its own words."""
        path = self.pick()
        path.write_text(path.read_text() + f"\n> [!TIP]\n> A tip added at step {self.rng.randrange(10**6)}.\n")
        return f"an alert in {path.name}"

    def edit_two_bodies(self):
        return " and ".join(self.edit_body() for _ in range(2))

    def rewrite_paragraph(self):
        """A word added to a paragraph in the middle of the body."""
        path = self.pick()
        head, separator, body = path.read_text().partition("\n---\n")
        lines = body.split("\n")
        paragraphs = [index for index, line in enumerate(lines) if line and line[0].isalnum()]
        if not paragraphs:
            return self.edit_body()
        index = self.rng.choice(paragraphs)
        lines[index] += " Rewritten."
        path.write_text(head + separator + "\n".join(lines))
        return f"a paragraph of {path.name}"

    def insert_line_above(self):
        """A paragraph added before the rest of the body: links and images move to other lines."""
        path = self.pick()
        head, separator, body = path.read_text().partition("\n---\n")
        path.write_text(head + separator + "\nA new first paragraph.\n" + body)
        return f"a first paragraph of {path.name}"

    def edit_title(self):
        path = self.pick()
        text = path.read_text()
        quoted = 'title: "' in text.partition("\n---\n")[0]
        path.write_text(text.replace('title: "', 'title: "Changed ', 1) if quoted else text.replace("title: ", "title: Changed ", 1))
        return f"title of {path.name}"

    def add_item(self):
        number = self.next_number
        self.next_number += 1
        (self.folder / "content" / "news" / f"extra-{number:02d}.md").write_text(article(number % 28))
        return f"new extra-{number:02d}.md"

    def unlinked_extras(self):
        """The extra items no other file links to: removing or renaming one that is linked to is
        an error at the link, not a rebuild."""
        texts = [other.read_text() for other in self.news()]
        return [path for path in self.news() if path.name.startswith("extra-")
                and not any(f"@/news/{path.name}" in text for text in texts)]

    def delete_item(self):
        candidates = self.unlinked_extras()
        if not candidates:
            return self.add_item()
        path = self.rng.choice(candidates)
        path.unlink()
        return f"deleted {path.name}"

    def rename_item(self):
        candidates = self.unlinked_extras()
        if not candidates:
            return self.edit_body()
        path = self.rng.choice(candidates)
        target = path.with_name("renamed-" + path.name)
        path.rename(target)
        return f"renamed {path.name}"

    def add_link(self):
        path = self.pick()
        target = self.rng.choice([other for other in self.news() if other != path and other.name.startswith("extra-")])
        path.write_text(path.read_text() + f"\nRead [this]({'@/news/' + target.name}).\n")
        return f"a link from {path.name} to {target.name}"

    def touch(self):
        path = self.pick()
        os.utime(path)
        return f"touched {path.name}"

    def crlf(self):
        path = self.pick()
        path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
        return f"CRLF in {path.name}"

    def revert(self, saved):
        path, text = saved
        if not path.exists():
            return self.edit_body()
        path.write_bytes(text)
        return f"reverted {path.name}"


# Body changes, which the snapshot serves, weigh most, as they do in a person's work.
CHANGES = ["edit_body"] * 5 + ["edit_two_bodies", "rewrite_paragraph"] * 2 + ["add_alert"] + [
    "insert_line_above", "edit_title", "add_item", "delete_item", "rename_item", "add_link", "touch", "crlf", "revert"]


@pytest.mark.parametrize("fixture,seed", [("basic", 1), ("basic", 2), ("basic", 3), ("bilingual", 4), ("bilingual", 5)])
def test_each_rebuild_after_random_changes_is_a_whole_build(tmp_path, fixture, seed):
    rng = random.Random(seed)
    site = Site(fixture, tmp_path / "site", rng)
    output, whole = tmp_path / "out", tmp_path / "whole"
    run("build", "--source", str(site.folder), "--output", str(output), "--quiet")
    from_snapshot = 0
    saved = None
    for step in range(STEPS):
        change = rng.choice(CHANGES)
        if change == "revert" and saved is None:
            change = "edit_body"
        if change != "revert" and rng.random() < 0.2:
            path = site.pick()
            saved = (path, path.read_bytes())
        done = site.revert(saved) if change == "revert" else getattr(site, change)()
        time.sleep(SETTLE)
        timings = run("build", "--source", str(site.folder), "--output", str(output), "--timings")
        from_snapshot += "rebuild edited bodies" in timings
        run("build", "--source", str(site.folder), "--output", str(whole), "--force", "--no-snapshot", "--quiet")
        built, expected = tree(output), tree(whole)
        assert built.keys() == expected.keys(), f"seed {seed}, step {step} ({done}): the files differ: {sorted(built.keys() ^ expected.keys())[:10]}"
        differing = [path for path in built if built[path] != expected[path]]
        assert not differing, f"seed {seed}, step {step} ({done}): these files differ from a whole build: {differing[:10]}"
    # The sequence must have gone through the snapshot, or it proved nothing of it.
    assert from_snapshot >= 10, f"seed {seed}: only {from_snapshot} of {STEPS} rebuilds were taken from the snapshot"
