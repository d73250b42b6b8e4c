"""Builds the sites whose output the validation tests check, once per test session."""
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
}
# The folders other languages' pages are in, by site: their pages are checked as the default's are.
LANGUAGE_FOLDERS = {"example": ["en"], "bilingual": ["en"]}


def without_language_folder(site, relative):
    """An output path as the default language's: `en/news/a/index.html` → `news/a/index.html`."""
    for folder in LANGUAGE_FOLDERS.get(site, []):
        if relative.startswith(folder + "/"):
            return relative[len(folder) + 1:]
    return relative


def herald_binary():
    binary = pathlib.Path(os.environ.get("HERALD", REPO / ".build" / "debug" / "herald"))
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `swift build --product herald` (make test does)")
    return binary


@pytest.fixture(scope="session")
def built_sites():
    if not STANDARDS.is_dir():
        pytest.fail(f"the standards checkers are missing: expected {STANDARDS} (../shared beside the repository)")
    root = pathlib.Path(tempfile.mkdtemp(prefix="herald-validation-"))
    outputs = {}
    for name, source in SITES.items():
        out = root / name
        result = subprocess.run([str(herald_binary()), "build", "--source", str(source), "--output", str(out), "--now", NOW, "--quiet"],
                                capture_output=True, text=True)
        assert result.returncode == 0, f"building {name} failed:\n{result.stderr}"
        outputs[name] = out
    yield outputs
    shutil.rmtree(root, ignore_errors=True)


def files(out, pattern):
    found = sorted(out.rglob(pattern))
    assert found, f"no {pattern} in {out}"
    return found
