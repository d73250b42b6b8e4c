"""`herald import hugo|jekyll SOURCE --into DIR [--force]`, run for real on two old sites.

The fixtures in Tests/Fixtures/import are a small Hugo site (hugo-site/) and a small Jekyll site
(jekyll-site/), laid out the way real ones are: split configuration, page bundles, TOML and YAML
front matter, other generators' key names, shortcodes and Liquid, theme files and generated output.

The central promise of an import is that no old address breaks. To check it without trusting the
importer, this file computes, in Python and from each generator's documented (and, where the
documentation is thin, its source code's) rules, every URL the old site published a post, event,
page or collection item at, plus every alias and redirect its front matter names. The importer's
site, built by `herald build`, must answer each of them with a page or a redirect page.

The other tests check that the source is never written to, that the import report names what was
not converted (with path:line), that an import never overwrites a folder without `--force`, and
that a folder which is no site is refused with a message saying what was looked for.
"""
import datetime
import hashlib
import json
import os
import pathlib
import re
import stat
import subprocess
import tomllib
import unicodedata
import urllib.parse
import zoneinfo

import pytest

from conftest import REPO, herald_binary

FIXTURES = REPO / "Tests" / "Fixtures" / "import"
SOURCES = {"hugo": FIXTURES / "hugo-site", "jekyll": FIXTURES / "jekyll-site"}
NOW = "2026-11-22T12:00:00Z"
NOW_TIME = datetime.datetime(2026, 11, 22, 12, 0, 0, tzinfo=datetime.timezone.utc)
TIMEOUT = 120


# ---------------------------------------------------------------------------------------------
# Running herald
# ---------------------------------------------------------------------------------------------

