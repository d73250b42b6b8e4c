"""Hostile content comes out inert in every output, checked with real parsers.

The fixture site Tests/Fixtures/sites/hostile puts `<script>`, `"><img onerror=…>`, `</script>`,
`]]>`, `javascript:` links, control characters, right-to-left overrides, iCalendar line injection
and very long words into every field Herald prints (titles, summaries, categories, tags, authors,
locations, addresses, organizers, alt text, bodies, the site's own settings).

Each output is read the way its readers read it: pages with html5lib (the HTML standard's parsing
algorithm, as browsers do), feeds and the sitemap with an XML parser, the JSON Feed and the API
with a JSON parser, calendars with the icalendar parser. The tests then assert that the hostile
strings are there as text (so nothing was silently dropped) and never as elements, attributes,
script, URLs with a script scheme, extra calendar events or XML structure.
"""
import json
import pathlib
import re
import xml.etree.ElementTree as ET

import html5lib
import icalendar
import pytest

# The values as the editor wrote them, after the two changes Herald makes on the way in:
# control characters are dropped, and an override left open is closed at the end of its value.
ARTICLE_TITLE = "<script>alert('title')</script> & ]]>  end"
ARTICLE_SUMMARY = "\"><img src=x onerror=alert('summary')> ]]> ' onmouseover='alert(1)"
RTL_TITLE = "Invoice \u202efdp.exe\u202c"
EVENT_TITLE = "Event \"><img src=x onerror=alert('event')>"
EVENT_LOCATION = "<script>alert('location')</script>; Hall, Room 1\\nDTSTART:19700101T000000Z"
PAGE_TITLE = "About </h1><script>alert('page')</script>"
SITE_TITLE = "Hostile <script>alert('site')</script> & \"quotes\""
CATEGORY = "<b onmouseover=alert('category')>Bold</b>"
TAG = "</script><script>alert('tag')</script>"

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "cite", "background", "srcset", "xlink:href"}
SCRIPT_SCHEMES = ("javascript:", "vbscript:", "data:")
# Elements that run or restyle things; the default theme uses none of them, so none may appear.
FORBIDDEN_ELEMENTS = {"iframe", "object", "embed", "style", "svg", "math", "base", "form", "input", "frame", "frameset", "link-in-body"}
OPENERS = {"\u202a": "\u202c", "\u202b": "\u202c", "\u202d": "\u202c", "\u202e": "\u202c",
           "\u2066": "\u2069", "\u2067": "\u2069", "\u2068": "\u2069"}
BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "title", "td", "th", "dt", "dd", "figcaption", "pre", "blockquote", "caption", "time"}
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")


@pytest.fixture(scope="module")
def out(built_sites):
    return built_sites["hostile"]


def bidi_balanced(text):
    """Whether every embedding, override and isolate opened in `text` is closed within it."""
    stack = []
    for character in text:
        if character in OPENERS:
            stack.append(OPENERS[character])
        elif character in ("\u202c", "\u2069") and character in stack:
            del stack[len(stack) - 1 - stack[::-1].index(character):]
    return not stack


def scheme_of(url):
    """The scheme a browser would see: whitespace and control characters are ignored."""
    return re.sub(r"[\s\x00-\x1f]", "", url).lower()


# The one script a page may load: the default theme's search, under the hostile site's base path.
THEME_SCRIPT = "/hostile/assets/search.js"
THEME_SEARCH = "/hostile/search/"


