"""What one item can make Herald write (issue 35): output grows linearly with the item, within the
bounds docs/errors.md states ("How much one item can write").

Each test builds the known-good site of the bad-input suite (Tests/Fixtures/bad/base), adds one
item, builds again into a new folder with the real `herald`, and divides what the output grew by by
the item's size. Before terms were bounded, every category page and feed listed all of an item's
terms, so the figure grew with their number: 788 bytes per byte for the item at the limit with the
longest terms, 7,617 for the one with the shortest.
"""
import os
import shutil
import string
import subprocess

from conftest import NOW, REPO, herald_binary

BASE = REPO / "Tests" / "Fixtures" / "bad" / "base"
# The bounds docs/errors.md states, in bytes of output per byte of the item.
LONGEST_TERMS_BOUND = 600
WORST_CASE_BOUND = 5000
LONGEST_TERM = 200


def output_size(folder):
    return sum(os.lstat(os.path.join(root, name)).st_size for root, _, names in os.walk(folder) for name in names)


def growth_per_byte(tmp_path, item, site_yml_extra=""):
    """Builds the good site, then with `item` added; returns output growth / item size."""
    tmp_path.mkdir(exist_ok=True)
    site = tmp_path / "site"
    shutil.copytree(BASE, site)
    with open(site / "site.yml", "a", encoding="utf-8") as config:
        config.write(site_yml_extra)
    def build(output):
        result = subprocess.run([str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--quiet"],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr
        return output_size(output)
    before = build(tmp_path / "before")
    path = site / "content" / "news" / "2026-11-12-terms.md"
    path.write_text(item, encoding="utf-8")
    return (build(tmp_path / "after") - before) / path.stat().st_size


def longest(prefix, number):
    """A term of exactly LONGEST_TERM bytes."""
    return (f"{prefix}{number:04d} " + "x" * LONGEST_TERM)[:LONGEST_TERM]


def item_with(categories, tags):
    lines = ["---", "title: Terms", "date: 2026-11-12", "categories:"]
    lines += [f"  - {name}" for name in categories]
    lines += ["tags:"] + [f"  - {name}" for name in tags]
    return "\n".join(lines + ["---", "", "Text.", ""])


def test_an_item_at_the_limit_with_the_longest_terms(tmp_path):
    item = item_with([longest("c", n) for n in range(100)], [longest("t", n) for n in range(100)])
    ratio = growth_per_byte(tmp_path, item)
    assert ratio <= LONGEST_TERMS_BOUND, f"{ratio:.0f} bytes written per byte of the item"


def test_an_item_at_the_limit_with_the_shortest_terms(tmp_path):
    # Two letters each: the most terms per byte, so the most pages per byte.
    names = [a + b for a in string.ascii_lowercase for b in string.ascii_lowercase]
    item = f"---\ntitle: T\ndate: 2026-11-12\ncategories: [{','.join(names[:100])}]\ntags: [{','.join(names[100:200])}]\n---\n"
    ratio = growth_per_byte(tmp_path, item)
    assert ratio <= WORST_CASE_BOUND, f"{ratio:.0f} bytes written per byte of the item"


def test_output_grows_linearly_with_the_terms(tmp_path):
    # A category costs more than a tag (three feeds, an API document, a social card), so an item
    # of categories alone writes the most per byte; at three times the default limit the figure
    # stays what it is at the limit, where output growing with the square would triple it.
    at_limit = growth_per_byte(tmp_path / "100", item_with([longest("c", n) for n in range(100)], []))
    tripled = growth_per_byte(tmp_path / "300", item_with([longest("c", n) for n in range(300)], []), "limits:\n  termsPerItem: 300\n")
    assert tripled <= at_limit * 1.1, f"{at_limit:.0f} bytes written per byte of the item at 100 categories, {tripled:.0f} at 300"
    assert max(at_limit, tripled) <= LONGEST_TERMS_BOUND, f"{at_limit:.0f} and {tripled:.0f} bytes written per byte of the item"


def test_terms_of_the_sites_own_taxonomies_are_bounded_as_tags_are(tmp_path):
    # Each term of a site's own taxonomy has a page, three feeds and API documents, like a
    # category without its social card: an item at the limit in two taxonomies, of the shortest
    # terms, writes no more per byte than one at the limit of categories and tags.
    names = [a + b for a in string.ascii_lowercase for b in string.ascii_lowercase]
    item = f"---\ntitle: T\ndate: 2026-11-12\ntopics: [{','.join(names[:100])}]\ndepartments: [{','.join(names[100:200])}]\n---\n"
    ratio = growth_per_byte(tmp_path, item, "taxonomies:\n  - topics\n  - departments\n")
    assert ratio <= WORST_CASE_BOUND, f"{ratio:.0f} bytes written per byte of the item"