def run(*arguments):
    """Runs `herald` with the arguments; returns the finished process (text output, no check)."""
    try:
        return subprocess.run([str(herald_binary()), *map(str, arguments)], capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`herald {' '.join(map(str, arguments))}` did not finish within {TIMEOUT} s")


def import_site(kind, into, *extra):
    """`herald import <kind> <fixture> --into <into>`, which must succeed; returns the process."""
    result = run("import", kind, SOURCES[kind], "--into", into, *extra)
    if result.returncode != 0:
        pytest.fail(f"`herald import {kind}` exited {result.returncode}:\n"
                    f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
    return result


def build_site(site):
    """`herald build --source <site> --now NOW`, which must succeed; returns site/site-output."""
    result = run("build", "--source", site, "--now", NOW)
    if result.returncode != 0:
        pytest.fail(f"`herald build` of the imported site exited {result.returncode}:\n"
                    f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
    return site / "site-output"


def snapshot(folder):
    """Every file and folder under `folder`: relative path → (kind, mode bits, SHA-256 of the bytes)."""
    found = {}
    for path in sorted(pathlib.Path(folder).rglob("*")):
        relative = str(path.relative_to(folder))
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            found[relative] = ("link", stat.S_IMODE(info.st_mode), os.readlink(path))
        elif stat.S_ISDIR(info.st_mode):
            found[relative] = ("folder", stat.S_IMODE(info.st_mode), None)
        else:
            found[relative] = ("file", stat.S_IMODE(info.st_mode), hashlib.sha256(path.read_bytes()).hexdigest())
    return found


def differences(before, after):
    """The paths added, removed or changed between two snapshots, for a failure message."""
    lines = [f"  added:   {p}" for p in sorted(after.keys() - before.keys())]
    lines += [f"  removed: {p}" for p in sorted(before.keys() - after.keys())]
    lines += [f"  changed: {p} {before[p]} → {after[p]}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p]]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Reading the old sites: a small YAML reader and front matter
# ---------------------------------------------------------------------------------------------

def _strip_comment(text):
    """`text` without a trailing ` # comment` that is outside quotes."""
    quote = None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t"):
            return text[:index].rstrip()
    return text.rstrip()


def _plain(text):
    """A plain (unquoted) YAML scalar: true/false and null are read, everything else stays text."""
    lowered = text.lower()
    if lowered in ("true", "yes"):
        return True
    if lowered in ("false", "no"):
        return False
    if lowered in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _flow(text, index):
    """Reads one YAML flow value (`[a, "b"]`, `{k: v}`, a quoted or plain scalar) at `index`;
    returns (value, index after it)."""
    while index < len(text) and text[index] in " \t":
        index += 1
    if index < len(text) and text[index] in "[{":
        closing = "]" if text[index] == "[" else "}"
        items, mapping = [], {}
        index += 1
        while True:
            while index < len(text) and text[index] in " \t,":
                index += 1
            if index >= len(text):
                raise ValueError(f"unclosed flow collection: {text}")
            if text[index] == closing:
                return (items if closing == "]" else mapping), index + 1
            value, index = _flow(text, index)
            if closing == "}":
                while text[index] in " \t":
                    index += 1
                if text[index] != ":":
                    raise ValueError(f"flow mapping without ':': {text}")
                mapping[value], index = _flow(text, index + 1)
            else:
                items.append(value)
    if index < len(text) and text[index] in "\"'":
        quote = text[index]
        end = index + 1
        while True:
            end = text.index(quote, end)
            if quote == "'" and text[end + 1:end + 2] == "'":
                end += 2
                continue
            if quote == '"' and text[end - 1] == "\\" and text[end - 2] != "\\":
                end += 1
                continue
            break
        raw = text[index + 1:end]
        value = raw.replace("''", "'") if quote == "'" else json.loads('"' + raw + '"')
        return value, end + 1
    end = index
    while end < len(text) and text[end] not in ",]}" and not (text[end] == ":" and text[end + 1:end + 2] in (" ", "")):
        end += 1
    return _plain(text[index:end].strip()), end


def _scalar(text):
    """A YAML value written on one line after `key:` or `- `."""
    text = _strip_comment(text)
    if text[:1] in "[{\"'" and text:
        value, _ = _flow(text, 0)
        return value
    return _plain(text)


_KEY = re.compile(r"""^("[^"]*"|'[^']*'|[^\s"'\[{#-][^:#]*?|-[^\s:#][^:#]*?)\s*:(?:\s+(.*)|$)""")


class _Yaml:
    """A reader for the YAML the fixtures use: block mappings and sequences by indentation,
    sequences of mappings, flow collections, quoted and plain scalars, `|` and `>` block text.
    Dates stay text (the callers parse them as each generator does)."""

    def __init__(self, text):
        """Starts reading `text` at its first line."""
        self.lines = text.replace("\r\n", "\n").split("\n")
        self.index = 0

    def peek(self):
        """(indent, text) of the next line with content, skipping blanks and comments."""
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if line.strip() and not line.strip().startswith("#"):
                return len(line) - len(line.lstrip(" ")), line.strip()
            self.index += 1
        return None

    def node(self, indent):
        """The block node starting at the next line, if that line is indented at least `indent`."""
        line = self.peek()
        if line is None or line[0] < indent:
            return None
        if line[1] == "-" or line[1].startswith("- "):
            return self.sequence(line[0])
        return self.mapping(line[0])

    def mapping(self, indent):
        """The `key: value` lines at exactly `indent`, with their nested values."""
        result = {}
        while (line := self.peek()) and line[0] == indent and not (line[1] == "-" or line[1].startswith("- ")):
            match = _KEY.match(line[1])
            if not match:
                raise ValueError(f"line {self.index + 1}: not a `key: value` line: {line[1]}")
            key = match.group(1).strip("\"'")
            self.index += 1
            result[key] = self.value(match.group(2) or "", indent)
        return result

    def sequence(self, indent):
        """The `- item` lines at exactly `indent` (an item may be a mapping or a nested block)."""
        items = []
        while (line := self.peek()) and line[0] == indent and (line[1] == "-" or line[1].startswith("- ")):
            after = line[1][1:].lstrip(" ")
            if not after:
                self.index += 1
                items.append(self.node(indent + 1))
            elif after[0] not in "[{\"'" and _KEY.match(after):
                # `- key: value` starts a mapping whose keys line up with `key`.
                column = indent + len(line[1]) - len(after)
                self.lines[self.index] = " " * column + after
                items.append(self.mapping(column))
            else:
                self.index += 1
                items.append(_scalar(after))
        return items

    def value(self, rest, indent):
        """The value of a key at `indent` whose line ends with `rest`."""
        rest = _strip_comment(rest)
        if rest[:1] in ("|", ">"):
            return self.block_text(rest[0] == ">", indent)
        if rest:
            return _scalar(rest)
        line = self.peek()
        if line and (line[0] > indent or (line[0] == indent and (line[1] == "-" or line[1].startswith("- ")))):
            return self.node(line[0])
        return None

    def block_text(self, folded, indent):
        """A `|` (lines kept) or `>` (lines folded into one) block under a key at `indent`."""
        lines = []
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
                break
            lines.append(line.strip())
            self.index += 1
        while lines and not lines[-1]:
            lines.pop()
        return " ".join(l for l in lines if l) if folded else "\n".join(lines)


def parse_yaml(text):
    """A YAML document (the subset described in `_Yaml`) as dicts, lists and text."""
    reader = _Yaml(text)
    value = reader.node(0)
    if reader.peek() is not None:
        raise ValueError(f"line {reader.index + 1}: unexpected indentation: {reader.lines[reader.index]}")
    return {} if value is None else value


def front_matter(path):
    """The front matter of a content file as a dict (YAML between `---` lines or TOML between
    `+++` lines), or None when the file has none."""
    text = path.read_text(encoding="utf-8-sig")
    lines = text.replace("\r\n", "\n").split("\n")
    if lines[0].strip() not in ("---", "+++"):
        return None
    fence = lines[0].strip()
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == fence)
    block = "\n".join(lines[1:end])
    return tomllib.loads(block) if fence == "+++" else parse_yaml(block)


def to_datetime(value, zone, convert=False):
    """A front-matter date (TOML datetime or date, or YAML text such as `2026-11-02`,
    `2026-11-02 09:30:00 +0800`, `2026-09-14T16:00:00+01:00`, `2026-12-12 及 2026-12-13`) as an
    aware datetime. The first date in the text counts (as Ruby's Time.parse reads it); a date
    without an offset is in `zone`; with `convert`, one with an offset is converted to `zone`."""
    if isinstance(value, datetime.datetime):
        moment = value
    elif isinstance(value, datetime.date):
        moment = datetime.datetime(value.year, value.month, value.day)
    else:
        match = re.search(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?"
                          r"\s*(Z|[+-]\d{1,2}(?::?\d{2})?)?", str(value))
        if not match:
            raise ValueError(f"not a date: {value!r}")
        year, month, day, hour, minute, second, offset = match.groups()
        moment = datetime.datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0))
        if offset and hour:
            if offset == "Z":
                delta = datetime.timedelta(0)
            else:
                digits = offset[1:].replace(":", "")
                hours, minutes = (int(digits[:-2]), int(digits[-2:])) if len(digits) > 2 else (int(digits), 0)
                delta = datetime.timedelta(hours=hours, minutes=minutes) * (1 if offset[0] == "+" else -1)
            moment = moment.replace(tzinfo=datetime.timezone(delta))
    if moment.tzinfo is None:
        return moment.replace(tzinfo=zone)
    return moment.astimezone(zone) if convert else moment


# ---------------------------------------------------------------------------------------------
# The old Hugo site's URLs
# ---------------------------------------------------------------------------------------------

def _lower_keys(value):
    """`value` with every mapping key lower-cased, as Hugo matches configuration and front matter keys."""
    if isinstance(value, dict):
        return {str(k).lower(): _lower_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lower_keys(v) for v in value]
    return value


def _merge(base, over):
    """`over` merged into `base`, recursively for tables; `over` wins."""
    result = dict(base)
    for key, value in over.items():
        result[key] = _merge(result[key], value) if isinstance(value, dict) and isinstance(result.get(key), dict) else value
    return result


def hugo_config(site):
    """Hugo's configuration as `hugo` (whose default environment is production) reads it:
    hugo.toml or config.toml at the root, else config/_default/*.toml with config/production/*.toml
    merged over it. In the folders, hugo.toml and config.toml are the root table and any other file
    is the table of its name (params.toml is [params]). Keys are lower-cased (Hugo ignores case)."""
    for name in ("hugo.toml", "config.toml"):
        if (site / name).exists():
            return _lower_keys(tomllib.loads((site / name).read_text(encoding="utf-8")))
    config = {}
    for environment in ("_default", "production"):
        for path in sorted((site / "config" / environment).glob("*.toml")):
            table = tomllib.loads(path.read_text(encoding="utf-8"))
            if path.stem not in ("hugo", "config"):
                table = {path.stem: table}
            config = _merge(config, _lower_keys(table))
    if not config:
        raise ValueError(f"{site} has no Hugo configuration")
    return config


def hugo_urlize(text):
    """Hugo's `urlize` of a title or slug (common/paths.Sanitize, then lower-cased): letters,
    digits and marks of any script and `. / \\ _ # + ~ - @` (and `%XX`) are kept; a run of white
    space becomes one `-` (none at the start, none right after a `-`); anything else (`'`, `:`,
    `,`, `&`, `！`, `：` …) is dropped without a trace."""
    kept = []
    prepend_hyphen = was_hyphen = False
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        allowed = (char != " " and (category[0] in "LM" or category == "Nd" or char in "./\\_#+~-@"
                   or (char == "%" and re.fullmatch(r"[0-9A-Fa-f]{2}", text[index + 1:index + 3] or ""))))
        if allowed:
            was_hyphen = char == "-"
            if prepend_hyphen and not was_hyphen:
                kept.append("-")
            prepend_hyphen = False
            kept.append(char)
        elif kept and not was_hyphen and char.isspace():
            prepend_hyphen = True
    return "".join(kept).lower()


def hugo_date(front, zone):
    """A page's `.Date` by Hugo's default `[frontmatter] date = [":default"]`: the first of `date`,
    `publishDate`, `pubdate`, `published`, `lastmod`, `modified`; None without any. A date without an
    offset is in the site's `timeZone`; one with an offset keeps it (Hugo formats :year in it)."""
    for key in ("date", "publishdate", "pubdate", "published", "lastmod", "modified"):
        if front.get(key) not in (None, ""):
            return to_datetime(front[key], zone)
    return None


def hugo_is_published(front, config, zone):
    """Whether `hugo` (without --buildDrafts, --buildFuture, --buildExpired) renders the page:
    not a draft, not `headless`, not `build.render = never`, its publish date (`publishDate`,
    `pubdate`, `published`, else `date`) not after now unless `buildFuture = true`, and its
    `expiryDate` (`unpublishdate`) not passed unless `buildExpired = true`."""
    if front.get("draft") is True or front.get("headless") is True:
        return False
    if str((front.get("build") or {}).get("render", "always")).lower() in ("never", "false"):
        return False
    for key in ("publishdate", "pubdate", "published", "date"):
        if front.get(key) not in (None, ""):
            if to_datetime(front[key], zone) > NOW_TIME and not config.get("buildfuture", False):
                return False
            break
    for key in ("expirydate", "unpublishdate"):
        if front.get(key) not in (None, ""):
            if to_datetime(front[key], zone) <= NOW_TIME and not config.get("buildexpired", False):
                return False
    return True


def hugo_permalink_pattern(config, section):
    """The `[permalinks]` pattern for regular pages of `section` (a top-level content folder):
    `[permalinks] posts = "…"` or `[permalinks.page] posts = "…"`; None when there is none.
    Hugo matches the key against the section and everything below it (`/{posts,posts/**}`)."""
    permalinks = config.get("permalinks", {})
    for table in (permalinks, permalinks.get("page", {})):
        pattern = table.get(section)
        if isinstance(pattern, str):
            return pattern
    return None


def hugo_expand(pattern, page):
    """A Hugo permalink pattern with its tokens replaced for `page` (a dict of the page's facts:
    date, slug, title, filename, section). :year :month :day are the page's .Date; :slug is the
    urlized `slug`, else the urlized title; :title the urlized title; :filename the urlized file
    name (a bundle's folder name); :slugorfilename and :contentbasename as their names say."""
    date = page["date"]
    slug = hugo_urlize(page["slug"]) if page["slug"] else None
    values = {
        "year": lambda: f"{date.year:04d}", "month": lambda: f"{date.month:02d}", "day": lambda: f"{date.day:02d}",
        "slug": lambda: slug or hugo_urlize(page["title"]),
        "title": lambda: hugo_urlize(page["title"]),
        "filename": lambda: hugo_urlize(page["filename"]),
        "contentbasename": lambda: hugo_urlize(page["filename"]),
        "slugorfilename": lambda: slug or hugo_urlize(page["filename"]),
        "slugorcontentbasename": lambda: slug or hugo_urlize(page["filename"]),
        "section": lambda: page["section"],
    }

    def token(match):
        name = match.group(1)
        if name not in values:
            raise ValueError(f"the oracle does not know Hugo's permalink token :{name}")
        if name in ("year", "month", "day") and date is None:
            raise ValueError(f"{page['file']}: :{name} needs a date")
        return values[name]()

    return re.sub(r":([a-z]+)", token, pattern)


def _hugo_clean(path):
    """A Hugo target path as a URL: each segment sanitized and lower-cased, `//` collapsed,
    starting and ending with `/`."""
    segments = [hugo_urlize(s) for s in path.split("/") if s]
    return "/" + "".join(s + "/" for s in segments)


def hugo_content_files(site, config):
    """The content files of the Hugo site that make pages, as (relative path under content/, front
    matter): Markdown files, leaving out other Markdown files inside a leaf bundle (resources, not
    pages) and everything under a taxonomy's folder (content/categories/…: term pages of Hugo's
    taxonomies, not posts, events or pages)."""
    content = site / "content"
    taxonomies = set((config.get("taxonomies") or {"category": "categories", "tag": "tags"}).values())
    files = []
    for path in sorted(content.rglob("*")):
        relative = path.relative_to(content)
        if path.suffix.lower() not in (".md", ".markdown") or any(p.startswith(".") for p in relative.parts):
            continue
        if relative.parts[0] in taxonomies and len(relative.parts) > 1:
            continue
        # A folder with an index.md is a leaf bundle: Markdown below it, other than that index.md, is no page.
        folders = relative.parts[:-1]
        own_bundle = 1 if relative.name == "index.md" else 0
        if any((content.joinpath(*folders[:i + 1]) / "index.md").exists() for i in range(len(folders) - own_bundle)):
            continue
        files.append((relative, _lower_keys(front_matter(path) or {})))
    return files


def hugo_page_url(relative, front, config, zone):
    """The URL Hugo publishes one content file at. `url` wins, as written (not lower-cased).
    A section page (`_index.md`) is at its folder (`/` for the home page). A regular page of a
    section with a `[permalinks]` pattern is at the expanded pattern; otherwise at
    `/<folders>/<slug or file name>/` (a leaf bundle: its folder's name), lower-cased."""
    if front.get("url"):
        url = str(front["url"])
        return url if url.startswith("/") else "/" + url
    if relative.name == "_index.md":
        return _hugo_clean("/".join(relative.parts[:-1]))
    page_path = relative.parent if relative.name == "index.md" else relative.with_suffix("")
    section = page_path.parts[0] if len(page_path.parts) > 1 else ""
    pattern = hugo_permalink_pattern(config, section) if section else None
    if pattern:
        page = {"file": str(relative), "date": hugo_date(front, zone), "slug": front.get("slug"),
                "title": str(front.get("title", "")), "filename": page_path.name, "section": section}
        return _hugo_clean(hugo_expand(pattern, page))
    last = str(front["slug"]) if front.get("slug") else page_path.name
    return _hugo_clean("/".join([*page_path.parts[:-1], last]))


def hugo_old_urls(site):
    """Every URL the Hugo site published a post, event, page, section page or the home page at, and
    every `aliases` entry (absolute paths; Hugo writes a redirect page there), as decoded URL paths
    under the site's base path. Returns (base path, {url: the content file that owns it})."""
    config = hugo_config(site)
    zone = zoneinfo.ZoneInfo(config.get("timezone", "UTC"))
    base = urllib.parse.urlparse(config.get("baseurl", "/")).path or "/"
    urls = {}
    for relative, front in hugo_content_files(site, config):
        if not hugo_is_published(front, config, zone):
            continue
        owner = f"content/{relative}"
        urls[base.rstrip("/") + hugo_page_url(relative, front, config, zone)] = owner
        aliases = front.get("aliases") or []
        for alias in [aliases] if isinstance(aliases, str) else aliases:
            if not str(alias).startswith("/"):
                raise ValueError(f"{owner}: the oracle only knows absolute aliases, not {alias!r}")
            urls[base.rstrip("/") + str(alias)] = f"{owner} (alias)"
    return base, urls


# ---------------------------------------------------------------------------------------------
# The old Jekyll site's URLs
# ---------------------------------------------------------------------------------------------

JEKYLL_MARKDOWN = {".markdown", ".mkdown", ".mkdn", ".mkd", ".md"}
JEKYLL_HTML = {".html", ".htm", ".xhtml"}
JEKYLL_DATED_NAME = re.compile(r"^(\d{2,4}-\d{1,2}-\d{1,2})-(.*)(\.[^.]+)$")


def jekyll_config(site):
    """The Jekyll site's _config.yml, read as YAML."""
    return parse_yaml((site / "_config.yml").read_text(encoding="utf-8"))


def jekyll_slugify(text, mode="default", cased=False):
    """Jekyll's Utils.slugify: in "default" mode every run of characters that are not letters,
    marks or decimal digits becomes `-`; "pretty" also keeps `._~!$&'()+,;=@`. A leading and a
    trailing `-` are removed; the result is lower-cased unless `cased`."""
    keep = "._~!$&'()+,;=@" if mode == "pretty" else ""
    slug = "".join(c if unicodedata.category(c)[0] in "LM" or unicodedata.category(c) == "Nd" or c in keep else "\0"
                   for c in text)
    slug = re.sub("\0+", "-", slug)
    slug = re.sub(r"^-|-$", "", slug)
    return slug if cased else slug.lower()


def jekyll_permalink_style(config):
    """The site's `permalink` as a template: the built-in styles (`date`, the default; `pretty`,
    `ordinal`, `weekdate`, `none`) by their documented templates, anything else as written."""
    style = str(config.get("permalink") or "date")
    return {
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    }.get(style, style)


def jekyll_add_suffix(template, config):
    """Jekyll's Utils.add_permalink_suffix: a page or collection template ends with `/` when the
    site's permalink style is `pretty` or a custom one ending in `/`, with `:output_ext` for `date`,
    `ordinal`, `none` or a custom one ending in `:output_ext`. So with this fixture's custom
    "/:categories/:year/:month/:day/:title/", contact.md is at /contact/, not /contact.html."""
    style = str(config.get("permalink") or "date")
    if style == "pretty" or (style not in ("date", "ordinal", "none") and style.endswith("/")):
        return template + "/"
    if style in ("date", "ordinal", "none") or style.endswith(":output_ext"):
        return template + ":output_ext"
    return template


def jekyll_expand(template, placeholders):
    """Jekyll's URL generation: each `:name` is replaced by its placeholder; an empty one takes
    its leading `/` with it (no `//`), and `//` runs are squeezed, so the URL starts with `/`."""
    def token(match):
        name = match.group(1)
        for candidate in (name, name.rstrip("_")):
            if candidate in placeholders:
                return placeholders[candidate] + match.group(0)[1 + len(candidate):]
        raise ValueError(f"the oracle does not know Jekyll's permalink placeholder :{name}")

    for name, value in placeholders.items():
        if value == "":
            template = template.replace("/:" + name, "")
    url = re.sub(r":([a-z_]+)", token, template)
    return re.sub("/+", "/", "/" + url)


def jekyll_document_placeholders(relative_in_collection, label, front, date, categories):
    """Jekyll's UrlDrop for a post or collection document: :collection, :path (its path in the
    collection without the extension), :name (slugified file name), :title (the `slug`, else the
    file name without its date, slugified in pretty mode keeping case), :slug, :categories (each
    lower-cased, unique, joined by `/`), the date parts, :output_ext (`.html`)."""
    stem = relative_in_collection.name[:-len(relative_in_collection.suffix)] if relative_in_collection.suffix else relative_in_collection.name
    dated = JEKYLL_DATED_NAME.match(relative_in_collection.name)
    slug = str(front["slug"]) if front.get("slug") else re.sub(r"\.*$", "", dated.group(2) if dated else stem)
    unique = []
    for category in categories:
        if str(category).lower() not in unique:
            unique.append(str(category).lower())
    values = {
        "collection": label,
        "path": "/" + str(relative_in_collection.with_suffix("")),
        "name": jekyll_slugify(stem),
        "title": jekyll_slugify(slug, mode="pretty", cased=True),
        "slug": jekyll_slugify(slug),
        "categories": "/".join(unique),
        "output_ext": ".html",
    }
    if date is not None:
        values.update({
            "year": f"{date.year:04d}", "short_year": f"{date.year % 100:02d}",
            "month": f"{date.month:02d}", "i_month": str(date.month),
            "day": f"{date.day:02d}", "i_day": str(date.day),
            "hour": f"{date.hour:02d}", "minute": f"{date.minute:02d}", "second": f"{date.second:02d}",
            "y_day": f"{date.timetuple().tm_yday:03d}",
        })
    return values


def _jekyll_listed(relative, entries):
    """Whether a source-relative path is one of `entries` (`exclude:` or `include:` items: a file,
    or a folder with or without its trailing `/`) or lies inside one."""
    text = str(relative)
    return any(text == e.rstrip("/") or text.startswith(e.rstrip("/") + "/") for e in map(str, entries or []))


def _jekyll_skipped(relative, config):
    """Whether Jekyll's reader leaves a path out: excluded by `exclude:`, or any part of it starting
    with `_`, `.` or `#` or ending in `~` (unless `include:` names it), or the `_site` output."""
    if _jekyll_listed(relative, config.get("exclude")) or relative.parts[0] == "_site":
        return True
    for i, part in enumerate(relative.parts):
        if (part[0] in "_.#" or part.endswith("~")) and not _jekyll_listed(pathlib.Path(*relative.parts[:i + 1]), config.get("include")):
            return True
    return False


def _jekyll_front(path):
    """The front matter of a Jekyll file, or None when it has no `---` header (Jekyll then copies
    it as a static file)."""
    first = path.read_bytes().split(b"\n", 1)[0]
    return front_matter(path) if re.fullmatch(rb"---\s*\r?", first) else None


def jekyll_post_urls(site, config, zone):
    """Posts: files named YYYY-MM-DD-title.ext (Markdown or HTML) anywhere inside a `_posts` folder
    (the root's, or `<folders>/_posts`). Categories are the folders BEFORE `_posts` plus front
    matter `categories` (a list, or words) and `category`; folders INSIDE `_posts` are not
    categories. The date is `date` (converted to the site's `timezone`), else the file name's.
    `permalink` front matter wins over the site's pattern (both are expanded). Left out:
    `published: false`, and posts dated after now unless `future: true`.
    Returns {url: source path}; redirect_from entries are added by the caller."""
    urls = {}
    for posts in sorted(site.rglob("_posts")):
        outer = posts.parent.relative_to(site)
        if outer.parts and _jekyll_skipped(outer, config):
            continue
        for path in sorted(posts.rglob("*")):
            dated = JEKYLL_DATED_NAME.match(path.name)
            if not path.is_file() or not dated or path.suffix.lower() not in JEKYLL_MARKDOWN | JEKYLL_HTML:
                continue
            front = _jekyll_front(path) or {}
            if front.get("published") is False:
                continue
            date = to_datetime(front["date"], zone, convert=True) if front.get("date") else to_datetime(dated.group(1), zone)
            if date > NOW_TIME and not config.get("future", False):
                continue
            words = front.get("categories") or []
            categories = list(outer.parts) + (words.split() if isinstance(words, str) else list(words))
            if front.get("category"):
                categories.append(front["category"])
            placeholders = jekyll_document_placeholders(path.relative_to(posts), "posts", front, date, categories)
            template = str(front.get("permalink") or jekyll_permalink_style(config))
            urls[jekyll_expand(template, placeholders)] = str(path.relative_to(site))
    return urls


def jekyll_page_urls(site, config):
    """Pages: Markdown or HTML files with a front matter header outside `_` and `.` folders
    (unless `include:` names them), not excluded. `permalink` wins; else an index file is at its
    folder (`/`), an HTML or Markdown file at `/<folders>/<name>` with the site style's suffix
    (see jekyll_add_suffix). Left out: `published: false`. Returns {url: source path}."""
    urls = {}
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site)
        if not path.is_file() or _jekyll_skipped(relative, config):
            continue
        if path.suffix.lower() not in JEKYLL_MARKDOWN | JEKYLL_HTML:
            continue
        front = _jekyll_front(path)
        if front is None or front.get("published") is False:
            continue
        folder = "/".join(relative.parts[:-1])
        values = {"path": folder, "basename": path.stem, "output_ext": ".html"}
        if front.get("permalink"):
            template = str(front["permalink"])
        elif path.stem == "index":
            template = "/:path/"
        else:
            template = jekyll_add_suffix("/:path/:basename", config)
        urls[jekyll_expand(template, values)] = str(relative)
    return urls