def check_inert_html(document, where, allow_json_ld=True):
    """Asserts a parsed HTML tree has no script, handler, script URL or foreign element."""
    # The theme's search box (a form to the site's own search page) may hold a label, a search
    # field, a button and the results' container; nothing else, and no other form.
    search_parts = set()
    for form in document.iter():
        if isinstance(form.tag, str) and form.tag.lower() == "form" and allow_json_ld and form.get("action") == THEME_SEARCH and form.get("role") == "search":
            for part in form.iter():
                tag = part.tag.lower()
                assert tag in {"form", "label", "input", "div", "button"}, f"{where}: <{tag}> in the search form"
                if tag == "input":
                    assert part.get("type") == "search" and part.get("name") == "q", f"{where}: an input that is not the search field"
                search_parts.add(id(part))
    for element in document.iter():
        if not isinstance(element.tag, str):
            continue  # comments
        tag = element.tag.lower()
        if id(element) not in search_parts:
            assert tag not in FORBIDDEN_ELEMENTS, f"{where}: a <{tag}> element"
        if tag == "script" and allow_json_ld and element.get("src") == THEME_SCRIPT:
            # The theme's own search script, loaded from the site: nothing inline, nothing else.
            assert not (element.text or "").strip() and set(element.attrib) == {"src", "defer"}, f"{where}: the search script was altered"
        elif tag == "script":
            assert allow_json_ld and element.get("type") == "application/ld+json" and not element.get("src"), \
                f"{where}: a script that is not structured data"
            json.loads(element.text or "")  # structured data that a `</script>` cut short would not parse
        if tag == "img":
            assert element.get("src") != "x", f"{where}: an injected <img>"
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), f"{where}: <{tag} {name}=…>"
            if name.lower() in URL_ATTRIBUTES:
                assert not scheme_of(value).startswith(SCRIPT_SCHEMES), f"{where}: <{tag} {name}={value!r}>"
        # An override may span inline markup, but must close within its block (or attribute),
        # so it cannot reorder the text of the next heading, card or paragraph.
        for text in [*element.attrib.values()] + ([text_of(element)] if tag in BLOCKS else []):
            assert bidi_balanced(text), f"{where}: an override left open in {text!r}"


def parse_html(text):
    return html5lib.parse(text, treebuilder="etree", namespaceHTMLElements=False)


def text_of(element):
    return "".join(element.itertext())


def html_files(out):
    return sorted(out.rglob("*.html"))


def test_no_output_carries_control_characters_or_an_open_override(out):
    checked = 0
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in {".html", ".xml", ".json", ".ics", ".txt"}):
        text = path.read_text(encoding="utf-8")
        assert not CONTROL.search(text), f"{path}: a control character"
        checked += 1
    assert checked > 30


def test_every_page_parses_to_inert_markup(out):
    pages = html_files(out)
    assert len(pages) > 15
    for path in pages:
        check_inert_html(parse_html(path.read_bytes()), str(path.relative_to(out)))


def test_hostile_values_are_text_on_the_pages(out):
    article = parse_html((out / "news" / "script-title" / "index.html").read_bytes())
    assert text_of(article.find(".//h1")) == ARTICLE_TITLE
    assert article.find(".//title").text.startswith(ARTICLE_TITLE)
    descriptions = [m.get("content") for m in article.iter("meta") if m.get("name") == "description"]
    assert descriptions == [ARTICLE_SUMMARY]
    badges = [text_of(a) for a in article.iter("a") if "badge" in (a.get("class") or "")]
    assert CATEGORY in badges
    tags = [text_of(a) for a in article.iter("a") if a.get("class") == "tag"]
    assert "#" + TAG in tags and "#\u202egnp.exe\u202c" in tags
    cover = [img for figure in article.iter("figure") if "article__cover" in (figure.get("class") or "") for img in figure.iter("img")]
    assert [img.get("alt") for img in cover] == ["\" onerror=\"alert('alt')"]
    # Markdown links with a script scheme keep their text and lose their target.
    links = {text_of(a): a.get("href") for a in article.iter("a")}
    assert links["javascript link"] == "" and links["spaced one"] == ""

    event = parse_html((out / "events" / "hostile-event" / "index.html").read_bytes())
    assert text_of(event.find(".//h1")) == EVENT_TITLE
    assert EVENT_LOCATION in text_of(event.find(".//body"))
    page = parse_html((out / "about" / "index.html").read_bytes())
    assert text_of(page.find(".//h1")) == PAGE_TITLE
    home = parse_html((out / "index.html").read_bytes())
    assert SITE_TITLE in text_of(home.find(".//header"))
    assert RTL_TITLE in text_of(home.find(".//body"))


