"""`herald publish` to each kind of target, for real, on this machine: a folder, rsync to a local path
and over a stand-in for SSH, a bare git repository, and an S3 server (moto) on 127.0.0.1. The
published files are compared byte for byte with the build's output; the plan of a dry run, the
deletion of stale files, the refusals, and publishes that fail or are killed part-way (the target
keeps the previous site) are checked on each target that can have them."""
import json
import os
import pathlib
import re
import shutil
import signal
import stat
import subprocess

import pytest

from conftest import NOW, REPO, herald_binary

MANIFEST = ".herald-manifest.json"


def make_site(root, name="src"):
    """A copy of the example site under `root`."""
    site = root / name
    site.mkdir(parents=True)
    for part in ["site.yml", "content", "static", "data", "templates"]:
        source = REPO / part
        if source.is_dir():
            shutil.copytree(source, site / part)
        else:
            shutil.copy(source, site / part)
    return site


def change_site(site):
    """Edit one page, add one news item and delete another: files are changed, added and deleted."""
    about = site / "content" / "pages" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nA sentence added for the publish test.\n", encoding="utf-8")
    victim = sorted((site / "content" / "news").rglob("*.md"))[0]
    victim.unlink()
    (site / "content" / "news" / "2026-11-20-publish-test.md").write_text(
        "---\ntitle: Publishing works\ndate: 2026-11-20T10:00:00+08:00\ncategory: campus-life\n---\nNew on the site.\n", encoding="utf-8")


def herald(*args, site, env=None, check=True):
    result = subprocess.run([str(herald_binary()), "publish", "--source", str(site), "--now", NOW, *args],
                            capture_output=True, text=True, env=env, timeout=600)
    if check:
        assert result.returncode == 0, f"herald publish {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result


def tree(folder, leave_out=(MANIFEST,)):
    """Every file under `folder` (path → bytes), without the names in `leave_out`."""
    folder = pathlib.Path(folder)
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in folder.rglob("*") if path.is_file() and path.name not in leave_out and ".~tmp~" not in path.parts}


def plan_lines(stdout):
    return [line.strip() for line in stdout.splitlines() if line.startswith("  ") and line.strip()[:2] in ("+ ", "~ ", "- ")]


# --- a folder ---------------------------------------------------------------------------------


def test_folder_publish_copies_the_site_and_keeps_unchanged_files_untouched(tmp_path):
    site = make_site(tmp_path)
    target = tmp_path / "www"
    herald("--to", str(target), site=site)
    output = site / "site-output"
    assert tree(target) == tree(output)
    assert (target / MANIFEST).is_file()
    assert stat.S_IMODE(target.stat().st_mode) == 0o755, "the web server must be able to read the folder"
    stylesheet = next((target / "assets").iterdir())
    before = (stylesheet.stat().st_ino, stylesheet.stat().st_mtime_ns)
    (target / "stale.html").write_text("left over from an older site")

    change_site(site)
    dry = herald("--to", str(target), "--dry-run", site=site)
    lines = plan_lines(dry.stdout)
    assert "~ about/index.html" in lines
    assert "+ news/publish-test/index.html" in lines
    assert "- stale.html" not in lines, "a file Herald did not publish is not deleted"
    assert "1 file Herald did not publish was kept: stale.html; --force deletes it" in dry.stdout.splitlines()
    assert any(line.startswith("- news/") for line in lines), "the deleted item's page is in the plan"
    assert "stale.html" in os.listdir(target), "a dry run changes nothing"

    result = herald("--to", str(target), site=site)
    assert "Published:" in result.stdout
    assert tree(target) == {**tree(output), "stale.html": b"left over from an older site"}
    stylesheet = next((target / "assets").iterdir())
    assert (stylesheet.stat().st_ino, stylesheet.stat().st_mtime_ns) == before, "an unchanged file is not rewritten"
    assert not [name for name in os.listdir(tmp_path) if ".herald-" in name], "no scratch folder is left beside the target"

    again = herald("--to", str(target), site=site)
    assert "Already published: nothing changed" in again.stdout