def jekyll_collection_urls(site, config, zone):
    """Items of every collection with `output: true` other than posts: files with front matter in
    `_<label>/`, at the collection's `permalink` (default "/:collection/:path" with the site
    style's suffix), or their own `permalink`. :name is the slugified file name WITH its date, so
    `_talks/2026-10-01-rust-intro.md` under `/talks/:name/` is /talks/2026-10-01-rust-intro/.
    Returns {url: source path}."""
    urls = {}
    collections = config.get("collections") or {}
    if isinstance(collections, list):
        collections = {label: {} for label in collections}
    for label, meta in collections.items():
        meta = meta or {}
        if label == "posts" or not meta.get("output", False):
            continue
        folder = site / f"_{label}"
        for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
            front = _jekyll_front(path) if path.is_file() else None
            if front is None or front.get("published") is False or path.suffix.lower() not in JEKYLL_MARKDOWN | JEKYLL_HTML:
                continue
            dated = JEKYLL_DATED_NAME.match(path.name)
            date = (to_datetime(front["date"], zone, convert=True) if front.get("date")
                    else to_datetime(dated.group(1), zone) if dated else None)
            if date is not None and date > NOW_TIME and not config.get("future", False):
                continue
            placeholders = jekyll_document_placeholders(path.relative_to(folder), label, front, date, [])
            template = str(front.get("permalink") or meta.get("permalink") or jekyll_add_suffix("/:collection/:path", config))
            urls[jekyll_expand(template, placeholders)] = str(path.relative_to(site))
    return urls


