#!/usr/bin/env bash
# What every benchmark does first: installs the Debian packages it needs whose command is missing
# (COMMAND=PACKAGE pairs), runs Herald's setup, and builds herald in release mode as `make build`
# builds it (.build/release/herald).
#   bash bench/prepare.sh [--test] hugo=hugo /usr/bin/time=time cmark=cmark
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
setup=()
[ "${1:-}" = "--test" ] && { setup=(--test); shift; }
missing=()
for pair in "$@"; do
  command=${pair%%=*}
  command -v "$command" >/dev/null || [ -x "$command" ] || missing+=("${pair#*=}")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash "$repo/scripts/setup.sh" "${setup[@]}"
(cd "$repo" && swift build -c release --product herald --static-swift-stdlib >/dev/null)
