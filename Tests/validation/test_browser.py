"""The example site in a real browser: headless Chromium (Debian's `chromium`, driven through
`chromium-driver` by Selenium) loads the home page, an article, an event, a category page and the
search page at phone and desktop widths. Every page must load without a console error, fit the
phone's width, keep its landmarks, alt text and a visible focus ring, and the search box must
find Chinese and English text as one types. Screenshots go to `screenshots/` (not committed), for
a person to look at."""
import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import tempfile
import threading
import unicodedata
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import NOW, REPO, herald_binary

# Every test here shares one build of the example site and one Chromium (module fixtures): under
# pytest-xdist (`--dist loadgroup`, scripts/run-tests.sh) they run in one worker, which makes them once.
pytestmark = pytest.mark.xdist_group("browser")
SCREENSHOTS = REPO / "screenshots"
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
PAGES = {
    "home": "",
    "article": "news/new-year-gala-recap/",
    "event": "events/winter-code-jam/",
    "category": "categories/campus-life/",
    "search": "search/?q=%E6%99%9A%E4%BC%9A",  # 晚会
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site():
    """The example site, built for and served at a local address."""
    root = pathlib.Path(tempfile.mkdtemp(prefix="herald-browser-"))
    out = root / "site"
    out.mkdir()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(out)))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    result = subprocess.run([str(herald_binary()), "build", "--source", str(REPO), "--output", str(out), "--now", NOW, "--base-url", base, "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield base
    server.shutdown()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail("chromium and chromedriver are needed (Debian's chromium and chromium-driver; scripts/setup.sh --test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=zh-CN"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    SCREENSHOTS.mkdir(exist_ok=True)
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    chrome.set_page_load_timeout(30)
    yield chrome
    chrome.quit()


def console_errors(browser):
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def load(browser, url, size):
    browser.set_window_size(*size)
    browser.get_log("browser")  # drop what earlier pages printed
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", PAGES)
def test_page_loads_cleanly(site, browser, page, width):
    size = WIDTHS[width]
    load(browser, site + PAGES[page], size)
    if page == "search":
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results li"))
    SCREENSHOTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / f"{page}-{width}.png"))

    assert console_errors(browser) == []
    # Nothing wider than a phone: a reader should never scroll sideways.
    overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page} is {overflow}px wider than a {size[0]}px window"
    # Landmarks, the language, and alt text on every image.
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN"
    for landmark in ["header", "nav", "main", "footer", "form[role=search]"]:
        assert browser.find_elements(By.CSS_SELECTOR, landmark), f"{page} has no {landmark}"
    for image in browser.find_elements(By.TAG_NAME, "img"):
        assert image.get_attribute("alt") is not None, f"an image on {page} has no alt attribute"
        if not image.get_attribute("aria-hidden") and not image.find_elements(By.XPATH, "ancestor::*[@aria-hidden='true']"):
            assert image.get_attribute("alt").strip(), f"a visible image on {page} has empty alt text: {image.get_attribute('src')}"


def test_cover_image_alt_text_defaults_to_the_title(site, browser):
    load(browser, site + PAGES["article"], WIDTHS["desktop"])
    cover = browser.find_element(By.CSS_SELECTOR, ".article__cover img")
    assert cover.get_attribute("alt") == browser.find_element(By.TAG_NAME, "h1").text


def test_keyboard_focus_is_visible(site, browser):
    load(browser, site, WIDTHS["desktop"])
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    focused = browser.switch_to.active_element
    # The first stop is the skip link, which comes into view when focused.
    assert focused.get_attribute("class") == "skip-link"
    assert focused.is_displayed() and focused.location["x"] >= 0
    focused.send_keys(Keys.TAB)
    focused = browser.switch_to.active_element
    outline = browser.execute_script("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", focused)
    assert outline[0] != "none" and outline[1] != "0px", f"the focused {focused.tag_name} shows no outline: {outline}"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("query,expected", [("晚会", "晚会"), ("迎新", "迎新"), ("hackathon", "hackathon"), ("GALA", "gala")])
def test_search_box_finds_as_one_types(site, browser, width, query, expected):
    load(browser, site, WIDTHS[width])
    box = browser.find_element(By.ID, "search-box")
    box.click()
    box.send_keys(query)
    panel = browser.find_element(By.ID, "search-box-results")
    WebDriverWait(browser, 10).until(expected_conditions.visibility_of(panel))
    WebDriverWait(browser, 10).until(lambda b: panel.find_elements(By.CSS_SELECTOR, ".search-result"))
    results = panel.find_elements(By.CSS_SELECTOR, ".search-result")
    first = results[0].text.lower()
    assert expected in first, f"the first result for {query!r} is {first!r}"
    # Every result, in order: the items whose title, summary, category, tags or date hold the query,
    # titles first, then category and tag matches, then the rest, each group in the index's order.
    shown = [result.find_element(By.CSS_SELECTOR, "a.search-result__title").get_attribute("href") for result in results]
    assert shown == [site + path for path in expected_search_results(site, query)[:8]]
    assert panel.find_elements(By.TAG_NAME, "mark")
    assert browser.find_element(By.CSS_SELECTOR, "#search-box-results .search__status").text
    if width == "desktop":
        browser.save_screenshot(str(SCREENSHOTS / f"search-box-{query}.png"))
    # A combobox (ARIA): the arrow keys reach each result while focus stays in the box, which
    # names the one reached, so a screen reader says it; Escape closes the list.
    assert box.get_attribute("role") == "combobox" and box.get_attribute("aria-expanded") == "true"
    listbox = browser.find_element(By.ID, box.get_attribute("aria-controls"))
    assert listbox.get_attribute("role") == "listbox"
    box.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert browser.switch_to.active_element == box
    reached = browser.find_element(By.ID, box.get_attribute("aria-activedescendant"))
    assert reached.get_attribute("role") == "option" and reached.get_attribute("aria-selected") == "true"
    assert reached.find_element(By.TAG_NAME, "a").get_attribute("href") == shown[min(1, len(shown) - 1)]
    box.send_keys(Keys.ESCAPE)
    assert not panel.is_displayed() and box.get_attribute("aria-expanded") == "false"
    assert box.get_attribute("aria-activedescendant") is None
    assert console_errors(browser) == []


