"""What a new user meets in the first hour, with the real `herald`: a new site under git stays clean
(`git status` shows nothing) after `herald build`, `herald serve` and `herald publish`, because the
starter `.gitignore` covers everything herald writes in the site folder; herald refuses to run
where it cannot read its command line; and it starts without loading the image library."""
import queue
import re
import subprocess
import threading
import time

from conftest import NOW, REPO, herald_binary


def run(*arguments, cwd):
    result = subprocess.run([str(herald_binary()), *arguments], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"herald {' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}"
    return result


def git(*arguments, cwd):
    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *arguments], cwd=cwd,
                          capture_output=True, text=True, check=True).stdout


def serve_until_built(site):
    """Runs `herald serve` until it says where it serves (its first build is done), then stops it."""
    process = subprocess.Popen([str(herald_binary()), "serve", "--source", str(site), "--port", "0", "--now", NOW],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    deadline = time.time() + 120
    served = False
    while time.time() < deadline and not served:
        try:
            served = re.match(r"Serving http://", lines.get(timeout=1)) is not None
        except queue.Empty:
            assert process.poll() is None, "herald serve exited early"
    process.terminate()
    process.wait(timeout=30)
    assert served, "herald serve did not say where it serves"


def test_git_status_stays_clean_after_build_serve_and_publish(tmp_path):
    run("new", "site", "demo", cwd=tmp_path)
    site = tmp_path / "demo"
    git("init", "-q", cwd=site)
    git("add", "-A", cwd=site)
    git("commit", "-q", "-m", "starter", cwd=site)
    run("build", "--now", NOW, cwd=site)
    run("build", "--now", NOW, cwd=site)  # a second build reads and rewrites the record beside the output
    serve_until_built(site)
    run("publish", "--now", NOW, "--to", str(tmp_path / "published"), cwd=site)
    status = git("status", "--porcelain", "--ignored=no", cwd=site)
    assert status == "", f"herald left files git sees in the site folder:\n{status}"
    # Everything herald wrote is there, only ignored.
    ignored = git("status", "--porcelain", "--ignored", cwd=site)
    assert "!! .site-output.herald-cache.json" in ignored and "!! .site-output.herald-cache.paths" in ignored, ignored
    assert "!! site-output/" in ignored, ignored


def test_without_proc_herald_refuses_instead_of_building(tmp_path):
    """Swift reads its arguments from /proc/self/cmdline on Linux: in a chroot without /proc every
    command line looked empty, and `herald new site demo` ran `herald build` here instead. Run
    with an empty /proc (a private mount namespace; CI runs as root, as make test-dist needs)."""
    script = f"mount -t tmpfs none /proc && cd '{tmp_path}' && exec '{herald_binary()}' new site demo"
    result = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "herald cannot read its command line: /proc is not mounted here" in result.stderr
    assert list(tmp_path.iterdir()) == [], "nothing is written"
    # With /proc, the same command does what it says.
    assert run("new", "site", "demo", cwd=tmp_path).returncode == 0 and (tmp_path / "demo" / "site.yml").exists()


def loaded_libraries(*arguments, cwd):
    """The shared libraries herald loads for a command, as the dynamic loader reports them."""
    result = subprocess.run([str(herald_binary()), *arguments], cwd=cwd, capture_output=True, text=True,
                            timeout=300, env={"LD_DEBUG": "files", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stdout + result.stderr
    return set(re.findall(r"file=(\S+) \[0\];", result.stderr))


def test_libvips_is_loaded_only_to_make_an_image(tmp_path):
    """libvips brings 105 shared libraries with it, 33 ms of mapping and relocating at every start:
    `herald --version` never loads it, a build that makes images (a cover's sizes, social cards)
    does, and the rebuild that finds nothing changed does not."""
    assert not any("vips" in name for name in loaded_libraries("--version", cwd=tmp_path))
    site = tmp_path / "site"
    (site / "content" / "news").mkdir(parents=True)
    (site / "static" / "images").mkdir(parents=True)
    (site / "site.yml").write_text("title: T\nbaseURL: https://example.org/\n")
    (site / "static" / "images" / "icon.png").write_bytes((REPO / "Tests" / "Fixtures" / "images" / "icon.png").read_bytes())
    (site / "content" / "news" / "2026-11-01-a.md").write_text("---\ntitle: A\nimage: /images/icon.png\n---\nText.\n")
    build = ["build", "--source", str(site), "--output", str(tmp_path / "out"), "--now", NOW]
    assert "/lib/x86_64-linux-gnu/libvips.so.42" in loaded_libraries(*build, cwd=tmp_path)
    assert list((tmp_path / "out" / "social").rglob("*.jpg")), "its social cards were drawn"
    assert not any("vips" in name for name in loaded_libraries(*build, cwd=tmp_path))
