"""The sitemap, the JSON API, structured data and autodiscovery links of every site."""
import html.parser
import json
import os
import pathlib
import re
import subprocess
import urllib.parse

import jsonschema
import pytest
from referencing import Registry, Resource

from conftest import LANGUAGE_FOLDERS, NOW, REPO, SITES, STANDARDS, files, herald_binary, without_language_folder

SCHEMAS = REPO / "docs" / "api" / "schemas"


def registry():
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def schema_for(path, api_root):
    relative = path.relative_to(api_root).as_posix()
    if relative == "home.json":
        return "home"
    if relative == "trending.json":
        return "trending"
    if relative == "categories.json":
        return "categories"
    if relative.startswith("categories/"):
        return "category-page"
    if relative.startswith("taxonomies/"):
        return "term-page" if relative.count("/") > 1 else "taxonomy"
    if relative.split("/")[0] in ("news", "events", "pages"):
        return "item"
    raise AssertionError(f"no schema for api/{relative}")


# A multilingual sitemap names each page's translations in XHTML's `link` element, which the
# sitemaps schema admits from another namespace, strictly: the element is declared here as
# search engines read it (rel="alternate", hreflang, href), and the schemas joined.
XHTML_LINK_SCHEMA = """<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xsd:element name="link">
    <xsd:complexType>
      <xsd:attribute name="rel" use="required"><xsd:simpleType><xsd:restriction base="xsd:string"><xsd:enumeration value="alternate"/></xsd:restriction></xsd:simpleType></xsd:attribute>
      <xsd:attribute name="hreflang" type="xsd:language" use="required"/>
      <xsd:attribute name="href" type="xsd:anyURI" use="required"/>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>
"""


def sitemap_schema(tmp_path):
    (tmp_path / "xhtml-link.xsd").write_text(XHTML_LINK_SCHEMA)
    (tmp_path / "sitemap.xsd").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.sitemaps.org/schemas/sitemap/0.9" elementFormDefault="qualified">
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
  <xsd:include schemaLocation="{(STANDARDS / 'sitemaps-schema-0.9.xsd').as_uri()}"/>
