"""`herald publish` to a folder, git and S3 (moto): first publish, nothing to send, one edit; see publish.sh."""
import argparse
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

NOW = "2026-11-21T12:00:00+08:00"


def timed(command, env=None):
    began = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    summary = [line for line in result.stdout.splitlines() if line.startswith(("Published", "Already published", "Dry run"))]
    return time.monotonic() - began, summary[-1] if summary else ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--shared", required=True)
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--dir", default="/dev/shm/herald-bench")
    parser.add_argument("--targets", default="folder git s3")
    args = parser.parse_args()
    corpus = os.path.join(args.dir, f"corpus-{args.items}")
    if not os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "make_corpus.py"), "--out", corpus, "--items", str(args.items)], check=True)
        # The photos its covers and bodies name: a cover that is not there does not build.
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_photos.py"), corpus], check=True)
    work = tempfile.mkdtemp(prefix="herald-publish-bench-", dir=args.dir)
    env = dict(os.environ, AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench", AWS_DEFAULT_REGION="us-east-1",
               AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
    server = None
    rows = []
    try:
        site = os.path.join(work, "site")
        shutil.copytree(corpus, site)
        # Without social cards, as bench.py builds (drawing 10,000 would be the first build's work).
        with open(os.path.join(site, "site.yml"), "a") as f:
            f.write("\nsocialCards: false\n")
        build = [args.herald, "build", "--source", site, "--now", NOW, "-q"]
        subprocess.run(build + ["--force"], check=True)
        files = sum(len(names) for _, _, names in os.walk(os.path.join(site, "site-output")))
        article = sorted(glob.glob(os.path.join(site, "content", "news", "**", "*.md"), recursive=True))[0]
        for target in args.targets.split():
            extra = []
            if target == "folder":
                address = os.path.join(work, "www")
            elif target == "git":
                address = "git:" + os.path.join(work, "pages.git") + "#gh-pages"
                subprocess.run(["git", "init", "--quiet", "--bare", os.path.join(work, "pages.git")], check=True)
            else:
                from moto.server import ThreadedMotoServer
                import boto3
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", 0))
                    port = probe.getsockname()[1]
                server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
                server.start()
                endpoint = f"http://127.0.0.1:{port}"
                boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="bench", aws_secret_access_key="bench",
                             region_name="us-east-1").create_bucket(Bucket="bench-site")
                address, extra = "s3://bench-site/site", ["--endpoint", endpoint]
            publish = [args.herald, "publish", "--source", site, "--to", address, "--no-build"] + extra
            first, _ = timed(publish, env)
            subprocess.run(build + ["--force"], check=True)  # same bytes, new files
            _, said = timed(publish + ["--dry-run"], env)
            assert "nothing changed" in said, said
            noop, said = timed(publish, env)
            assert said.startswith("Already published"), said
            with open(article, "a", encoding="utf-8") as f:
                f.write("\nOne more sentence.\n")
            subprocess.run(build, check=True)
            edit, said = timed(publish, env)
            rows.append((target, first, noop, edit, said.replace("Published: ", "")))
            # Undo the edit for the next target.
            with open(article, encoding="utf-8") as f:
                text = f.read()
            with open(article, "w", encoding="utf-8") as f:
                f.write(text.replace("\nOne more sentence.\n", ""))
            subprocess.run(build, check=True)
    finally:
        if server:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"\n{args.items:,} items, {files:,} files (release build, {args.dir})\n")
    print("| target | first publish | nothing to send | after one edit | the edit's plan |")
    print("|---|---:|---:|---:|---|")
    for target, first, noop, edit, said in rows:
        print(f"| {target} | {first:.2f} s | {noop:.2f} s | {edit:.2f} s | {said} |")


if __name__ == "__main__":
    main()
