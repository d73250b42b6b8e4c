"""The bad-input suite: every case in Tests/Fixtures/bad/cases, built with the real `herald`.

Each case is a few files laid over the known-good site in Tests/Fixtures/bad/base, the way one
editor's mistake lands in a working site. `expect.txt` in the case holds the exit status on its
first line (`exit 1`) and then exactly what `herald build --quiet` must print on standard error.
For a case that must build, `expect-output.txt` lists `path: text` lines its output must contain;
an optional `generate.py` makes files too big to commit.

For every case the test first builds the good site, then the broken one into the same folder:
  - the exit status and the diagnostics are exactly the expected ones;
  - a failed build leaves the previous output byte for byte, with nothing beside it;
  - no case takes more than 512 MB of memory or two minutes (a hang is a failure).
"""
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

import pytest

from conftest import NOW, REPO, far_victim_held, herald_binary

BAD = REPO / "Tests" / "Fixtures" / "bad"
CASES = sorted(p.name for p in (BAD / "cases").iterdir() if p.is_dir())
CASE_FILES = {"expect.txt", "expect-output.txt", "generate.py"}
MEMORY_LIMIT_KB = 512 * 1024


def snapshot(folder):
    """Every file under a folder, path → bytes (symbolic links by their target)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = str(path.relative_to(folder))
        if path.is_symlink():
            found[relative] = ("link", os.readlink(path))
        elif path.is_file():
            found[relative] = path.read_bytes()
        elif path.is_dir():
            found[relative + "/"] = "folder"
    return found


def run_herald(site, output):
    """Runs `herald build` and returns (exit status, standard error, peak memory in kB)."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--quiet"],
            stdout=subprocess.DEVNULL, stderr=errors)
        # A hang is a failure, not a stuck test run.
        timer = threading.Timer(120, process.kill)
        timer.start()
        # wait4 gives this child's own peak memory (ru_maxrss, in kB on Linux).
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        hung = not timer.is_alive()
        timer.cancel()
        assert not hung, "herald build did not finish within two minutes"
        errors.seek(0)
        return process.returncode, errors.read().decode(), usage.ru_maxrss


# Where the url-far-outside case tries to write, from any depth.
FAR_VICTIM = pathlib.Path("/tmp/herald-victim")


def outside(root):
    """Every file under `root` but the site, its output, the good site and the files kept beside the output."""
    return {path: data for path, data in snapshot(root).items()
            if path.split("/")[0] not in ("site", "output", "good") and not path.startswith(".output")}


def beside(output):
    """The files herald keeps beside an output folder (its marker, build record and cache), name → bytes."""
    return {p.name: p.read_bytes() for p in sorted(output.parent.iterdir()) if p.name.startswith("." + output.name) and p.is_file()}


def lay_out(case, root):
    """The good site with the case's files laid over it, ready to build."""
    site = root / "site"
    shutil.copytree(BAD / "base", site, symlinks=True)
    for path in sorted((BAD / "cases" / case).rglob("*")):
        relative = path.relative_to(BAD / "cases" / case)
        if str(relative) in CASE_FILES:
            continue
        target = site / relative
        if path.is_symlink():
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists() or target.is_symlink():
                target.unlink()
            os.symlink(os.readlink(path), target)
        elif path.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    generator = BAD / "cases" / case / "generate.py"
    if generator.exists():
        subprocess.run(["python3", str(generator)], cwd=site, check=True)
    return site


def expectation(case):
    lines = (BAD / "cases" / case / "expect.txt").read_text(encoding="utf-8").split("\n", 1)
    assert lines[0].startswith("exit "), f"{case}/expect.txt must start with `exit N`"
    return int(lines[0].split()[1]), lines[1] if len(lines) > 1 else ""


def test_every_case_says_what_it_expects():
    assert len(CASES) >= 25
    for case in CASES:
        assert (BAD / "cases" / case / "expect.txt").exists(), f"{case} has no expect.txt"


