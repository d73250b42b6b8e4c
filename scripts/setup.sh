#!/usr/bin/env bash
# Installs what building Herald needs beyond Swift, if it is missing: Debian's libcmark-dev (the
# Markdown library), libvips-dev (the image library), libre2-dev (RE2, the linear-time regular
# expressions `herald import` matches Hugo's ignoreFiles with), libmimalloc-dev (mimalloc, the
# release binary's memory allocator), python3-pygments (Pygments, which
# highlights fenced code at build time, run by Debian's /usr/bin/python3), the Noto CJK and colour emoji fonts (social
# cards), publicsuffix (the list of top-level domains herald check reads, optional at run time) and pkg-config (which SwiftPM uses to find it). With --test, also what the
# output validation tests use: vips (the photos of the fault tests' corpus), jing (Atom's RELAX NG schema), xmllint (the sitemap's XSD), and the
# Python packages pytest, pytest-xdist (which runs the suite on every core), jsonschema (with its URI and date-time format checkers), feedparser,
# icalendar (under ../shared/standards/ics_check.py), Debian's python3-emoji (the emoji table's source) and python-dateutil (expands RRULEs); and what
# the `herald publish` tests publish with: git, rsync, the AWS command-line client (awscli) and
# moto's S3 server (with boto3, to read the bucket back); and for the browser test, Debian's
# chromium and chromium-driver, driven by Selenium; check-jsonschema (GitHub's and GitLab's CI
# schemas, for the workflows `herald new site --ci` writes). With --dist, what `make dist` and
# `make test-dist` use: dpkg-dev (dpkg-shlibdeps), binutils (strip), debootstrap
# and lintian (Debian's checker of packages).
set -euo pipefail
missing=()
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
pkg-config --exists vips 2>/dev/null || missing+=(libvips-dev)
pkg-config --exists re2 2>/dev/null || missing+=(libre2-dev)
# mimalloc, the release binary's allocator (Package.swift says why); it has no pkg-config file.
[ -e /usr/include/mimalloc.h ] || missing+=(libmimalloc-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
# Debian's interpreter, not a python3 on PATH: Herald runs /usr/bin/python3 (see PygmentsProcess).
/usr/bin/python3 -I -c 'import pygments' 2>/dev/null || missing+=(python3-pygments)
# The social cards' fonts: Chinese, Japanese, Korean and Latin, and the categories' emoji icons.
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc ] || missing+=(fonts-noto-cjk)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
command -v diff >/dev/null || missing+=(diffutils)
# The public suffix list: herald check names the web address a link without https:// meant.
[ -e /usr/share/publicsuffix/public_suffix_list.dat ] || missing+=(publicsuffix)
if [ "${1:-}" = "--test" ]; then
  command -v jing >/dev/null || missing+=(jing)
  command -v vips >/dev/null || missing+=(libvips-tools)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
  command -v python3 >/dev/null || missing+=(python3 python3-pip)
  command -v git >/dev/null || missing+=(git)
  command -v rsync >/dev/null || missing+=(rsync)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  # The emoji table's source (scripts/generate-emoji-table.py), whose output the tests compare.
  /usr/bin/python3 -I -c 'import emoji' 2>/dev/null || missing+=(python3-emoji)
fi
if [ "${1:-}" = "--dist" ]; then
  command -v dpkg-shlibdeps >/dev/null || missing+=(dpkg-dev)
  command -v strip >/dev/null || missing+=(binutils)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v lintian >/dev/null || missing+=(lintian)
  command -v unshare >/dev/null || missing+=(util-linux)
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${missing[*]} ..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ "${1:-}" = "--test" ]; then
  python3 - <<'PY' 2>/dev/null || python3 -m pip install -q pytest pytest-xdist jsonschema referencing rfc3987 rfc3339-validator feedparser icalendar python-dateutil awscli "moto[server]>=5" boto3 html5lib selenium check-jsonschema pyyaml
import pytest, xdist, jsonschema, referencing, rfc3987, rfc3339_validator, feedparser, icalendar, dateutil, awscli, boto3, html5lib, selenium, check_jsonschema, yaml
from moto.server import ThreadedMotoServer
assert hasattr(ThreadedMotoServer, "get_host_and_port")  # moto 5: the server names the port it bound
PY
  command -v aws >/dev/null || { echo "aws (from PyPI's awscli) is not on PATH after installing it" >&2; exit 1; }
fi
command -v swift >/dev/null || { echo "Swift is not installed: see https://www.swift.org/install/linux/" >&2; exit 1; }
