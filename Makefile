# SpringKitSim — the two commands a fresh machine needs are `make run` and `make test`.
SWIFT ?= swift
SIMRUN_RELEASE := .build/release/simrun
SIMRUN_DEBUG := .build/debug/simrun

.PHONY: run test deps test-deps build release check determinism layers studio-tests bench bench-peers bench-suite clean

## make run: install what is missing, build release, run the rubber menu.
run: deps release
	$(SIMRUN_RELEASE) scripts/rubbermenu.lua

## make test: install what is missing, then the layering check, unit tests (the hostile-input battery
## against the debug and release simrun among them), golden checks, the determinism check and the
## studio's server and browser tests. The debug build refuses a target importing what it does not
## declare (docs/architecture.md).
test: test-deps
	$(SWIFT) build --explicit-target-dependency-import-check error
	tools/check-layers
	$(SWIFT) build -c release --product simrun
	SIMRUN_RELEASE=$(CURDIR)/$(SIMRUN_RELEASE) $(SWIFT) test --disable-swift-testing
	$(MAKE) --no-print-directory check determinism studio-tests

deps:
	@tools/install-deps

test-deps:
	@tools/install-deps --test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product simrun

## The engine's layers import only downward (docs/architecture.md).
layers:
	tools/check-layers

## Golden traces of every script in scripts/.
check: release
	$(SIMRUN_RELEASE) check scripts/

## Debug and release builds must write identical trace bytes.
determinism: release
	$(SWIFT) build --product simrun
	tools/compare-builds $(SIMRUN_DEBUG) $(SIMRUN_RELEASE)

## simrun studio: refusals over HTTP, the page in Chromium through Playwright (skipped without them, outside CI).
studio-tests: release
	tools/studio-tests $(SIMRUN_RELEASE)

bench: release
	$(SIMRUN_RELEASE) bench

## Box2D 2.4.1 and Chipmunk 7 on the dynamics benchmark's workload.
bench-peers:
	@tools/install-deps --bench
	bench/peers

## The scene suite, with the peers beside; figures to bench/results/MACHINE.csv.
bench-suite:
	@tools/install-deps --bench
	bench/suite

clean:
	rm -rf .build out
