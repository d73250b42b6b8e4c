#!/usr/bin/env bash
# Installs what building and testing Herald needs beyond Swift itself, if it is missing:
# Debian's libcmark-dev (the Markdown library) and pkg-config (which SwiftPM uses to find it).
set -euo pipefail
missing=()
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v diff >/dev/null || missing+=(diffutils)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${missing[*]} ..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "Swift is not installed: see https://www.swift.org/install/linux/" >&2; exit 1; }