def expected_search_results(site, query):
    """The paths search.js should list for `query`, worked out here from the search index."""
    with urllib.request.urlopen(site + "search/index.json") as response:
        index = json.load(response)
    fields = {name: i for i, name in enumerate(index["fields"])}
    fold = lambda text: unicodedata.normalize("NFKC", text).lower()
    terms = [term for term in fold(query).split() if len(term) >= 2]
    hits = []
    for order, row in enumerate(index["items"]):
        category = index["categories"][row[fields["category"]]]["name"] if row[fields["category"]] >= 0 else ""
        named = fold(category + "\n" + "\n".join(index["tags"][n] for n in row[fields["tags"]]))
        title = fold(row[fields["title"]])
        text = "\n".join([title, fold(row[fields["summary"]]), named, row[fields["date"]]])
        if all(term in text for term in terms):
            score = sum(4 if term in title else 2 if term in named else 1 for term in terms)
            hits.append((-score, order, row[fields["path"]]))
    assert hits, f"nothing in the index holds {query!r}"
    return [path for _, _, path in sorted(hits)]


def test_search_needs_two_characters_and_says_when_nothing_is_found(site, browser):
    load(browser, site, WIDTHS["desktop"])
    box = browser.find_element(By.ID, "search-box")
    box.send_keys("晚")
    status = browser.find_element(By.CSS_SELECTOR, "#search-box-results .search__status")
    WebDriverWait(browser, 10).until(lambda b: status.text)
    assert status.text == "请至少输入两个字。"
    assert not browser.find_elements(By.CSS_SELECTOR, "#search-box-results .search-result")
    box.send_keys("xyzzy")
    WebDriverWait(browser, 10).until(lambda b: "没有找到" in status.text)


def test_one_result_is_counted_in_the_singular(site, browser):
    """English said "1 results" (issue 37); the count of several stays plural."""
    load(browser, site + "en/", WIDTHS["desktop"])
    box = browser.find_element(By.ID, "search-box")
    status = browser.find_element(By.CSS_SELECTOR, "#search-box-results .search__status")
    box.send_keys("mooncakes")
    WebDriverWait(browser, 10).until(lambda b: status.text)
    assert status.text == "1 result for “mooncakes”"
    box.clear()
    box.send_keys("gala")
    WebDriverWait(browser, 10).until(lambda b: "gala" in status.text)
    assert status.text == "2 results for “gala”"
    assert console_errors(browser) == []


def test_search_page_keeps_the_query_and_lists_every_result(site, browser):
    load(browser, site + "search/?q=" + "%E6%99%9A%E4%BC%9A", WIDTHS["desktop"])
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results .search-result"))
    assert browser.find_element(By.ID, "search-page-box").get_attribute("value") == "晚会"
    titles = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#search-results .search-result__title")]
    assert len(titles) >= 3 and all(title for title in titles)
    assert "共 %d 条结果" % len(titles) in browser.find_element(By.ID, "search-status").text
    assert console_errors(browser) == []


def test_the_search_page_can_search_the_other_languages_after_its_own(site, browser):
    """A multilingual site's search page finds its own language's items, and with the box ticked
    (kept in the address as all=1) the other languages' after them, each marked with its language."""
    load(browser, site + "search/?q=frontiers", WIDTHS["desktop"])
    status = browser.find_element(By.ID, "search-status")
    WebDriverWait(browser, 10).until(lambda b: status.text)
    assert "没有找到" in status.text, "the Chinese index has no English words"
    others = browser.find_element(By.CSS_SELECTOR, "input[name=all]")
    others.click()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results li"))
    results = browser.find_elements(By.CSS_SELECTOR, "#search-results li")
    assert [r.get_attribute("lang") for r in results] == ["en"]
    assert results[0].find_element(By.TAG_NAME, "a").get_attribute("href") == site + "en/news/ai-seminar-series-2026/"
    assert "all=1" in browser.current_url
    # Its own language first: a word in both indexes lists the Chinese item, then the English one.
    load(browser, site + "search/?q=%E8%AE%B2%E5%BA%A7&all=1", WIDTHS["desktop"])  # 讲座, a tag of both versions
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results li"))
    langs = [r.get_attribute("lang") or "" for r in browser.find_elements(By.CSS_SELECTOR, "#search-results li")]
    assert langs[0] == "" and "en" in langs and langs == sorted(langs, key=lambda lang: lang != "")
    assert console_errors(browser) == []