</xsd:schema>
""")
    return tmp_path / "sitemap.xsd"


@pytest.mark.parametrize("site", SITES)
def test_sitemap_matches_the_sitemaps_schema(built_sites, site, tmp_path):
    out = built_sites[site]
    multilingual = "xmlns:xhtml=" in (out / "sitemap.xml").read_text()
    assert multilingual == (site in LANGUAGE_FOLDERS)
    schema = sitemap_schema(tmp_path) if multilingual else STANDARDS / "sitemaps-schema-0.9.xsd"
    result = subprocess.run(["xmllint", "--noout", "--schema", str(schema), str(out / "sitemap.xml")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "lastmod" in (out / "sitemap.xml").read_text()
    assert (out / "robots.txt").read_text().strip().endswith("sitemap.xml")


def test_a_site_past_the_sitemap_limit_gets_numbered_sitemaps_and_an_index(built_sites, tmp_path):
    """sitemaps.org allows 50,000 URLs per file; HERALD_TEST_SITEMAP_URLS lowers the limit so the
    example site splits as a 50,000-page site would. Every file matches its schema, the index is
    what robots.txt names, and the numbered sitemaps hold exactly the unsplit sitemap's URLs, in order."""
    whole = built_sites["example"]
    out = tmp_path / "out"
    result = subprocess.run([str(herald_binary()), "build", "--source", str(SITES["example"]), "--output", str(out), "--now", NOW, "--quiet"],
                            capture_output=True, text=True, env={**os.environ, "HERALD_TEST_SITEMAP_URLS": "7"})
    assert result.returncode == 0, result.stderr
    def locs(path, element):
        return re.findall(rf"<{element}><loc>([^<]*)</loc>", path.read_text())
    expected = locs(whole / "sitemap.xml", "url")
    assert len(expected) > 14, "the example site has enough pages for three sitemaps"
    numbered = [out / f"sitemap-{n}.xml" for n in range(1, (len(expected) + 6) // 7 + 1)]
    assert locs(out / "sitemap.xml", "sitemap") == [f"https://union.example.edu/cs/sitemap-{n}.xml" for n in range(1, len(numbered) + 1)]
    assert not (out / f"sitemap-{len(numbered) + 1}.xml").exists()
    check = subprocess.run(["xmllint", "--noout", "--schema", str(STANDARDS / "siteindex.xsd"), str(out / "sitemap.xml")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    found = []
    # The example site is in two languages: each numbered sitemap names its pages' translations.
    (tmp_path / "schema").mkdir()
    schema = sitemap_schema(tmp_path / "schema") if "example" in LANGUAGE_FOLDERS else STANDARDS / "sitemaps-schema-0.9.xsd"
    for path in numbered:
        assert ("xmlns:xhtml=" in path.read_text()) == ("example" in LANGUAGE_FOLDERS)
        check = subprocess.run(["xmllint", "--noout", "--schema", str(schema), str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        assert 1 <= len(locs(path, "url")) <= 7
        found += locs(path, "url")
    assert found == expected
    assert (out / "robots.txt").read_text().strip().endswith("Sitemap: https://union.example.edu/cs/sitemap.xml")


@pytest.mark.parametrize("site", SITES)
def test_every_api_document_matches_its_schema(built_sites, site):
    reg = registry()
    checked = 0
    apis = [built_sites[site] / "api"] + [built_sites[site] / folder / "api" for folder in LANGUAGE_FOLDERS.get(site, [])]
    for api, path in [(api, path) for api in apis for path in files(api, "*.json")]:
        name = schema_for(path, api)
        validator = jsonschema.Draft202012Validator(
            {"$ref": f"https://schemas.herald.invalid/api/{name}.schema.json"}, registry=reg,
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.path))
        assert not errors, f"{path}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
        checked += 1
    assert checked >= 6


def test_api_links_lead_to_documents_that_exist(built_sites):
    out = built_sites["example"]
    base = "https://union.example.edu/cs/"
    home = json.loads((out / "api" / "home.json").read_text())
    cards = home["recent"] + home["featured"] + home["upcoming"] + [entry["item"] for entry in home["trending"]]
    assert home["trending"], "the example site has popularity data, so trending is not empty"
    for card in cards:
        assert card["api"].startswith(base)
        target = out / urllib.parse.unquote(card["api"][len(base):])
        assert target.exists(), card["api"]
        assert json.loads(target.read_text())["id"] == card["id"]
    page = json.loads((out / "api" / "categories" / "campus-life.json").read_text())
    assert page["page"]["number"] == 1 and page["page"]["total"] >= 2
    assert (out / urllib.parse.unquote(page["page"]["next"][len(base):])).exists()


class Scripts(html.parser.HTMLParser):
    """Collects JSON-LD script contents and alternate links, as a browser's parser sees them."""

    def __init__(self):
        super().__init__()
        self.json_ld, self.alternates, self._in_script = [], [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("type") == "application/ld+json":
            self._in_script = True
            self.json_ld.append("")
        if tag == "link" and attrs.get("rel") == "alternate":
            self.alternates.append(attrs.get("type"))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.json_ld[-1] += data


@pytest.mark.parametrize("site", SITES)
def test_structured_data_and_autodiscovery_on_every_page(built_sites, site):
    out = built_sites[site]
    for path in files(out, "*.html"):
        text = path.read_text()
        # An old address's page only sends readers on (RedirectPlan): it has no feeds or data of its own.
        if '<meta http-equiv="refresh"' in text and '<meta name="robots" content="noindex">' in text:
            assert len(text) < 1000 and "<script" not in text, path
            continue
        page = Scripts()
        page.feed(text)
        assert {"application/rss+xml", "application/atom+xml", "application/feed+json"} <= set(page.alternates), path
        relative = without_language_folder(site, path.relative_to(out).as_posix())
        kind = "NewsArticle" if re.match(r"news/[^/]+/index.html$", relative) and not relative.startswith("news/page/") else \
            "Event" if re.match(r"events/[^/]+/index.html$", relative) and relative not in ("events/past/index.html", "events/calendar/index.html") else None
        if kind:
            assert len(page.json_ld) == 1, f"{path}: expected one JSON-LD block"
            data = json.loads(page.json_ld[0])
            assert data["@type"] == kind
            if kind == "Event":
                assert data["startDate"] and data["eventStatus"].startswith("https://schema.org/Event") and "location" in data
        else:
            assert not page.json_ld, f"{path}: unexpected JSON-LD"


def test_hostile_text_cannot_close_the_json_ld_script(built_sites):
    html_text = (built_sites["awkward"] / "news" / "script" / "index.html").read_text()
    block = html_text.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and ">" not in block
    assert json.loads(block)["headline"] == "<script>alert('x')</script> & ]]>  end"


class References(html.parser.HTMLParser):
    """Every element id of a page, and every attribute that names one (ARIA relations, label's for)."""
    NAMING = ("aria-controls", "aria-labelledby", "aria-describedby", "aria-owns", "aria-activedescendant",
              "aria-flowto", "aria-details", "aria-errormessage", "for", "list")

    def __init__(self):
        super().__init__()
        self.ids, self.references = set(), []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in self.NAMING and value and not (tag == "script" and name == "for"):
                self.references += [(tag, name, one) for one in value.split()]


@pytest.mark.parametrize("site", SITES)
def test_every_aria_and_label_reference_names_an_element_of_the_page(built_sites, site):
    """The page as served, before any script runs: the search box's aria-controls named a list
    that only search.js makes (issue 37), which the Nu validator reports on every page."""
    for path in files(built_sites[site], "*.html"):
        page = References()
        page.feed(path.read_text())
        dangling = [f"<{tag} {name}=\"{value}\">" for tag, name, value in page.references if value not in page.ids]
        assert not dangling, f"{path}: names elements it does not have: {dangling}"
