# Herald: `make site` builds the example site, `make test` runs every test.
SWIFT ?= swift
NOW ?= 2026-11-21T12:00:00+08:00
HERALD_RELEASE = .build/release/herald
# SwiftPM's build folders, by their real paths: CI links them to folders kept between runs
# (.ci/run), and SwiftPM must be given the folder itself, not the link (it names every file it
# makes by that path, so a link from each new clone would make each build start from nothing).
SCRATCH := $(shell readlink -f .build)
SCRATCH_TSAN := $(shell readlink -f .build-tsan)

.PHONY: setup setup-dist build site test test-tsan lint format dist test-dist fuzz golden emoji-table clean

## Install what is missing (libcmark-dev, pkg-config).
setup:
	@bash scripts/setup.sh

## Build the herald command (release), with Swift's standard library and Foundation linked in:
## calls into them are then direct, which made a build of the 10,000-item benchmark 11% faster
## (1.76 -> 1.56 s) and start-up instant; the binary needs only Debian's libraries (ldd).
build: setup
	$(SWIFT) build --scratch-path $(SCRATCH) -c release --product herald --static-swift-stdlib

## Build herald, then the example site (this folder) into site-output/.
site: build
	$(HERALD_RELEASE) build --now $(NOW)

## Run every test: unit, golden files, CommonMark spec, command line, and the validation of
## every feed, sitemap and JSON document against the standards' schemas (Tests/validation).
test:
	@bash scripts/setup.sh --test
	$(SWIFT) build --scratch-path $(SCRATCH) --product herald
	bash scripts/run-tests.sh

## Check that every Swift file is as `swift format` (shipped with the toolchain) writes it, by the
## rules in .swift-format: 4 spaces, lines of at most 120 columns where the formatter can break them
## (long string literals stay whole). `make format` rewrites the files in place.
SWIFT_FILES = Package.swift Sources Tests Plugins fuzz
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

## Install what making and testing the packages needs: dpkg-dev (dpkg-shlibdeps), binutils (strip),
## debootstrap (the clean Debian 12 of make test-dist) and lintian.
setup-dist: setup
	@bash scripts/setup.sh --dist

## Make the packages for machines without Swift, from one static, stripped release build:
## dist/herald_<VERSION>_amd64.deb and dist/herald-<VERSION>-linux-x86_64.tar.gz (scripts/dist/).
dist: setup-dist
	bash scripts/dist/make-dist.sh

## Check the .deb with lintian, install it with apt into a clean Debian 12 (debootstrap) and
## build and check a new site there, with no Swift on the system. Needs root. About 1 minute cold
## (debootstrap and apt download), 20 s warm. The base and the downloads are cached per user, outside
## the clone (${XDG_CACHE_HOME:-~/.cache}/herald/dist-test/, or HERALD_DIST_CACHE), so a fresh clone
## (CI's) finds them warm; see scripts/dist/test-dist.sh.
test-dist: dist
	bash scripts/dist/test-dist.sh

## Run the Swift tests under the thread sanitizer (its own build folder, .build-tsan/). Its
## reports are written to .build-tsan/reports/ and printed again at the end, so that the last
## lines of a failed run (all a CI summary may show) name the race. A run whose only fault is a
## known crash of the sanitizer's runtime at a thread's exit is run once more (scripts/run-tsan.sh
## says which crash, and why it is not ours). The sanitizer's shadow memory
## and libvips' code generator (ORC, which maps each piece of code it makes) together can pass
## Linux's default 65,530 mappings in one long test process; ORC then crashed on a failed mapping
## (SEGV in orc_code_allocate_codemem, once in CI), so the limit is raised where the system lets it.
test-tsan: setup
	@[ "$$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 0)" -ge 262144 ] || sysctl -qw vm.max_map_count=262144 2>/dev/null || true
	@bash scripts/run-tsan.sh $(SCRATCH_TSAN) "$(SWIFT)"

## Fuzz the parsers with libFuzzer, ten minutes per target (see fuzz/run.sh).
fuzz: setup
	bash fuzz/run.sh

## Rewrite the golden files after an intended change of output (review the diff!). A rewrite is
## reported as a test issue, so that it never passes for a check; with CI set it is refused.
golden: setup
	-UPDATE_GOLDEN=1 $(SWIFT) test --scratch-path $(SCRATCH) --filter 'GoldenSiteTests|ImportGoldenTests'
	@echo "Golden files rewritten: review git diff Tests/Fixtures/golden, then run make test."

## Write the emoji shortcodes' table (Sources/Herald/Parse/EmojiTable.swift) again from the
## installed Python package emoji (Debian's python3-emoji); make test checks it matches.
emoji-table: setup
	@bash scripts/setup.sh --test
	/usr/bin/python3 scripts/generate-emoji-table.py

clean:
	rm -rf .build site-output dist
