#!/usr/bin/env bash
# Builds Herald's libFuzzer targets and runs each for a while (default 600 s).
#   bash fuzz/run.sh                      every target, 10 minutes each
#   bash fuzz/run.sh FuzzDates 60         one target, one minute
# Crashes, hangs (over 10 s) and inputs over 2 GB of memory stop the run and leave the input as
# fuzz/artifacts/<target>/crash-…; turn each into a regression test (Tests/HeraldTests/FuzzFindingsTests.swift)
# and add it to fuzz/corpus/<target>/ so every later run starts from it.
set -euo pipefail
cd "$(dirname "$0")"
targets=(FuzzFrontMatter FuzzDates FuzzItemPipeline FuzzMarkupScanner FuzzTemplates FuzzImages FuzzPaths
         FuzzFootnotes FuzzHeadingAttributes FuzzAlerts FuzzFenceOptions)
[ $# -ge 1 ] && targets=("$1")
seconds=${2:-600}

# -enable-testing: FuzzFrontMatter reaches the splitter and YAML reader, which are internal.
for target in "${targets[@]}"; do
  # (ThemeEmbedder, run during the build, is instrumented too.)
  ASAN_OPTIONS=detect_leaks=0 swift build -c release --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld
done

for target in "${targets[@]}"; do
  dict=()
  [ "$target" != FuzzDates ] && dict=(-dict=front-matter.dict)
  [ "$target" = FuzzMarkupScanner ] && dict=(-dict=markup.dict)
  [ "$target" = FuzzTemplates ] && dict=(-dict=mustache.dict)
  [ "$target" = FuzzImages ] && dict=()
  [ "$target" = FuzzPaths ] && dict=(-dict=paths.dict)
  case "$target" in FuzzFootnotes|FuzzHeadingAttributes|FuzzAlerts|FuzzFenceOptions) dict=(-dict=markdown.dict) ;; esac
  mkdir -p "artifacts/$target" "work/$target"
  echo "== $target for ${seconds}s"
  # work/ collects what this run discovers; corpus/ (committed) is read as seeds and left alone.
  # Leak checks are off: the Swift runtime's caches live until exit and are not leaks.
  ASAN_OPTIONS=detect_leaks=0 ".build/release/$target" "work/$target" "corpus/$target" "${dict[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="artifacts/$target/" -print_final_stats=1
done