@pytest.mark.parametrize("case", CASES)
def test_bad_input_case(case, tmp_path):
    status_expected, stderr_expected = expectation(case)
    good = tmp_path / "good"
    shutil.copytree(BAD / "base", good, symlinks=True)
    output = tmp_path / "output"
    status, stderr, _ = run_herald(good, output)
    assert status == 0, f"the good site does not build:\n{stderr}"
    before = snapshot(output)
    before_beside = beside(output)
    assert before_beside, "the good build left no record beside its output"

    site = lay_out(case, tmp_path)
    # What lies outside the site and its output (cases try to write beside them, and in /tmp).
    outside_before = outside(tmp_path)
    with far_victim_held():
        shutil.rmtree(FAR_VICTIM, ignore_errors=True)
        status, stderr, peak = run_herald(site, output)
        assert not FAR_VICTIM.exists(), f"{case}: herald wrote {FAR_VICTIM}"
    assert outside(tmp_path) == outside_before, f"{case}: herald wrote outside its output folder"
    assert stderr == stderr_expected, f"{case}: standard error differs"
    assert status == status_expected, f"{case}: exit status {status}, expected {status_expected}"
    assert peak < MEMORY_LIMIT_KB, f"{case}: herald took {peak // 1024} MB"
    # Beside the output stay only its record and cache (.output.herald*), never a staging folder.
    leftovers = sorted(p.name for p in tmp_path.iterdir() if ".tmp-herald-" in p.name)
    assert leftovers == [], f"{case}: left {leftovers} beside the output"

    expected_output = BAD / "cases" / case / "expect-output.txt"
    if status != 0:
        assert snapshot(output) == before, f"{case}: a failed build changed the previous output"
        # The record and cache beside it too: a failed build must not leave a record of itself.
        assert beside(output) == before_beside, f"{case}: a failed build changed the files beside the output"
    else:
        assert expected_output.exists(), f"{case} builds, so it must say what its output holds (expect-output.txt)"
        for line in expected_output.read_text(encoding="utf-8").splitlines():
            path, text = line.split(": ", 1)
            page = output / path
            assert page.exists(), f"{case}: {path} was not written"
            assert text in page.read_text(encoding="utf-8"), f"{case}: {path} does not contain {text!r}"


# The import's bad input: Tests/Fixtures/bad/import/<case>/ holds `old/` (the old site), `expect.txt`
# (`exit N`, then exactly what `herald import --quiet` prints on standard error), an optional
# `kind.txt` (hugo or jekyll, given before the site), an optional `into/` (the --into folder as it is
# before the import) and, for a case that imports, `expect-report.txt`: lines its report must hold.
# For every case: the old site is byte for byte as it was; a refused import leaves --into as it
# was; an import that goes through gives a site `herald build` builds with exit status 0.
IMPORT_CASES = sorted(p.name for p in (BAD / "import").iterdir() if p.is_dir())


@pytest.mark.parametrize("case", IMPORT_CASES)
def test_bad_import_case(case, tmp_path):
    folder = BAD / "import" / case
    old = tmp_path / "old"
    shutil.copytree(folder / "old", old, symlinks=True)
    into = tmp_path / "new"
    if (folder / "into").exists():
        shutil.copytree(folder / "into", into)
    kind = (folder / "kind.txt").read_text().split() if (folder / "kind.txt").exists() else []
    before_old, before_into = snapshot(old), snapshot(into) if into.exists() else None
    process = subprocess.run([str(herald_binary()), "import", *kind, str(old), "--into", str(into), "--now", NOW, "--quiet"],
                             capture_output=True, text=True, timeout=120)
    lines = (folder / "expect.txt").read_text(encoding="utf-8").split("\n", 1)
    status_expected, stderr_expected = int(lines[0].split()[1]), lines[1] if len(lines) > 1 else ""
    stderr = process.stderr.replace(str(tmp_path) + "/", "")
    assert stderr == stderr_expected, f"{case}: standard error differs"
    assert process.returncode == status_expected, f"{case}: exit status {process.returncode}\n{process.stdout}"
    assert snapshot(old) == before_old, f"{case}: the old site was changed"
    if status_expected != 0:
        after = snapshot(into) if into.exists() else None
        assert after == before_into, f"{case}: a refused import changed --into"
        return
    report = (into / "import-report.txt").read_text(encoding="utf-8")
    for line in (folder / "expect-report.txt").read_text(encoding="utf-8").splitlines():
        assert line in report.splitlines(), f"{case}: the report lacks {line!r}:\n{report}"
        # The printed summary (--quiet) holds the files not converted; every note is in the file.
    build = subprocess.run([str(herald_binary()), "build", "--source", str(into), "--now", NOW, "--quiet"], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, f"{case}: the imported site does not build:\n{build.stderr}"