def jekyll_old_urls(site):
    """Every URL the Jekyll site published a post, page or collection item at, and every
    `redirect_from` entry (jekyll-redirect-from writes a redirect page there), each under the
    site's `baseurl`, as decoded URL paths. Returns (base path, {url: the file that owns it})."""
    config = jekyll_config(site)
    zone = zoneinfo.ZoneInfo(str(config.get("timezone") or "UTC"))
    base = "/" + str(config.get("baseurl") or "").strip("/")
    prefix = base.rstrip("/")
    urls = {}
    for found in (jekyll_post_urls(site, config, zone), jekyll_page_urls(site, config), jekyll_collection_urls(site, config, zone)):
        for url, owner in found.items():
            urls[prefix + url] = owner
            front = _jekyll_front(site / owner) or {}
            redirects = front.get("redirect_from") or []
            for old in [redirects] if isinstance(redirects, str) else redirects:
                urls[prefix + "/" + str(old).lstrip("/")] = f"{owner} (redirect_from)"
    return base if base.endswith("/") else base + "/", urls


OLD_URLS = {"hugo": hugo_old_urls, "jekyll": jekyll_old_urls}


def output_file(site_output, url, base):
    """The file of the built site that answers `url`: the base path is taken off and the rest
    percent-decoded; `/a/b/` is a/b/index.html, `/a/b.html` is that file, and `/a/b` (no
    extension) is a/b/index.html. None when the URL is not under the base path."""
    path = urllib.parse.unquote(url)
    if not path.startswith(base) and path + "/" != base:
        return None
    path = path[len(base):] if path.startswith(base) else ""
    if path == "" or path.endswith("/"):
        return site_output / path / "index.html"
    if "." in path.rsplit("/", 1)[-1]:
        return site_output / path
    return site_output / path / "index.html"


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_source_is_untouched(kind, tmp_path):
    before = snapshot(SOURCES[kind])
    import_site(kind, tmp_path / "out")
    after = snapshot(SOURCES[kind])
    if after != before:
        pytest.fail(f"`herald import {kind}` changed its source folder {SOURCES[kind]}:\n{differences(before, after)}")


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_every_old_url_resolves(kind, tmp_path):
    base, old_urls = OLD_URLS[kind](SOURCES[kind])
    if len(old_urls) < 10:
        pytest.fail(f"the oracle found only {len(old_urls)} old URLs in the {kind} fixture: {sorted(old_urls)}")
    out = tmp_path / "out"
    import_site(kind, out)
    site_output = build_site(out)
    missing = []
    for url, owner in sorted(old_urls.items()):
        target = output_file(site_output, url, base)
        if target is None or not target.is_file():
            expected = target.relative_to(site_output) if target else f"(not under the base path {base})"
            missing.append(f"  {url}  →  {expected}   [{owner}]")
    if missing:
        pytest.fail(f"{len(missing)} of the {len(old_urls)} old URLs of the {kind} site do not resolve "
                    f"in {site_output}:\n" + "\n".join(missing))


