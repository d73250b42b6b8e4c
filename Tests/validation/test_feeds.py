"""Every feed of every site is valid and reads back as a feed reader would see it."""
import email.utils
import json
import subprocess
import xml.etree.ElementTree as ET

import feedparser
import pytest

from conftest import SITES, STANDARDS, files

ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"


@pytest.mark.parametrize("site", SITES)
def test_atom_feeds_match_the_rfc4287_schema(built_sites, site):
    feeds = files(built_sites[site], "atom.xml")
    result = subprocess.run(["jing", "-c", str(STANDARDS / "atom-rfc4287.rnc"), *map(str, feeds)], capture_output=True, text=True)
    errors = [line for line in result.stdout.splitlines() + result.stderr.splitlines() if line and not line.startswith("[warning]")]
    assert result.returncode == 0 and not errors, "\n".join(errors)


@pytest.mark.parametrize("site", SITES)
def test_json_feeds_pass_the_json_feed_checker(built_sites, site):
    feeds = files(built_sites[site], "feed.json")
    result = subprocess.run(["python3", str(STANDARDS / "jsonfeed_check.py"), *map(str, feeds)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("site", SITES)
def test_rss_feeds_have_what_rss_2_requires(built_sites, site):
    for path in files(built_sites[site], "feed.xml"):
        channel = ET.parse(path).getroot().find("channel")
        assert channel is not None, path
        for element in ("title", "link", "description"):
            assert (channel.findtext(element) or "").strip(), f"{path}: channel has no {element}"
        self_links = [link for link in channel.findall(ATOM + "link") if link.get("rel") == "self"]
        assert len(self_links) == 1 and self_links[0].get("href", "").endswith("feed.xml"), f"{path}: no atom:link rel=self"
        email.utils.parsedate_to_datetime(channel.findtext("lastBuildDate"))
        guids = []
        for item in channel.findall("item"):
            assert (item.findtext("title") or "").strip(), f"{path}: item without title"
            assert item.findtext("link", "").startswith(("http://", "https://")), f"{path}: item link is not absolute"
            date = email.utils.parsedate_to_datetime(item.findtext("pubDate"))
            assert date.tzinfo is not None, f"{path}: pubDate without zone"
            guids.append(item.findtext("guid"))
        assert all(guids) and len(guids) == len(set(guids)), f"{path}: guids missing or repeated"


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("name", ["feed.xml", "atom.xml"])
def test_feedparser_reads_every_entry_back(built_sites, site, name):
    for path in files(built_sites[site], name):
        parsed = feedparser.parse(path.read_bytes())
        assert not parsed.bozo, f"{path}: {parsed.get('bozo_exception')}"
        raw = ET.parse(path).getroot()
        expected = len(raw.findall("channel/item")) if name == "feed.xml" else len(raw.findall(ATOM + "entry"))
        assert len(parsed.entries) == expected
        for entry in parsed.entries:
            assert entry.title and entry.link.startswith("http"), f"{path}: {entry}"
            assert entry.get("published_parsed"), f"{path}: {entry.title} has no date feedparser understands"
            # (Parenthesised as meant: an entry needs content or a summary that is not empty.)
            assert (entry.get("content") and entry.content[0].value.strip()) or (entry.get("summary") or "").strip(), f"{path}: {entry.title} has no content"


@pytest.mark.parametrize("site", SITES)
def test_json_feed_entries_carry_title_link_date_and_content(built_sites, site):
    for path in files(built_sites[site], "feed.json"):
        feed = json.loads(path.read_text())
        for item in feed["items"]:
            assert item["title"] and item["url"].startswith("http") and item["date_published"], f"{path}: {item}"
            # The body itself, not only its key: JSON Feed needs content_html or content_text with text in it.
            assert (item.get("content_html") or item.get("content_text") or "").strip(), f"{path}: {item['title']} has no content"


def test_feed_content_is_absolute_and_inert(built_sites):
    out = built_sites["awkward"]
    rss = ET.parse(out / "feed.xml").getroot()
    for item in rss.findall("channel/item"):
        html = item.findtext(CONTENT) or ""
        for attribute in ('href="/', 'src="/', 'href="other', 'src="pic'):
            assert attribute not in html, f"relative URL left in feed content: {attribute}"
        assert "<script" not in html and "javascript:" not in html
    titles = [item.findtext("title") for item in rss.findall("channel/item")]
    assert "<script>alert('x')</script> & ]]>  end" in titles, titles


def test_events_are_marked_in_every_format(built_sites):
    out = built_sites["basic"]
    rss_categories = [c.text for c in ET.parse(out / "feed.xml").getroot().iter("category")]
    assert "event" in rss_categories
    atom_terms = [c.get("term") for c in ET.parse(out / "atom.xml").getroot().iter(ATOM + "category")]
    assert "event" in atom_terms
    kinds = {item["_herald"]["kind"] for item in json.loads((out / "feed.json").read_text())["items"]}
    assert kinds == {"news", "event"}


def test_feed_ids_do_not_depend_on_titles(built_sites):
    out = built_sites["basic"]
    ids = [item["id"] for item in json.loads((out / "feed.json").read_text())["items"]]
    assert all(i.startswith("tag:example.org,") for i in ids), ids
    assert "tag:example.org,2026-11-02:/club/news/welcome/" in ids