def test_structured_data_reads_back_as_the_values(out):
    article = parse_html((out / "news" / "script-title" / "index.html").read_bytes())
    [script] = [s for s in article.iter("script") if s.get("type") == "application/ld+json"]
    data = json.loads(script.text)
    assert data["headline"] == ARTICLE_TITLE
    assert data["description"] == ARTICLE_SUMMARY
    assert data["articleSection"] == CATEGORY
    assert data["publisher"]["name"] == SITE_TITLE


def xml_text_values(root):
    for element in root.iter():
        for text in (element.text, element.tail, *element.attrib.values()):
            if text:
                yield text


@pytest.mark.parametrize("name", ["feed.xml", "atom.xml", "sitemap.xml"])
def test_xml_documents_parse_and_hold_the_values_as_text(out, name):
    root = ET.parse(out / name).getroot()  # a stray `]]>`, `<` or control character would not parse
    values = list(xml_text_values(root))
    assert all(bidi_balanced(value) for value in values)
    if name == "sitemap.xml":
        locations = [e.text for e in root.iter() if e.tag.endswith("}loc")]
        assert locations and all(url.startswith("https://example.org/hostile/") for url in locations)
        return
    titles = [e.text for e in root.iter() if e.tag.split("}")[-1] == "title"]
    assert ARTICLE_TITLE in titles and RTL_TITLE in titles and EVENT_TITLE in titles and SITE_TITLE in titles
    # The HTML inside a feed entry is text to the XML parser, and inert to the reader that renders it.
    # (The channel's own description and Atom's type="text" elements are plain text by their specs.)
    entries = [e for e in root.iter() if e.tag.split("}")[-1] in {"item", "entry"}]
    bodies = [e.text for entry in entries for e in entry.iter()
              if e.tag.split("}")[-1] in {"encoded", "content", "description", "summary"} and e.text and "<" in e.text]
    assert bodies
    # The entry's summary reads as the editor's text, not rewritten (no "src=x" turned into a URL).
    [article] = [e for e in entries if any(t.text == ARTICLE_TITLE for t in e if t.tag.split("}")[-1] == "title")]
    [summary] = [e.text for e in article if e.tag.split("}")[-1] in {"description", "summary"}]
    assert text_of(parse_html(summary).find(".//body")).strip() == ARTICLE_SUMMARY
    for body in bodies:
        check_inert_html(parse_html(body), f"{name} entry", allow_json_ld=False)


def json_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)


def test_json_documents_parse_and_hold_the_values_as_strings(out):
    documents = [out / "feed.json", *sorted((out / "api").rglob("*.json"))]
    assert len(documents) > 8
    for path in documents:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert all(bidi_balanced(s) for s in json_strings(data)), path
    feed = json.loads((out / "feed.json").read_text(encoding="utf-8"))
    titles = {item["title"] for item in feed["items"]}
    assert {ARTICLE_TITLE, RTL_TITLE, EVENT_TITLE} <= titles
    for item in feed["items"]:
        check_inert_html(parse_html(item["content_html"]), f"feed.json {item['id']}", allow_json_ld=False)
        if "image" in item:
            assert not scheme_of(item["image"]).startswith(SCRIPT_SCHEMES)
    article = json.loads((out / "api" / "news" / "script-title.json").read_text(encoding="utf-8"))
    assert ARTICLE_TITLE in json_strings(article) and CATEGORY in json_strings(article)


def test_calendars_hold_one_event_with_the_values_as_text(out):
    calendars = sorted(out.rglob("*.ics"))
    assert calendars
    for path in calendars:
        raw = path.read_text(encoding="utf-8")
        # Injected lines would start a line of their own; escaped ones stay inside a value.
        for injected in ("SUMMARY:injected", "X-INJECTED", "DTSTART:19700101", "END:VCALENDAR\r\nBEGIN"):
            assert not re.search(r"(^|\r\n)" + re.escape(injected), raw), f"{path}: {injected} became a line"
        calendar = icalendar.Calendar.from_ical(raw)
        events = calendar.walk("VEVENT")
        for event in events:
            for value in event.values():
                if isinstance(value, str):
                    assert bidi_balanced(value)
    events = icalendar.Calendar.from_ical((out / "events.ics").read_text(encoding="utf-8")).walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in events] == [EVENT_TITLE]
    assert str(events[0]["LOCATION"]).startswith(EVENT_LOCATION)