# What the import report must name, per fixture: (text that marks the construct in the source,
# a word the report line must hold). Only the content files the import converts are searched.
UNCONVERTED = {
    "hugo": [("{{< rawhtml", "rawhtml")],
    "jekyll": [("{% include", "include"), ("{% if", "if"), ("{{ page.title }}", "page.title")],
}


def converted_files(kind):
    """The source files of the fixture the importer converts into content: for Hugo, every
    content file that makes a page; for Jekyll, every post, Markdown page and collection item
    (not index.html and 404.html, which are theme pages and left out)."""
    site = SOURCES[kind]
    if kind == "hugo":
        return [site / "content" / relative for relative, _ in hugo_content_files(site, hugo_config(site))]
    config = jekyll_config(site)
    zone = zoneinfo.ZoneInfo(str(config.get("timezone") or "UTC"))
    owners = {*jekyll_post_urls(site, config, zone).values(), *jekyll_collection_urls(site, config, zone).values(),
              *(p for p in jekyll_page_urls(site, config).values() if pathlib.Path(p).suffix.lower() in JEKYLL_MARKDOWN)}
    return [site / owner for owner in sorted(owners)]


def expected_mentions(kind):
    """(relative path, line number, word) for every occurrence of each construct of UNCONVERTED
    in the files the import converts, found by searching them line by line."""
    found = []
    for marker, word in UNCONVERTED[kind]:
        hits = []
        for path in converted_files(kind):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if marker in line:
                    hits.append((str(path.relative_to(SOURCES[kind])), number, word))
        if not hits:
            pytest.fail(f"the {kind} fixture no longer holds {marker!r}: the test cannot check the report")
        found += hits
    return found