def test_folder_publish_killed_at_any_moment_leaves_the_old_or_the_new_site(tmp_path):
    first, second = make_site(tmp_path, "first"), make_site(tmp_path, "second")
    change_site(second)
    outputs = {}
    for site in (first, second):
        built = subprocess.run([str(herald_binary()), "build", "--source", str(site), "--now", NOW, "-q"], capture_output=True, text=True)
        assert built.returncode == 0, built.stderr
        outputs[site] = tree(site / "site-output")
    assert outputs[first] != outputs[second]
    target = tmp_path / "www"
    herald("--to", str(target), "--no-build", site=first)
    current = first
    seen = set()
    # The last delays let a publish finish on a busy machine too (the suite runs a test on each core
    # beside this one); one that finishes sooner ends its wait at once, so they cost nothing then.
    for delay in [0.0, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.6, 0.8, 1.5, 3.0, 6.0, 12.0]:
        other = second if current is first else first
        process = subprocess.Popen([str(herald_binary()), "publish", "--source", str(other), "--no-build", "--to", str(target), "-q"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Killed `delay` after the start, unless it ended before: then it has finished, as with the
        # kill sent to the ended process, without waiting out the rest of the delay.
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        published = tree(target)
        assert published in (outputs[first], outputs[second]), f"killed after {delay} s, the folder holds a mix"
        current = first if published == outputs[first] else second
        seen.add((delay, current is other))
    assert any(done for _, done in seen) and any(not done for _, done in seen), \
        "the delays should both interrupt some publishes and let others finish"
    # A killed publish leaves its scratch folder; the next one clears it away.
    herald("--to", str(target), "--no-build", site=second)
    assert tree(target) == outputs[second]
    assert not [name for name in os.listdir(tmp_path) if ".herald-" in name]


def test_publish_refuses_a_failed_build_an_empty_output_and_another_base_url(tmp_path):
    site = make_site(tmp_path)
    target = tmp_path / "www"
    herald("--to", str(target), site=site)
    published = tree(target)

    broken = site / "content" / "news" / "broken.md"
    broken.write_text("---\ntitle: Broken\ndate: 2026-13-45\n---\nBody\n", encoding="utf-8")
    failed = herald("--to", str(target), site=site, check=False)
    assert failed.returncode == 1
    assert "content/news/broken.md:3:" in failed.stderr
    assert "nothing was published" in failed.stderr
    assert tree(target) == published
    broken.unlink()

    # --no-build with an output changed after its build.
    herald("--to", str(target), site=site)
    (site / "site-output" / "index.html").write_text("edited by hand")
    refused = herald("--to", str(target), "--no-build", site=site, check=False)
    assert refused.returncode == 1 and "not the complete output of a herald build" in refused.stderr

    # A target whose url is not the site's baseURL.
    config = site / "site.yml"
    config.write_text(config.read_text(encoding="utf-8") + f"\npublish:\n  staging:\n    to: {target}\n    url: https://staging.example.edu/cs/\n", encoding="utf-8")
    mismatch = herald("staging", site=site, check=False)
    assert mismatch.returncode == 1
    assert "built for https://union.example.edu/cs/" in mismatch.stderr and "https://staging.example.edu/cs/" in mismatch.stderr
    assert tree(target) == published
    fine = herald("staging", "--base-url", "https://staging.example.edu/cs/", site=site)
    assert "Published:" in fine.stdout


def test_publish_asks_for_force_before_deleting_most_of_a_target(tmp_path):
    site = make_site(tmp_path)
    target = tmp_path / "www"
    target.mkdir()
    (target / "keep.txt").write_text("someone else's file")
    foreign = herald("--to", str(target), site=site, check=False)
    assert foreign.returncode == 1 and "did not publish" in foreign.stderr and "--force" in foreign.stderr
    assert os.listdir(target) == ["keep.txt"]
    herald("--to", str(target), "--force", site=site)

    for news in (site / "content" / "news").rglob("*.md"):
        news.unlink()
    for event in (site / "content" / "events").rglob("*.md"):
        event.unlink()
    # A page linking to a news item's file would now be a build error (a link to no item), not a shrink.
    for page in (site / "content" / "pages").rglob("*.md"):
        if "../news/" in page.read_text(encoding="utf-8") or "../events/" in page.read_text(encoding="utf-8"):
            page.unlink()
    before = tree(target)
    refused = herald("--to", str(target), site=site, check=False)
    assert refused.returncode == 1 and "more than half" in refused.stderr
    assert tree(target) == before
    dry = herald("--to", str(target), "--dry-run", site=site)
    assert "A real publish would need --force" in dry.stdout
    herald("--to", str(target), "--force", site=site)
    assert tree(target) == tree(site / "site-output")


# --- rsync ------------------------------------------------------------------------------------


FAKE_SSH = """#!/usr/bin/env python3
# A stand-in for ssh: rsync runs `ssh [-l user] host command...`; the command is run here.
import os, subprocess, sys
args = sys.argv[1:]
while args and args[0].startswith("-"):
    args = args[2:] if args[0] in ("-l", "-p") else args[1:]
command = " ".join(args[1:])
limit, counter, working = LIMIT, COUNTER, WORKING
if limit is None:
    os.execvp("sh", ["sh", "-c", command])
connections = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(connections + 1))
if connections < working:
    os.execvp("sh", ["sh", "-c", command])
# The connection drops after `limit` bytes from the client: both ends are cut.
server = subprocess.Popen(["sh", "-c", command], stdin=subprocess.PIPE)
sent = 0
while sent < limit:
    chunk = os.read(0, min(65536, limit - sent))
    if not chunk:
        break
    server.stdin.write(chunk)
    server.stdin.flush()
    sent += len(chunk)
os.close(0)
server.kill()
server.wait()
sys.exit(255)
"""


def fake_ssh(folder, truncate=None, working=4):
    """A stand-in for ssh that runs the remote command on this machine, as ssh to localhost would.
    With `truncate`, the first `working` connections work (reading the manifest, the dry run that
    makes the plan, the listing, sending the manifest with the new files added) and every later
    one breaks after that many bytes from the client, like a network that drops."""
    script = folder / ("ssh-broken" if truncate else "ssh")
    script.write_text(FAKE_SSH.replace("LIMIT", repr(truncate)).replace("COUNTER", repr(str(folder / "connections"))).replace("WORKING", repr(working)))
    script.chmod(0o755)
    return script


def test_rsync_to_a_local_path_and_over_ssh(tmp_path):
    site = make_site(tmp_path)
    target = tmp_path / "rsync-target"
    herald("--to", f"rsync:{target}", site=site)
    assert tree(target) == tree(site / "site-output")
    stylesheet = next((target / "assets").iterdir())
    before = stylesheet.stat().st_ino
    (target / "stale.html").write_text("old")

    change_site(site)
    dry = herald("--to", f"rsync:{target}", "--dry-run", site=site)
    lines = plan_lines(dry.stdout)
    assert "~ about/index.html" in lines and "+ news/publish-test/index.html" in lines
    assert any(line.startswith("- news/") for line in lines), "the deleted item's page is in the plan"
    assert "- stale.html" not in lines, "a file Herald did not publish is not deleted"
    assert (target / "stale.html").exists()

    # The user@host:/path form, over a stand-in for ssh (RSYNC_RSH is rsync's own setting).
    env = dict(os.environ, RSYNC_RSH=str(fake_ssh(tmp_path)))
    herald("--to", f"editor@localhost:{target}", site=site, env=env)
    assert tree(target) == {**tree(site / "site-output"), "stale.html": b"old"}
    assert next((target / "assets").iterdir()).stat().st_ino == before, "rsync leaves an unchanged file alone"


def test_rsync_broken_off_leaves_the_previous_site(tmp_path):
    site = make_site(tmp_path)
    target = tmp_path / "rsync-target"
    herald("--to", f"rsync:{target}", site=site)
    published = tree(target)
    change_site(site)
    (site / "static" / "big.bin").write_bytes(os.urandom(400_000))
    env = dict(os.environ, RSYNC_RSH=str(fake_ssh(tmp_path, truncate=60_000)))
    failed = herald("--to", f"editor@localhost:{target}", site=site, env=env, check=False)
    assert failed.returncode == 1
    assert 'publish failed at "transfer"' in failed.stderr
    assert tree(target) == published, "files are put in place only at the end of a transfer"


# --- git --------------------------------------------------------------------------------------


def git(*args, cwd=None, check=True):
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result.stdout


def branch_tree(repository, branch):
    """The files of a branch: path → bytes."""
    names = git("-C", str(repository), "ls-tree", "-r", "--name-only", "-z", branch).split("\0")
    return {name: subprocess.run(["git", "-C", str(repository), "show", f"{branch}:{name}"], capture_output=True, check=True).stdout
            for name in names if name}


def test_git_branch_gets_the_whole_site_in_one_commit(tmp_path):
    site = make_site(tmp_path)
    remote = tmp_path / "pages.git"
    git("init", "--quiet", "--bare", str(remote))
    # The site is a git checkout with work in progress: publishing must not touch it.
    git("init", "--quiet", "-b", "main", cwd=site)
    (site / ".gitignore").write_text("site-output/\n.site-output.herald*\n")
    git("add", "-A", cwd=site)
    git("-c", "user.name=Editor", "-c", "user.email=editor@example.edu", "commit", "--quiet", "-m", "Site", cwd=site)
    source_commit = git("rev-parse", "HEAD", cwd=site).strip()
    git("remote", "add", "pages", str(remote), cwd=site)
    config = site / "site.yml"
    config.write_text(config.read_text(encoding="utf-8") + "\npublish:\n  pages:\n    to: git:pages#gh-pages\n    domain: union.example.edu\n", encoding="utf-8")
    status_before = git("status", "--porcelain", cwd=site)

    result = herald(site=site)
    assert "Pushed" in result.stdout
    published = branch_tree(remote, "gh-pages")
    expected = tree(site / "site-output", leave_out=())
    assert published.pop(".nojekyll") == b""
    assert published.pop("CNAME") == b"union.example.edu\n"
    assert published == expected
    message = git("-C", str(remote), "log", "-1", "--format=%B", "gh-pages")
    assert source_commit[:12] in message and "with uncommitted changes" in message and source_commit in message
    assert git("rev-parse", "--abbrev-ref", "HEAD", cwd=site).strip() == "main"
    assert git("status", "--porcelain", cwd=site) == status_before, "the working tree is untouched"
    assert git("branch", "--list", cwd=site).split() == ["*", "main"], "no branch is made in the site's repository"

    again = herald(site=site)
    assert "Already published" in again.stdout
    assert git("-C", str(remote), "rev-list", "--count", "gh-pages").strip() == "1"

    change_site(site)
    dry = herald("--dry-run", site=site)
    lines = plan_lines(dry.stdout)
    assert "~ about/index.html" in lines and "+ news/publish-test/index.html" in lines
    assert any(line.startswith("- news/") for line in lines)
    assert git("-C", str(remote), "rev-list", "--count", "gh-pages").strip() == "1", "a dry run pushes nothing"
    herald(site=site)
    assert git("-C", str(remote), "rev-list", "--count", "gh-pages").strip() == "2"
    published = branch_tree(remote, "gh-pages")
    published.pop(".nojekyll"), published.pop("CNAME")
    assert published == tree(site / "site-output", leave_out=())


def test_git_push_refused_by_the_remote_leaves_the_branch(tmp_path):
    site = make_site(tmp_path)
    remote = tmp_path / "pages.git"
    git("init", "--quiet", "--bare", str(remote))
    herald("--to", f"git:{remote}#pages", site=site)
    tip = git("-C", str(remote), "rev-parse", "pages").strip()
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'the server is read-only today' >&2\nexit 1\n")
    hook.chmod(0o755)
    change_site(site)
    failed = herald("--to", f"git:{remote}#pages", site=site, check=False)
    assert failed.returncode == 1
    assert 'publish failed at "push"' in failed.stderr and "read-only today" in failed.stderr
    assert "the branch is unchanged" in failed.stderr
    assert git("-C", str(remote), "rev-parse", "pages").strip() == tip


# --- S3 ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def s3():
    """An S3 server from moto on a free port of 127.0.0.1, and a boto3 client for it."""
    from moto.server import ThreadedMotoServer
    import boto3
    # Port 0: the system picks a free port as the server binds it, and the server says which. (A
    # port probed free beforehand may be taken by another process before the server binds it.)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    assert host == "127.0.0.1" and port > 0
    endpoint = f"http://127.0.0.1:{port}"
    env = dict(os.environ, AWS_ACCESS_KEY_ID="herald-test", AWS_SECRET_ACCESS_KEY="herald-test", AWS_DEFAULT_REGION="us-east-1",
               AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
    client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="herald-test", aws_secret_access_key="herald-test", region_name="us-east-1")
    yield endpoint, env, client
    server.stop()


def bucket_tree(client, bucket, prefix):
    """The objects under a prefix: path → (bytes, content type, cache control)."""
    found = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix + "/"):
        for item in page.get("Contents", []):
            path = item["Key"][len(prefix) + 1:]
            if path == MANIFEST:
                continue
            response = client.get_object(Bucket=bucket, Key=item["Key"])
            found[path] = (response["Body"].read(), response["ContentType"], response.get("CacheControl"))
    return found


def test_s3_upload_with_types_cache_policy_and_stale_deletion(tmp_path, s3):
    endpoint, env, client = s3
    client.create_bucket(Bucket="union-site")
    site = make_site(tmp_path)
    (site / "static" / "js").mkdir()
    (site / "static" / "js" / "app.3f2a9c1b07.js").write_text("console.log('fingerprinted')\n")
    herald("--to", "s3://union-site/cs", "--endpoint", endpoint, site=site, env=env)
    objects = bucket_tree(client, "union-site", "cs")
    output = tree(site / "site-output")
    assert {path: value[0] for path, value in objects.items()} == output
    assert objects["index.html"][1:] == ("text/html; charset=utf-8", "public, max-age=300")
    assert objects["feed.xml"][1:] == ("application/xml; charset=utf-8", "public, max-age=300")
    assert objects["events.ics"][1:] == ("text/calendar; charset=utf-8", "public, max-age=300")
    assert objects["feed.json"][1] == "application/json; charset=utf-8"
    assert objects["images/cover-gala.jpg"][1:] == ("image/jpeg", "public, max-age=86400")
    assert objects["assets/herald.css"][1:] == ("text/css; charset=utf-8", "public, max-age=300"), "the stylesheet changes with the pages"
    assert objects["js/app.3f2a9c1b07.js"][1:] == ("text/javascript; charset=utf-8", "public, max-age=31536000, immutable")

    change_site(site)
    dry = herald("--to", "s3://union-site/cs", "--endpoint", endpoint, "--dry-run", site=site, env=env)
    lines = plan_lines(dry.stdout)
    assert "~ about/index.html" in lines and "+ news/publish-test/index.html" in lines
    dropped = [line[2:] for line in lines if line.startswith("- news/")]
    assert dropped, "the deleted item's page is in the plan"
    assert set(dropped) <= set(bucket_tree(client, "union-site", "cs")), "a dry run changes nothing"

    herald("--to", "s3://union-site/cs", "--endpoint", endpoint, site=site, env=env)
    objects = bucket_tree(client, "union-site", "cs")
    assert {path: value[0] for path, value in objects.items()} == tree(site / "site-output")
    assert not set(dropped) & set(objects)

    # A fresh clone builds every file anew (new modification times), yet nothing is uploaded again.
    clone = make_site(tmp_path, "clone")
    shutil.rmtree(clone / "content")
    shutil.copytree(site / "content", clone / "content")
    shutil.copytree(site / "static", clone / "static", dirs_exist_ok=True)
    again = herald("--to", "s3://union-site/cs", "--endpoint", endpoint, site=clone, env=env)
    assert "Already published: nothing changed" in again.stdout


def test_s3_failure_part_way_leaves_the_previous_pages(tmp_path, s3):
    endpoint, env, client = s3
    client.create_bucket(Bucket="failing-site")
    site = make_site(tmp_path)
    herald("--to", "s3://failing-site/cs", "--endpoint", endpoint, site=site, env=env)
    before = bucket_tree(client, "failing-site", "cs")
    manifest = client.get_object(Bucket="failing-site", Key="cs/" + MANIFEST)["Body"].read()

    # An aws that loses the network when the changed pages are sent.
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    real = shutil.which("aws", path=env["PATH"])
    (bin_folder / "aws").write_text(
        "#!/bin/sh\n"
        "case \"$*\" in *'text/html; charset=utf-8'*) echo 'Could not connect to the endpoint URL' >&2; exit 255;; esac\n"
        f"exec {real} \"$@\"\n")
    (bin_folder / "aws").chmod(0o755)
    change_site(site)
    (site / "static" / "images" / "new-cover.jpg").write_bytes(b"\xff\xd8\xff new image")
    failing = dict(env, PATH=f"{bin_folder}:{env['PATH']}")
    failed = herald("--to", "s3://failing-site/cs", "--endpoint", endpoint, site=site, env=failing, check=False)
    assert failed.returncode == 1
    assert 'publish failed at "upload' in failed.stderr and "Could not connect" in failed.stderr
    after = bucket_tree(client, "failing-site", "cs")
    assert all(after[path] == value for path, value in before.items()), "every previous file is still there, unchanged or only new beside it"
    # New files go up before the pages that name them: the new cover, documents, social cards.
    assert set(after) - set(before) <= {"images/new-cover.jpg"} | {p for p in tree(site / "site-output") if p.endswith((".json", ".xml", ".ics")) or p.startswith("social/")} | {"news/publish-test/index.html"}
    # The manifest is written after every upload; before any, it only gains the new objects, without a hash, so that an
    # upload stopped part-way leaves no object of Herald's it does not name (and the next publish uploads them again).
    previous, pending = json.loads(manifest), json.loads(client.get_object(Bucket="failing-site", Key="cs/" + MANIFEST)["Body"].read())
    new_paths = set(tree(site / "site-output")) - set(previous["files"])
    assert new_paths and "images/new-cover.jpg" in new_paths and "news/publish-test/index.html" in new_paths
    assert pending["files"] == {**previous["files"], **{path: {"sha256": "", "size": -1} for path in new_paths}}

    herald("--to", "s3://failing-site/cs", "--endpoint", endpoint, site=site, env=env)
    assert {path: value[0] for path, value in bucket_tree(client, "failing-site", "cs").items()} == tree(site / "site-output")


# --- files Herald did not publish, on every target --------------------------------------------

FOREIGN = {
    "google1234567890abcdef.html": b"google-site-verification: google1234567890abcdef.html\n",
    ".well-known/security.txt": b"Contact: mailto:security@union.example.edu\n",
    "notes.txt": b"a file someone put there by hand\n",
}
KEPT = ("3 files Herald did not publish were kept: .well-known/security.txt, google1234567890abcdef.html, notes.txt; "
        "--force deletes notes.txt (.well-known/ and site verification files are kept even with --force)")
KEPT_WITH_FORCE = ("2 files Herald did not publish were kept: .well-known/security.txt, google1234567890abcdef.html "
                   "(.well-known/ and site verification files are kept even with --force)")


def check_foreign_files_survive(site, to, put, read, extra=(), env=None):
    """Publishes `site` to `to`, puts FOREIGN there by hand (`put`), drops a news item, and publishes
    again, then with --force: `read` gives the target's files (path → bytes, without Herald's manifest)."""
    herald("--to", to, *extra, site=site, env=env)
    put(FOREIGN)
    before = set(tree(site / "site-output"))
    change_site(site)
    dry = herald("--to", to, *extra, "--dry-run", site=site, env=env)
    assert dry.returncode == 0
    dropped = before - set(tree(site / "site-output"))
    assert dropped, "the changed site drops a news item's files"
    lines = plan_lines(dry.stdout)
    assert not [line for line in lines if line[2:] in FOREIGN], lines
    assert {line[2:] for line in lines if line.startswith("- ")} == dropped
    assert KEPT in dry.stdout.splitlines()
    assert "A real publish would need --force" not in dry.stdout

    published = herald("--to", to, *extra, site=site, env=env)
    assert published.returncode == 0
    assert published.stdout.splitlines()[-1] == KEPT
    assert published.stdout.splitlines()[-2].startswith("Published: ")
    assert f", {len(dropped)} deleted, " in published.stdout
    assert read() == {**tree(site / "site-output"), **FOREIGN}, "the foreign files survive; the dropped pages are gone"

    forced = herald("--to", to, *extra, "--force", site=site, env=env)
    assert forced.returncode == 0
    assert re.fullmatch(r"Published: 0 added, 0 changed, 1 deleted, [0-9,]+ unchanged; 0 B to send", forced.stdout.splitlines()[-2])
    assert forced.stdout.splitlines()[-1] == KEPT_WITH_FORCE
    expected = {**tree(site / "site-output"), **FOREIGN}
    del expected["notes.txt"]
    assert read() == expected, "--force deletes what Herald did not publish, but not .well-known/ or verification files"

    again = herald("--to", to, *extra, "--force", site=site, env=env)
    assert again.stdout.splitlines()[-2].startswith("Already published: nothing changed")
    assert again.stdout.splitlines()[-1] == KEPT_WITH_FORCE


def put_files(folder):
    def put(files):
        for path, data in files.items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_bytes(data)
    return put


def test_folder_keeps_files_herald_did_not_publish(tmp_path):
    site, target = make_site(tmp_path), tmp_path / "www"
    check_foreign_files_survive(site, str(target), put_files(target), lambda: tree(target))


def test_rsync_keeps_files_herald_did_not_publish(tmp_path):
    site, target = make_site(tmp_path), tmp_path / "rsync-target"
    env = dict(os.environ, RSYNC_RSH=str(fake_ssh(tmp_path)))
    check_foreign_files_survive(site, f"editor@localhost:{target}", put_files(target), lambda: tree(target), env=env)
    manifest = json.loads((target / MANIFEST).read_text())
    assert set(manifest["files"]) == set(tree(site / "site-output")), "the manifest lists what Herald published, nothing else"


def test_git_keeps_files_herald_did_not_publish(tmp_path):
    site, remote = make_site(tmp_path), tmp_path / "pages.git"
    git("init", "--quiet", "--bare", str(remote))

    def put(files):
        # Someone adds them to the branch by hand (or on the forge's website): a commit that is not Herald's.
        work = tmp_path / "by-hand"
        shutil.rmtree(work, ignore_errors=True)
        git("clone", "--quiet", "--branch", "pages", str(remote), str(work))
        put_files(work)(files)
        git("add", "-A", cwd=work)
        git("-c", "user.name=Someone", "-c", "user.email=someone@example.edu", "commit", "--quiet", "-m", "Verify the site", cwd=work)
        git("push", "--quiet", "origin", "pages", cwd=work)

    def read():
        files = branch_tree(remote, "pages")
        assert files.pop(".nojekyll") == b""
        return files

    check_foreign_files_survive(site, f"git:{remote}#pages", put, read)
    assert git("-C", str(remote), "log", "-1", "--format=%s", "pages").strip().endswith("(herald publish)")


def test_s3_keeps_files_herald_did_not_publish(tmp_path, s3):
    endpoint, env, client = s3
    client.create_bucket(Bucket="foreign-site")
    site = make_site(tmp_path)

    def put(files):
        for path, data in files.items():
            client.put_object(Bucket="foreign-site", Key="cs/" + path, Body=data)

    check_foreign_files_survive(site, "s3://foreign-site/cs", put, lambda: {path: value[0] for path, value in bucket_tree(client, "foreign-site", "cs").items()},
                                extra=("--endpoint", endpoint), env=env)


def plant_link(target, elsewhere):
    """Replaces the target's news/ folder by a link to a folder outside, holding a file."""
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("outside the target")
    shutil.rmtree(target / "news")
    (target / "news").symlink_to(elsewhere)


@pytest.mark.parametrize("kind", ["folder", "rsync"])
def test_a_link_planted_in_the_target_is_never_written_through(tmp_path, kind):
    site, target, elsewhere = make_site(tmp_path), tmp_path / "www", tmp_path / "elsewhere"
    to = str(target) if kind == "folder" else f"rsync:{target}"
    herald("--to", to, site=site)
    plant_link(target, elsewhere)
    change_site(site)
    refused = herald("--to", to, site=site, check=False)
    assert refused.returncode == 1
    assert refused.stderr.splitlines()[-1] == (f'error: publish failed at "check the plan": publishing would replace 1 file on {target if kind == "folder" else "rsync:" + str(target)} '
                                               "that Herald did not publish: news; check the plan with --dry-run, then give --force")
    assert os.listdir(elsewhere) == ["keep.txt"] and (target / "news").is_symlink()
    forced = herald("--to", to, "--force", site=site)
    assert forced.returncode == 0
    assert os.listdir(elsewhere) == ["keep.txt"] and (elsewhere / "keep.txt").read_text() == "outside the target", \
        "nothing is written, linked or deleted outside the target"
    assert not (target / "news").is_symlink() and (target / "news").is_dir()
    assert tree(target) == tree(site / "site-output")


# --- publish checks first -------------------------------------------------------------------------


def test_publish_refuses_a_site_check_rejects_unless_told(tmp_path):
    site = make_site(tmp_path)
    (site / "content" / "news" / "2026-11-20-broken-link.md").write_text(
        "---\ntitle: A broken link\ndate: 2026-11-20T10:00:00+08:00\n---\nSee [the rules](/no/such/page/).\n", encoding="utf-8")
    target = tmp_path / "www"
    refused = herald("--to", str(target), site=site, check=False)
    assert refused.returncode == 1, refused.stdout
    assert "content/news/2026-11-20-broken-link.md:5: links to /no/such/page/" in refused.stderr, refused.stderr
    assert "herald check found 1 error, so nothing was published; fix it, or publish anyway with --no-check" in refused.stderr, refused.stderr
    assert not target.exists(), "nothing may be published"
    published = herald("--to", str(target), "--no-check", site=site)
    assert (target / "index.html").is_file(), published.stdout
