"""Faults while writing the output: a killed build, a full disk, a read-only or forbidden folder.

In every case the output folder must hold either the complete previous site or the complete new
one, byte for byte, and a build that could not finish must say why and exit non-zero.

The full-disk and read-only cases mount a small tmpfs and a read-only bind mount, which needs
root (CI runs as root); the forbidden-folder case runs herald as the `nobody` user.
"""
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from conftest import NOW, REPO, herald_binary
from test_bad_input import snapshot

MAKE_CORPUS = REPO.parent / "shared" / "bench" / "make_corpus.py"
# Without social cards: drawing 1,500 of them would make the first builds a minute longer, and
# they are kept and written like every processed image, which the corpus's photos already are.
SITE_YML = "title: Kill test\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nsocialCards: false\n"


def build(site, output, **kwargs):
    return subprocess.run([str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--quiet"],
                          capture_output=True, text=True, **kwargs)


def without_staging(folder):
    return sorted(p.name for p in folder.parent.iterdir() if ".tmp-herald-" in p.name)


# The tests that share the 1,500-item sites of `two_versions` (a minute to make) run in one
# pytest-xdist worker (`--dist loadgroup`, scripts/run-tests.sh), so that only one worker makes them.
ONE_WORKER = pytest.mark.xdist_group("faults-two-versions")


@pytest.fixture(scope="module")
def two_versions(tmp_path_factory):
    """A 1,500-item site, and the same site after an edit and a new article, with their outputs."""
    root = tmp_path_factory.mktemp("kill")
    old = root / "old"
    subprocess.run([sys.executable, str(MAKE_CORPUS), "--out", str(old), "--items", "1500"], check=True, stdout=subprocess.DEVNULL)
    # The photos its covers name, small: Herald reads every cover, and a missing one does not build.
    subprocess.run([sys.executable, str(REPO / "bench" / "corpus_photos.py"), str(old), "--width", "480", "--height", "320"], check=True)
    (old / "site.yml").write_text(SITE_YML)
    new = root / "new"
    shutil.copytree(old, new)
    article = sorted((new / "content" / "news").rglob("*.md"))[0]
    article.write_text(article.read_text().replace("title: ", "title: Edited ", 1))
    (new / "content" / "news" / "2026-11-20-late-news.md").write_text("---\ntitle: Late news\ndate: 2026-11-20\n---\nJust in.\n")
    snapshots = {}
    for name, site in (("old", old), ("new", new)):
        result = build(site, root / f"reference-{name}")
        assert result.returncode == 0, result.stderr
        snapshots[name] = snapshot(root / f"reference-{name}")
    assert snapshots["old"] != snapshots["new"]
    return root, {"old": old, "new": new}, snapshots


@ONE_WORKER
def test_a_build_killed_at_any_moment_leaves_the_old_site_or_the_new_one(two_versions):
    """Kills at moments spread over builds, which land wherever the machine's speed puts them."""
    root, sites, snapshots = two_versions
    output = root / "output"
    assert build(sites["old"], output).returncode == 0
    # How long a build takes here in the situation the kills create: over a previous output (it
    # compares files with the old ones), just after a killed build (it first removes the staging
    # folder that one left). Timed rather than guessed, so the kills land before, during and
    # after builds alike.
    interrupted = subprocess.Popen([str(herald_binary()), "build", "--source", str(sites["new"]), "--output", str(output),
                                    "--now", NOW, "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    interrupted.kill()
    interrupted.wait()
    began = time.monotonic()
    assert build(sites["new"], output).returncode == 0
    seconds = time.monotonic() - began
    # And the other way: the two directions differ (making the folders of one site over the
    # other's output took 0.06 s one way and 0.5 s the other, measured), and the kills alternate
    # between them, so the longer is the build they are spread over.
    began = time.monotonic()
    assert build(sites["old"], output).returncode == 0
    seconds = max(seconds, time.monotonic() - began)
    state = "old"
    killed = completed = 0
    # Kills spread from the start of a build to 2.5 times its length, each building the version the
    # folder does not hold yet.
    attempts = 24
    for attempt in range(attempts):
        delay = attempt * 2.5 * seconds / (attempts - 1)
        target = "new" if state == "old" else "old"
        process = subprocess.Popen([str(herald_binary()), "build", "--source", str(sites[target]), "--output", str(output),
                                    "--now", NOW, "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # The kill comes `delay` after the start, unless the build ended before: then it has
        # completed, as it would have with the kill sent to the ended process, without the wait
        # for the rest of the delay (up to 1.5 times a build, which once made up a third of this test).
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        if process.returncode == -signal.SIGKILL:
            killed += 1
        else:
            assert process.returncode == 0
            completed += 1
        now = snapshot(output)
        assert now in (snapshots["old"], snapshots["new"]), f"after a kill at {delay:.2f} s the output is neither site"
        state = "old" if now == snapshots["old"] else "new"
    assert killed >= 5 and completed >= 3, f"{killed} kills landed during a build and {completed} builds finished"
    # The next build clears what killed builds left beside the output, and succeeds.
    result = build(sites["new"], output)
    assert result.returncode == 0, result.stderr
    assert snapshot(output) == snapshots["new"]
    assert without_staging(output) == []


def kill_points(site, output):
    """Every moment herald can be stopped at (`HERALD_TEST_KILL_AT`): the start of each build step,
    as `--timings` names them, then part-way through staging and each moment of the swap."""
    timed = subprocess.run([str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--timings"],
                           capture_output=True, text=True, check=True).stdout
    steps = [line.split("  ")[-1] for line in timed.splitlines() if line.startswith("   ") and " ms " in line and not line.split("ms")[-1].startswith("    ")]
    steps = [step.strip() for step in steps if step.strip() not in ("check for changes", "swap output in")]
    assert "parse content" in steps and "render and write pages" in steps, timed
    return [f"step:{step}" for step in steps] + ["staged:1", "staged:half", "before-swap", "after-swap", "after-marker", "after-record"]


@ONE_WORKER
def test_a_build_killed_at_each_named_moment_leaves_the_old_site_or_the_new_one(two_versions):
    """The same kills on every run: herald stops itself (SIGKILL) at each named moment. Up to the
    swap the folder holds the site it held; from the swap on, the new one."""
    root, sites, snapshots = two_versions
    output = root / "named-kills"
    points = kill_points(sites["old"], output)
    assert snapshot(output) == snapshots["old"]
    state = "old"
    for point in points:
        target = "new" if state == "old" else "old"
        environment = dict(os.environ, HERALD_TEST_KILL_AT=point)
        killed = build(sites[target], output, env=environment)
        assert killed.returncode == -signal.SIGKILL, f"{point}: herald was not stopped there ({killed.returncode}: {killed.stderr})"
        swapped = point in ("after-swap", "after-marker", "after-record")
        expected = target if swapped else state
        assert snapshot(output) == snapshots[expected], f"killed at {point}: the output is not the {expected} site"
        state = expected
    # The next build clears what killed builds left beside the output, and succeeds.
    result = build(sites["new"] if state == "old" else sites["old"], output)
    assert result.returncode == 0, result.stderr
    assert snapshot(output) == snapshots["new" if state == "old" else "old"]
    assert without_staging(output) == []


@pytest.fixture
def mount_point(tmp_path):
    folder = tmp_path / "mounted"
    folder.mkdir()
    yield folder
    subprocess.run(["umount", str(folder)], capture_output=True)


def mount(*arguments):
    result = subprocess.run(["mount", *arguments], capture_output=True, text=True)
    assert result.returncode == 0, f"mount {' '.join(arguments)} failed (these tests need root): {result.stderr}"


def big_site(folder):
    """The bad-input suite's good site with a 2 MB article: some 10 MB of pages and feeds."""
    shutil.copytree(REPO / "Tests" / "Fixtures" / "bad" / "base", folder)
    paragraph = "A long report on every society of the union, with its members and budget. 学生会年度报告。\n\n"
    (folder / "content" / "news" / "2026-11-12-report.md").write_text(
        "---\ntitle: The report\ndate: 2026-11-12\n---\n\n" + paragraph * 20000, encoding="utf-8")
    return folder


def test_a_full_disk_is_one_clear_error_and_the_previous_output_stays(tmp_path, mount_point):
    mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount_point))
    output = mount_point / "site"
    assert build(REPO / "Tests" / "Fixtures" / "bad" / "base", output).returncode == 0
    before = snapshot(output)
    result = build(big_site(tmp_path / "big"), output)
    assert result.returncode == 1
    assert result.stderr == (f"error: {output}: could not write the output: the disk is full (No space left on device); "
                             "the previous output was left as it was\n")
    assert snapshot(output) == before
    assert without_staging(output) == [], "the partial new output must be removed, to give the space back"


def test_a_read_only_output_folder_is_one_clear_error(tmp_path, mount_point):
    output = mount_point / "site"
    assert build(REPO / "Tests" / "Fixtures" / "bad" / "base", output).returncode == 0
    before = snapshot(output)
    mount("--bind", str(mount_point), str(mount_point))
    mount("-o", "remount,ro,bind", str(mount_point))
    result = build(REPO / "Tests" / "Fixtures" / "sites" / "basic", output)
    assert result.returncode == 1
    assert result.stderr == f"error: {output}: could not write the output: the file system is read-only; the previous output was left as it was\n"
    assert snapshot(output) == before


def test_an_output_folder_the_user_may_not_write_is_one_clear_error():
    # Under /tmp itself (not pytest's private folder), so that `nobody` can read the site.
    root = pathlib.Path(tempfile.mkdtemp(prefix="herald-forbidden-", dir="/tmp"))
    try:
        root.chmod(0o755)
        site = root / "site"
        shutil.copytree(REPO / "Tests" / "Fixtures" / "bad" / "base", site)
        output = root / "output"
        assert build(site, output).returncode == 0
        before = snapshot(output)
        (site / "content" / "news" / "2026-11-12-new.md").write_text("---\ntitle: New\ndate: 2026-11-12\n---\nNew.\n")
        for path in [root, *root.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        result = subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                 str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--quiet"],
                                capture_output=True, text=True)
        assert result.returncode == 1, result.stderr
        assert result.stderr == f"error: {output}: could not write the output: herald may not write there (Permission denied); the previous output was left as it was\n"
        assert snapshot(output) == before
    finally:
        shutil.rmtree(root)


@ONE_WORKER
@pytest.mark.parametrize("name", ["TERM", "INT", "HUP"])
def test_an_interrupted_build_removes_its_staging_folder_itself(two_versions, name):
    """Ctrl-C (SIGINT), `timeout` and CI runners (SIGTERM) or a closed terminal (SIGHUP) half-way
    through staging: herald removes the staging folder before it ends, without waiting for the
    next build, and ends as an interrupted program does, saying nothing of the writes the removal
    made fail; the previous output is as it was."""
    root, sites, snapshots = two_versions
    output = root / f"interrupted-{name}"
    assert build(sites["old"], output).returncode == 0
    environment = dict(os.environ, HERALD_TEST_KILL_AT="staged:half", HERALD_TEST_KILL_SIGNAL=name)
    interrupted = build(sites["new"], output, env=environment, timeout=120)
    # The shell's status for a program ended by the signal: 128 + its number (130 for Ctrl-C).
    assert interrupted.returncode == 128 + getattr(signal, "SIG" + name), f"{name}: {interrupted.returncode}: {interrupted.stderr}"
    assert interrupted.stderr == "", f"{name}: the clean-up's own failures were told: {interrupted.stderr}"
    assert without_staging(output) == [], f"{name}: the staging folder was left behind"
    assert snapshot(output) == snapshots["old"]
