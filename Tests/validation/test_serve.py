"""`herald serve` over HTTP: pages and their types, the site's 404, refusals of paths that try to
leave the site, live reload after edits, additions and deletions, the error page of a failed
build, and a clean stop on SIGINT and SIGTERM."""
import http.client
import os
import pathlib
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import NOW, REPO, herald_binary

BASIC = REPO / "Tests" / "Fixtures" / "sites" / "basic"


class Server:
    """`herald serve` on a free port over a copy of a fixture site."""

    def __init__(self, site, *options):
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="herald-serve-"))
        self.site = self.root / "site"
        shutil.copytree(site, self.site)
        self.process = subprocess.Popen(
            [str(herald_binary()), "serve", "--source", str(self.site), "--port", "0", "--now", NOW, *options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.url = None
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.process.poll() is None, "herald serve exited early"
                continue
            match = re.match(r"Serving (http://127\.0\.0\.1:(\d+)(/\S*)) ", line)
            if match:
                self.url, self.port, self.base = match.group(1), int(match.group(2)), match.group(3)
                break
        assert self.url, "herald serve did not say where it serves"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)

    def request(self, path, method="GET", headers=None):
        """The status, headers and body of one request for `path`, sent exactly as given."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def write(self, relative, text):
        path = self.site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                return self.process.wait(timeout=15)
            finally:
                if self.process.poll() is None:
                    self.process.kill()
        return self.process.returncode

    def close(self):
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


class Events:
    """A live-reload connection, reading its events on a thread."""

    def __init__(self, server):
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.connection.request("GET", "/__herald/live")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        # The server subscribed this connection before answering; its first line says so (after
        # the chunk's size: the stream is read as it comes, chunked).
        first = [self.response.fp.readline() for _ in range(2)]
        assert first[1] == b": herald serve live reload\n", first
        self.events = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while True:
                line = self.response.fp.readline()
                if not line:
                    break
                if line.startswith(b"event: "):
                    self.events.put(line[7:].strip().decode())
        except Exception:
            pass
        self.events.put("closed")

    def next(self, timeout=60):
        return self.events.get(timeout=timeout)


@pytest.fixture
def server():
    started = Server(BASIC)
    yield started
    started.close()


def test_pages_feeds_and_assets_have_their_types(server):
    assert server.base == "/club/", "the site is served under its base path"
    status, headers, _ = server.request("/")
    assert status == 302 and headers["location"] == "/club/"
    for path, kind in [("/club/", "text/html; charset=utf-8"), ("/club/assets/herald.css", "text/css; charset=utf-8"),
                       ("/club/feed.xml", "application/xml; charset=utf-8"), ("/club/feed.json", "application/json; charset=utf-8"),
                       ("/club/events.ics", "text/calendar; charset=utf-8"), ("/club/api/home.json", "application/json; charset=utf-8"),
                       ("/club/robots.txt", "text/plain; charset=utf-8")]:
        status, headers, body = server.request(path)
        assert status == 200, path
        assert headers["content-type"] == kind, path
        assert int(headers["content-length"]) == len(body) > 0
    status, headers, _ = server.request("/club/news")
    assert status == 301 and headers["location"] == "/club/news/"


def test_live_reload_script_is_served_but_never_built(server, tmp_path):
    _, _, body = server.request("/club/")
    assert body.count(b"/__herald/live") == 1 and body.rstrip().endswith(b"</html>")
    assert body.index(b"/__herald/live") < body.rindex(b"</body>")
    built = subprocess.run([str(herald_binary()), "build", "--source", str(server.site), "--output", str(tmp_path / "out"), "--now", NOW, "-q"])
    assert built.returncode == 0
    assert not any(b"__herald" in p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file())


def test_etag_head_and_not_modified(server):
    status, headers, body = server.request("/club/news/")
    assert status == 200 and headers["etag"]
    status, head_headers, head_body = server.request("/club/news/", method="HEAD")
    assert status == 200 and head_body == b"" and head_headers["content-length"] == str(len(body)) and head_headers["etag"] == headers["etag"]
    status, _, body = server.request("/club/news/", headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""


def test_not_found_is_the_sites_404_page(server):
    status, headers, body = server.request("/club/no/such/page/")
    assert status == 404 and headers["content-type"].startswith("text/html")
    _, _, page = server.request("/club/404.html")
    assert body == page
    assert server.request("/club/no-such.css")[0] == 404
    assert server.request("/club/no/such/page/", method="HEAD")[2] == b""


@pytest.mark.parametrize("path", ["/club/../site.yml", "/club/%2e%2e/site.yml", "/club/%2E%2E/%2e%2e/etc/passwd", "/club/..%2f..%2fsite.yml",
                                  "//etc/passwd", "/club//etc/passwd", "/club/news/../../site.yml", "/etc/passwd", "/club/%00",
                                  "/club//news", "/club/%2Fnews", "//club/news"])
def test_paths_that_leave_the_site_are_refused(server, path):
    status, headers, body = server.request(path)
    assert status in (400, 404), path
    assert b"root:" not in body and b"baseURL" not in body
    assert not headers.get("location", "").startswith("//"), "never a redirect to another host"


def test_links_out_of_the_site_are_never_served(server):
    # Listening before the first change, and one change at a time, so each reload is the one awaited.
    events = Events(server)
    server.write("static/ok.txt", "fine\n")
    assert events.next() == "reload"
    assert server.request("/club/ok.txt")[2] == b"fine\n"
    os.symlink("/etc/passwd", server.site / "static" / "leak.txt")
    assert events.next() == "reload"
    status, _, body = server.request("/club/")
    assert status == 500 and b"symbolic link points outside the site folder" in body
    status, _, body = server.request("/club/leak.txt")
    assert status == 404 and b"root:" not in body


def test_edits_additions_and_deletions_reload_the_browser(server):
    events = Events(server)
    article = next((server.site / "content" / "news").rglob("*.md"))
    _, _, before = server.request("/club/")
    article.write_text(article.read_text(encoding="utf-8").replace("title:", "title: Edited —", 1), encoding="utf-8")
    assert events.next() == "reload"
    _, _, after = server.request("/club/")
    assert b"Edited \xe2\x80\x94" in after and after != before
    # The rebuild's line speaks of pages, in a user's words; the build's internals are for --timings.
    deadline, line = time.time() + 30, ""
    while time.time() < deadline and "built " not in line:
        try:
            line = server.lines.get(timeout=1)
        except queue.Empty:
            pass
    assert re.search(r": built \d+ items into \d+ pages in \d+ ms; \d+ pages? or files? of the site updated$", line.strip()), line
    assert "parses" not in line and "cards" not in line, line

    server.write("content/news/2026/2026-11-20-brand-new.md", "---\ntitle: Brand new story\n---\nFresh.\n")
    assert events.next() == "reload"
    status, _, body = server.request("/club/news/brand-new/")
    assert status == 200 and b"Brand new story" in body

    (server.site / "content" / "news" / "2026" / "2026-11-20-brand-new.md").unlink()
    assert events.next() == "reload"
    assert server.request("/club/news/brand-new/")[0] == 404


def test_a_failed_build_keeps_the_last_good_site_and_shows_its_errors(server):
    events = Events(server)
    _, _, css = server.request("/club/assets/herald.css")
    server.write("content/news/2026/2026-11-20-broken.md", "---\ntitle: [unclosed\n---\n")
    assert events.next() == "reload"
    status, headers, body = server.request("/club/")
    assert status == 500 and headers["content-type"].startswith("text/html")
    assert b"content/news/2026/2026-11-20-broken.md:3: front matter is not valid YAML" in body and b"/__herald/live" in body
    assert server.request("/club/assets/herald.css")[2] == css, "assets of the last good build are still served"
    server.write("content/news/2026/2026-11-20-broken.md", "---\ntitle: Mended\n---\nOK.\n")
    assert events.next() == "reload"
    status, _, body = server.request("/club/news/broken/")
    assert status == 200 and b"Mended" in body


def test_the_error_page_is_in_the_language_of_the_page_asked_for(tmp_path):
    """A Chinese site's error page was in English (issue 37); each language's pages get their own."""
    source = REPO / "Tests" / "Fixtures" / "sites" / "bilingual"
    server = Server(source)
    try:
        events = Events(server)
        server.write("content/news/2026-11-20-broken.md", "---\ntitle: [unclosed\n---\n")
        assert events.next() == "reload"
        status, _, chinese = server.request("/")
        assert status == 500 and '<html lang="zh-CN">'.encode() in chinese and "网站无法构建".encode() in chinese
        status, _, english = server.request("/en/")
        assert status == 500 and b'<html lang="en">' in english and b"The site does not build" in english
    finally:
        server.close()


def test_a_missing_page_gets_the_404_of_its_language():
    """/en/nope/ got the Chinese 404 page of a site whose default is Chinese (issue 37's trial):
    the nearest 404.html up the path is served, as Cloudflare Pages serves it."""
    server = Server(REPO / "Tests" / "Fixtures" / "sites" / "bilingual")
    try:
        status, _, english = server.request("/en/nope/")
        assert status == 404 and b'<html lang="en">' in english
        status, _, deeper = server.request("/en/news/nope.css")
        assert status == 404 and b'<html lang="en">' in deeper
        status, _, chinese = server.request("/nope/")
        assert status == 404 and '<html lang="zh-CN">'.encode() in chinese
    finally:
        server.close()


def test_no_reload_serves_pages_as_built():
    """--no-reload: no script and no connection a headless browser would wait on, error page included."""
    server = Server(BASIC, "--no-reload")
    try:
        status, _, body = server.request("/club/")
        assert status == 200 and b"/__herald/live" not in body and b"EventSource" not in body
        server.write("content/news/2026/2026-11-20-broken.md", "---\ntitle: [unclosed\n---\n")
        deadline = time.time() + 60
        while server.request("/club/")[0] != 500 and time.time() < deadline:
            time.sleep(0.2)
        status, _, body = server.request("/club/")
        assert status == 500 and b"front matter is not valid YAML" in body and b"EventSource" not in body
    finally:
        server.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stops_cleanly_on_signals_even_with_a_reload_connection_open(sig):
    """Stopping is timed by herald itself, from the signal to its last connection closed, so a
    busy machine's slowness in running this test does not count."""
    server = Server(BASIC, "--timings")
    try:
        events = Events(server)
        assert server.stop(sig) == 0
        assert events.next(timeout=5) == "closed"
        # The process has exited: what it printed is all in the queue once the reader has met the
        # end of its output (or, should a child keep that open, on its way there within 2 s).
        server.reader.join(timeout=10)
        lines = []
        while True:
            try:
                lines.append(server.lines.get(timeout=0 if not server.reader.is_alive() else 2).strip())
            except queue.Empty:
                break
        stopped = [line for line in lines if line.startswith("Stopped")]
        assert len(stopped) == 1 and re.fullmatch(r"Stopped in (\d+) ms\.", stopped[0]), lines
        assert int(re.fullmatch(r"Stopped in (\d+) ms\.", stopped[0]).group(1)) < 2000, "an open reload connection held up stopping"
    finally:
        server.close()