def mentioned(text, relative, number, word):
    """Whether a line of `text` names `relative:number` (the path alone or at the end of a longer
    one) together with `word`."""
    place = re.compile(r"(?:^|[\s/(\[`'\"])" + re.escape(relative) + ":" + str(number) + r"(?!\d)")
    wording = re.compile(r"\b" + re.escape(word) + r"\b")
    return any(place.search(line) and wording.search(line) for line in text.splitlines())


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_report_lists_unconverted(kind, tmp_path):
    out = tmp_path / "out"
    result = import_site(kind, out)
    report_path = out / "import-report.txt"
    if not report_path.is_file():
        pytest.fail(f"`herald import {kind}` wrote no {report_path.name} in {out}")
    report = report_path.read_text(encoding="utf-8")
    missing = []
    for relative, number, word in expected_mentions(kind):
        for name, text in (("standard output", result.stdout), (report_path.name, report)):
            if not mentioned(text, relative, number, word):
                missing.append(f"  {name} does not name {relative}:{number} ({word})")
    if missing:
        pytest.fail(f"the {kind} import does not report what it left unconverted:\n" + "\n".join(missing)
                    + f"\n--- standard output\n{result.stdout}\n--- {report_path.name}\n{report}")


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_into_must_be_empty(kind, tmp_path):
    out = tmp_path / "out"
    (out / "notes").mkdir(parents=True)
    (out / "site.yml").write_text("title: Something else entirely\n", encoding="utf-8")
    (out / "notes" / "keep.md").write_text("Do not lose this.\n", encoding="utf-8")
    before = snapshot(out)
    result = run("import", kind, SOURCES[kind], "--into", out)
    if result.returncode == 0:
        pytest.fail(f"`herald import {kind}` into a folder that is not empty succeeded without --force:\n{result.stdout}")
    after = snapshot(out)
    if after != before:
        pytest.fail(f"a refused import changed the folder {out}:\n{differences(before, after)}")
    forced = run("import", kind, SOURCES[kind], "--into", out, "--force")
    if forced.returncode != 0:
        pytest.fail(f"`herald import {kind} --force` into a folder that is not empty exited {forced.returncode}:\n{forced.stderr}")
    if "Something else entirely" in (out / "site.yml").read_text(encoding="utf-8"):
        pytest.fail("`--force` succeeded but left the old site.yml in place")


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_not_a_site(kind, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("import", kind, empty, "--into", tmp_path / "out")
    if result.returncode == 0:
        pytest.fail(f"`herald import {kind}` of an empty folder succeeded:\n{result.stdout}")
    if "_config.yml" not in result.stderr or not ("hugo.toml" in result.stderr or "config.toml" in result.stderr):
        pytest.fail("importing an empty folder must say what was looked for (_config.yml, hugo.toml or config.toml); "
                    f"standard error was:\n{result.stderr}")


# ---------------------------------------------------------------------------------------------
# Hostile old sites (issue 35): what an import of each does, and that nothing outside the new
# site's folder changes, through the import and through building what it made
# ---------------------------------------------------------------------------------------------

ALIAS_BOMB = "".join(
    f"{name}: &{name} [{','.join([first] * 9)}]\n"
    for name, first in zip("abcdefghi", ['"x"', "*a", "*b", "*c", "*d", "*e", "*f", "*g", "*h"]))


def write_site(root, files):
    """Writes `files` (relative path → text) under `root`."""
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def outside_unchanged(parent, before, inside):
    """Fails when anything under `parent` other than under `inside` changed since `before`."""
    after = {path: entry for path, entry in snapshot(parent).items() if not (path == inside or path.startswith(inside + "/"))}
    before = {path: entry for path, entry in before.items() if not (path == inside or path.startswith(inside + "/"))}
    if after != before:
        pytest.fail(f"files outside {inside}/ changed:\n{differences(before, after)}")


@pytest.mark.parametrize("config_name", ["config.yaml", "_config.yml"])
def test_alias_bomb_in_the_configuration_is_refused_at_its_line(config_name, tmp_path):
    old = tmp_path / "old"
    text = "title: Bomb\n" + ALIAS_BOMB
    posts = {"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\n"} if config_name == "config.yaml" else {"_posts/2026-01-01-a.md": "---\ntitle: A\n---\n"}
    write_site(old, {config_name: text, **posts})
    before = snapshot(tmp_path)
    result = run("import", old, "--into", tmp_path / "new")
    budget = 10 * len(text.encode()) + 10_000
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr == (
        f"{config_name}:6: the configuration uses YAML aliases (*name) that expand to over {budget} values, far more than it spells out; write the values out instead\n"
        "error: nothing was imported: the old site's configuration is refused\n")
    after = snapshot(tmp_path)
    if after != before:
        pytest.fail(f"a refused import wrote:\n{differences(before, after)}")


def test_ignore_files_with_catastrophic_backtracking_finish(tmp_path):
    # 34 a's took 41 s with a backtracking engine; each more doubles it, so 40 would outlast TIMEOUT.
    old = tmp_path / "old"
    files = {"config.toml": 'title = "R"\nbaseURL = "https://r.example/"\nignoreFiles = ["(a+)+$", "\\\\.draft\\\\.md$"]\n',
             "content/posts/notes.draft.md": "---\ntitle: Draft\ndate: 2026-01-01\n---\n"}
    for index in range(1, 4):
        files[f"content/posts/{'a' * 40}{index}.md"] = f"---\ntitle: A{index}\ndate: 2026-01-0{index}\n---\n"
    write_site(old, files)
    result = run("import", old, "--into", tmp_path / "new", "--now", NOW)
    assert result.returncode == 0, result.stderr
    # (`_index.md` is the news list's own page, holding the old list's address.)
    news = sorted(path.name for path in (tmp_path / "new" / "content" / "news").glob("*.md") if path.name != "_index.md")
    assert news == [f"{'a' * 40}{index}.md" for index in range(1, 4)]
    assert "content/posts/notes.draft.md" in result.stdout and "matched by the old site's ignoreFiles" in result.stdout


def test_ignore_files_pattern_that_go_refuses_is_an_error_at_its_line(tmp_path):
    old = tmp_path / "old"
    write_site(old, {"config.toml": 'title = "R"\nignoreFiles = [\n  "^(?=draft)",\n]\n'})
    result = run("import", old, "--into", tmp_path / "new")
    assert result.returncode == 1
    assert result.stderr == ("config.toml:3: ignoreFiles: '^(?=draft)' is not a Go regular expression: invalid perl operator: (?=\n"
                             "error: nothing was imported: the old site's configuration is refused\n")
    assert not (tmp_path / "new").exists()


SET_ASIDE = "not converted, so that building the new site cannot write outside its output"


def test_hostile_addresses_are_set_aside_and_the_new_site_builds_inside_its_folder(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep\n", encoding="utf-8")
    old = tmp_path / "old"
    climb = "/.." * 12 + str(victim / "keep.txt")
    write_site(old, {
        "config.toml": 'title = "H"\nbaseURL = "https://h.example/"\n[permalinks]\nposts = "/../../../tmp/x/:slug/"\n',
        "content/posts/url.md": f"---\ntitle: Url\ndate: 2026-01-01\nurl: {climb}\n---\nText.\n",
        "content/posts/alias.md": "---\ntitle: Alias\ndate: 2026-01-02\naliases:\n  - /fine/\n  - ../../outside/\n---\n",
        "content/posts/encoded.md": "---\ntitle: Encoded\ndate: 2026-01-03\naliases: [\"/%2E./%2e%2e/outside/\"]\n---\n",
        "content/posts/host.md": "---\ntitle: Host\ndate: 2026-01-04\nurl: https://evil.example/x/\n---\n",
        "content/posts/own.md": "---\ntitle: Own\ndate: 2026-01-05\naliases: [\"https://h.example/2019/own/\"]\n---\n",
    })
    before = snapshot(tmp_path)
    result = run("import", old, "--into", tmp_path / "new", "--now", NOW)
    assert result.returncode == 0, result.stderr
    expected = [
        f"content/posts/alias.md:6: warning: aliases: '../../outside/' has a '..' segment, which would lead outside the site; {SET_ASIDE}; copied to unconverted/ as it is",
        f"content/posts/encoded.md:4: warning: aliases: '/%2E./%2e%2e/outside/' has a '..' segment once percent-decoded, which would lead outside the site; {SET_ASIDE}; copied to unconverted/ as it is",
        f"content/posts/host.md:4: warning: url: 'https://evil.example/x/' is an address on another site (evil.example); {SET_ASIDE}; copied to unconverted/ as it is",
        f"content/posts/url.md:4: warning: url: '{climb}' has a '..' segment, which would lead outside the site; {SET_ASIDE}; copied to unconverted/ as it is",
        "config.toml:4: warning: the permalink pattern of posts '/../../../tmp/x/:slug/' has a '..' segment, which would lead outside the site; it is left out of site.yml, so that building the new site cannot write outside its output",
    ]
    report = (tmp_path / "new" / "import-report.txt").read_text(encoding="utf-8")
    for line in expected:
        assert line in result.stdout.splitlines() and line in report.splitlines(), line
    for name in ("url", "alias", "encoded", "host"):
        assert (tmp_path / "new" / "unconverted" / "content" / "posts" / f"{name}.md").is_file()
        assert not (tmp_path / "new" / "content" / "news" / f"{name}.md").exists()
    own = (tmp_path / "new" / "content" / "news" / "own.md").read_text(encoding="utf-8")
    assert "aliases: [/2019/own/]" in own and "h.example" not in own, own
    assert ".." not in (tmp_path / "new" / "site.yml").read_text(encoding="utf-8")
    outside_unchanged(tmp_path, before, "new")
    build_site(tmp_path / "new")
    outside_unchanged(tmp_path, before, "new")
    assert (tmp_path / "new" / "site-output" / "2019" / "own" / "index.html").is_file()


def test_hostile_jekyll_addresses_are_set_aside(tmp_path):
    old = tmp_path / "old"
    write_site(old, {
        "_config.yml": "title: J\nurl: https://j.example\npermalink: /%2e%2e/:year/:title/\n",
        "_posts/2026-01-01-up.md": "---\ntitle: Up\npermalink: /../../../tmp/x/\n---\n",
        "_posts/2026-01-02-back.md": "---\ntitle: Back\nredirect_from:\n  - /old/\n  - /a%5c..%5c..%5cb/\n---\n",
        "_posts/2026-01-03-fine.md": "---\ntitle: Fine\n---\n",
    })
    before = snapshot(tmp_path)
    result = run("import", old, "--into", tmp_path / "new", "--now", NOW)
    assert result.returncode == 0, result.stderr
    for line in [
        f"_posts/2026-01-01-up.md:3: warning: permalink: '/../../../tmp/x/' has a '..' segment, which would lead outside the site; {SET_ASIDE}; copied to unconverted/ as it is",
        f"_posts/2026-01-02-back.md:5: warning: redirect_from: '/a%5c..%5c..%5cb/' has an encoded '\\' (%5C); {SET_ASIDE}; copied to unconverted/ as it is",
        "_config.yml:3: warning: the permalink pattern of posts '/%2e%2e/:year/:title/' has a '..' segment once percent-decoded, which would lead outside the site; it is left out of site.yml, so that building the new site cannot write outside its output",
    ]:
        assert line in result.stdout.splitlines(), line
    assert sorted(p.name for p in (tmp_path / "new" / "unconverted" / "_posts").iterdir()) == ["2026-01-01-up.md", "2026-01-02-back.md"]
    outside_unchanged(tmp_path, before, "new")
    build_site(tmp_path / "new")
    outside_unchanged(tmp_path, before, "new")
