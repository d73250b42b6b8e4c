"""Output is deterministic: the same site built twice, by two `herald build` processes, is the same
byte for byte. Two processes, because Swift seeds its hashing anew in each one: dictionary and set
orders differ between them, so an output that depends on such an order differs too (one process
building twice would see the same order both times)."""
import os
import subprocess

from conftest import NOW, REPO, herald_binary

SITES = [REPO, REPO / "Tests" / "Fixtures" / "sites" / "hugo-style", REPO / "Tests" / "Fixtures" / "sites" / "awkward"]


def build(site, output, seed):
    environment = dict(os.environ)
    environment.pop("SWIFT_DETERMINISTIC_HASHING", None)
    environment["HERALD_TEST_RUN"] = str(seed)  # only to make the two environments differ
    result = subprocess.run([str(herald_binary()), "build", "--source", str(site), "--output", str(output), "--now", NOW, "--quiet", "--force"],
                            capture_output=True, text=True, env=environment, timeout=300)
    assert result.returncode == 0, result.stderr
    return {str(p.relative_to(output)): p.read_bytes() for p in sorted(output.rglob("*")) if p.is_file()}


def test_two_processes_build_the_same_bytes(tmp_path):
    for index, site in enumerate(SITES):
        first = build(site, tmp_path / f"first-{index}", 1)
        second = build(site, tmp_path / f"second-{index}", 2)
        assert first.keys() == second.keys(), f"{site.name}: the two builds wrote different files"
        differing = [path for path in first if first[path] != second[path]]
        assert not differing, f"{site.name}: files differ between two builds: {differing[:10]}"
        assert len(first) > 20, f"{site.name}: too few files to compare ({len(first)})"
