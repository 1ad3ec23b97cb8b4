# shelf: `make help` lists the targets. Everything builds with the Swift toolchain alone.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/shelf
DEBUG_BIN = .build/debug/shelf
SUITE ?= ../shared/data/JSONTestSuite/test_parsing

.PHONY: help build release test demo conformance install uninstall clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 20

build: ## debug build
	$(SWIFT) build

release: ## static release build (starts in about a millisecond)
	$(SWIFT) build $(RELEASE_FLAGS) --product shelf

test: ## build and run every test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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
