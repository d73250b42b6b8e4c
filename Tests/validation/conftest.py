"""Builds the sites whose output the validation tests check, once per test session."""
import contextlib
import fcntl
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
STANDARDS = REPO.parent / "shared" / "standards"
NOW = "2026-11-21T12:00:00+08:00"
# The example site (the repository itself) and fixture sites full of awkward and hostile content.
SITES = {
    "example": REPO,
    "basic": REPO / "Tests" / "Fixtures" / "sites" / "basic",
    "awkward": REPO / "Tests" / "Fixtures" / "sites" / "awkward",
    "hostile": REPO / "Tests" / "Fixtures" / "sites" / "hostile",
    "bilingual": REPO / "Tests" / "Fixtures" / "sites" / "bilingual",
    "structure": REPO / "Tests" / "Fixtures" / "sites" / "structure",
}
# The folders other languages' pages are in, by site: their pages are checked as the default's are.
LANGUAGE_FOLDERS = {"example": ["en"], "bilingual": ["en"], "structure": ["zh"]}


def without_language_folder(site, relative):
    """An output path as the default language's: `en/news/a/index.html` → `news/a/index.html`."""
    for folder in LANGUAGE_FOLDERS.get(site, []):
        if relative.startswith(folder + "/"):
            return relative[len(folder) + 1:]
    return relative


def herald_binary():
    # HERALD names another binary (CI gives the release build); a relative name is the repository's.
    binary = REPO / os.environ.get("HERALD", pathlib.Path(".build") / "debug" / "herald")
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `swift build --product herald` (make test does)")
    return binary


def pytest_configure(config):
    # make test runs the suite on every core with pytest-xdist (`--dist loadgroup`, see
    # scripts/run-tests.sh): tests marked with one group run in one worker, in order, so that the
    # module fixture they share (a 1,500-item site, a browser) is made once. Registered here too, so
    # that a run without xdist does not warn of an unknown mark.
    config.addinivalue_line("markers", "xdist_group(name): run these tests in one pytest-xdist worker, one after another")


def build_sites(root):
    """Builds every site of SITES into root/<name>; returns name → output folder."""
    outputs = {}
    for name, source in SITES.items():
        out = root / name
        result = subprocess.run([str(herald_binary()), "build", "--source", str(source), "--output", str(out), "--now", NOW, "--quiet"],
                                capture_output=True, text=True)
        assert result.returncode == 0, f"building {name} failed:\n{result.stderr}"
        outputs[name] = out
    return outputs


@pytest.fixture(scope="session")
def built_sites(tmp_path_factory):
    """The sites' outputs, built once per run. The tests only read them. Under pytest-xdist every
    worker is a session of its own, so the first worker to need them builds them, under a lock,
    into the run's own temporary folder (pytest-N/, the parent of the workers' popen-gwN/), and
    the others wait for it and read the same outputs: one build of the five sites, not one per
    worker. pytest keeps that folder with the run's others and removes it as it does old runs'."""
    if not STANDARDS.is_dir():
        pytest.fail(f"the standards checkers are missing: expected {STANDARDS} (../shared beside the repository)")
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        root = pathlib.Path(tempfile.mkdtemp(prefix="herald-validation-"))
        yield build_sites(root)
        shutil.rmtree(root, ignore_errors=True)
        return
    run_folder = tmp_path_factory.getbasetemp().parent
    root = run_folder / "built-sites"
    with open(run_folder / "built-sites.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / ".complete").exists():
            # A worker whose build failed left no .complete: the next one tries again, and fails the same way.
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir()
            build_sites(root)
            (root / ".complete").touch()
        fcntl.flock(lock, fcntl.LOCK_UN)
    yield {name: root / name for name in SITES}


def files(out, pattern):
    found = sorted(out.rglob(pattern))
    assert found, f"no {pattern} in {out}"
    return found


@contextlib.contextmanager
def far_victim_held():
    """/tmp/herald-victim, which the confinement tests check that nothing writes, for one case at a
    time: with the suite on several workers (xdist), one worker's case would otherwise clear or see
    what another's wrote there, and a write outside the output could go unseen or be blamed on the
    wrong case."""
    with open("/tmp/herald-victim.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
