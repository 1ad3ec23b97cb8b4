# shelf: `make help` lists the targets. Everything builds with the Swift toolchain alone.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/shelf
DEBUG_BIN = .build/debug/shelf
RELIABILITY = .build/debug/shelf-reliability
SUITE ?= ../shared/data/JSONTestSuite/test_parsing

.PHONY: help build release test check-reliability demo conformance install uninstall clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 20

build: ## debug build
	$(SWIFT) build

release: ## static release build (starts in about a millisecond)
	$(SWIFT) build $(RELEASE_FLAGS) --product shelf

test: ## build and run every test, then the quick reliability battery (about 3 minutes)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(RELIABILITY) --quick $(if $(SEED),--seed $(SEED)) $(DEBUG_BIN)

check-reliability: build ## the whole reliability battery: docs/reliability.md (SEED=n replays a run)
	$(RELIABILITY) $(if $(SEED),--seed $(SEED)) $(DEBUG_BIN)

demo: build ## save, retrieve and list under a throwaway XDG home
	@sh scripts/demo.sh $(DEBUG_BIN)

conformance: build ## optional: the JSON validator against JSONTestSuite (SUITE=folder of y_/n_/i_ files)
	@sh scripts/conformance.sh $(DEBUG_BIN) $(SUITE)

install: release ## install binary, man page and completions under PREFIX
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/shelf

uninstall: ## remove what install put under PREFIX
	rm -f $(DESTDIR)$(PREFIX)/bin/shelf

clean: ## remove build products
	rm -rf .build
