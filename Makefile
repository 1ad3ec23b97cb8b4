# shelf: `make help` lists the targets. Everything builds with the Swift toolchain alone.
PREFIX ?= /usr/local
SWIFT ?= swift
# Where release products go; `make bench SCRATCH=.build-x` keeps a private build apart.
SCRATCH ?= .build
STRIP ?= strip
# The validator's wide kernels (AVX-512, AVX2; chosen by cpuid at run time) are built only when
# asked, because their processor-level flags are `unsafeFlags`, which SwiftPM refuses in a package
# added as a dependency by version (Package.swift). Every build made here asks, with the same value,
# so that no target rebuilds everything by changing what the manifest reads.
export SHELF_WIDE_KERNELS = 1
# Generic types' metadata through direct accessor calls, not looked up by mangled name at run time
# (which demangles, and scans every conformance record of the binary): 5% of a short command.
# Each function in its own section, so that the link can place the start-up functions together.
RELEASE_FLAGS = -c release --static-swift-stdlib --scratch-path $(SCRATCH) \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -function-sections
# Fully static (no dynamic loader, no shared libraries): starts twice as fast as with the static stdlib alone.
STATIC_FLAGS = -Xswiftc -static-executable
# The functions common commands run, packed together by the linker: a short command then faults in
# a few pages of code instead of one wherever it calls (`make start-up-order` writes the file).
ORDER_FILE = scripts/start-up-order.txt
ORDER_FLAGS = -Xlinker --section-ordering-file=$(CURDIR)/$(ORDER_FILE)
BIN = $(SCRATCH)/release/shelf
BENCH_BIN = $(SCRATCH)/release/shelf-bench
# `make bench QUICK=1` (or BENCH_QUICK=1): smaller sizes, about two minutes. BENCH_ARGS=--json (or --json-to FILE) for JSON.
BENCH_QUICK ?= $(QUICK)
DEBUG_BIN = .build/debug/shelf
RELIABILITY = .build/debug/shelf-reliability
CRASHSIM = .build/debug/shelf-crashsim
SUITE ?= Tests/Fixtures/JSONTestSuite/test_parsing

# install, uninstall and the release tarball's install.sh are one script, which holds the places
# (those man, bash-completion, zsh and fish search); it reads PREFIX and DESTDIR from the environment.
export PREFIX DESTDIR STRIP
INSTALL_SH = sh scripts/install.sh --from .
# Where `make dist` puts the tarball and its SHA256SUMS.
DIST ?= dist
# The binary that `make docs` asks for the man page and completions.
DOCS_BIN ?= $(DEBUG_BIN)

.PHONY: help build release check-manifest-portable check-no-foundation check-no-crash-points test check-reliability check-shared-fs check-syncs demo conformance install install-files uninstall dist dist-files docs generate-docs clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 20

build: ## debug build
	$(SWIFT) build

# Builds product $(1) fully static with the start-up order; where the linker does not take the
# order file, without it; where the toolchain cannot link fully static (no static libc), falls
# back to the static Swift runtime on the dynamic C library.
define static_build
	$(SWIFT) build $(RELEASE_FLAGS) $(STATIC_FLAGS) $(ORDER_FLAGS) --product $(1) || { \
	  echo "make: linking with the start-up order failed; linking without it" >&2; \
	  $(SWIFT) build $(RELEASE_FLAGS) $(STATIC_FLAGS) --product $(1); } || { \
	  echo "make: a fully static link failed; linking the Swift runtime statically only" >&2; \
	  $(SWIFT) build $(RELEASE_FLAGS) --product $(1); }
endef

release: ## fully static release build (starts in about a millisecond)
	@# SwiftPM does not know the link reads the order file: a newer one must relink.
	@if [ -f $(BIN) ] && [ $(ORDER_FILE) -nt $(BIN) ]; then rm -f $(BIN); fi
	$(call static_build,shelf)
	@# The linker writes its output through a memory map, which leaves the new file's page cache in
	@# small pages: run from there it starts about 0.3 ms slower than the same bytes copied (as
	@# `make install` copies them, or as read back from disk). Copy it, to run and measure what users run.
	@# Without its debug information (half the size); the symbol table stays, for `make start-up-order`
	@# and profiles of `make bench`. `make dist` and `make install` strip the rest from what they ship.
	@if command -v $(STRIP) >/dev/null 2>&1; then $(STRIP) --strip-debug $(BIN); \
	  else echo "make: no $(STRIP): $(BIN) keeps its debug information" >&2; fi
	@cp $(BIN) $(BIN).copy && mv -f $(BIN).copy $(BIN)
	@$(MAKE) --no-print-directory check-no-foundation check-no-crash-points

# The command line is built on ShelfCore alone (docs/architecture.md); a Foundation symbol or
# library in the binary means some import brought it back, with its start-up cost.
check-no-foundation: ## fail if BIN (default: the release build) links Foundation
	@if grep -a -q -F -e 'libFoundation' -e '$$s10Foundation' -e '$$s20FoundationEssentials' $(BIN); then \
	  echo "make: $(BIN) links Foundation; the command line must use ShelfCore only (docs/architecture.md)" >&2; exit 1; fi

# The tests' crash points (SHELF_TEST_CRASH_AT, Sources/ShelfCore/Locking/Failpoints.swift) are
# compiled into debug builds only: the binary users run must not read the variable at all.
check-no-crash-points: ## fail if BIN (default: the release build) holds the tests' crash points
	@if grep -a -q -F -e 'SHELF_TEST_CRASH_AT' $(BIN); then \
	  echo "make: $(BIN) holds the tests' crash points (SHELF_TEST_CRASH_AT); they belong in debug builds only (Failpoints.swift)" >&2; exit 1; fi

.PHONY: test-release
test-release: release ## every test, the end-to-end ones run on the static release binary
	$(SWIFT) build --build-tests
	SHELF_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --skip-build

.PHONY: start-up-order
start-up-order: release ## rewrite the start-up order file from the functions common commands run (needs valgrind)
	sh scripts/start-up-order.sh $(BIN) $(ORDER_FILE)

.PHONY: bench
bench: release ## time shelf against cat, cp, rm, jq, a Disk-style rewrite (QUICK=1: short run)
	$(call static_build,shelf-bench)
	$(BENCH_BIN) --shelf $(BIN) $(if $(BENCH_QUICK),--quick) $(BENCH_ARGS)

# What a package that depends on shelf by version sees: no unsafe flags, or SwiftPM refuses it.
check-manifest-portable: ## fail if the manifest without SHELF_WIDE_KERNELS has unsafe flags
	@if env -u SHELF_WIDE_KERNELS $(SWIFT) package dump-package | grep -q unsafeFlags; then \
	  echo "make: Package.swift has unsafeFlags without SHELF_WIDE_KERNELS=1: a dependency by version would be refused" >&2; exit 1; fi

# The time is measured: 905 s for the whole target on a quiet two-core machine, the first build included (CI's copy, `.ci/run`: 1,003 s with check-shared-fs).
test: ## build and run every test, the quick power-loss simulation and the quick battery (about 16 minutes on two cores, 4 of them the first build)
	@$(MAKE) --no-print-directory check-manifest-portable
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(CRASHSIM) --quick $(if $(SEED),--seed $(SEED))
	$(RELIABILITY) --quick $(if $(SEED),--seed $(SEED)) $(DEBUG_BIN)

check-reliability: build ## the power-loss simulation, the whole battery and the full coder comparison: docs/reliability.md (SEED=n replays a run)
	$(CRASHSIM) $(if $(SEED),--seed $(SEED))
	$(RELIABILITY) $(if $(SEED),--seed $(SEED)) $(DEBUG_BIN)
	@# The library's Codable coder against Foundation's on 200 times the cases `make test` runs (docs/library.md).
	$(SWIFT) build --build-tests
	SHELF_CODER_CASES=100000 $(SWIFT) test --skip-build --filter 'CoderDifferentialTests|CoderEdgeTests'

# Root and /dev/fuse; installs GlusterFS with apt-get where it is missing. Fails, never skips, without them.
check-shared-fs: build ## two hosts, one store: the scenarios on GlusterFS mounted twice, default and strict volumes (docs/file-systems.md)
	bash scripts/check-shared-fs.sh $(DEBUG_BIN)

check-syncs: build ## whether each fsync shelf issues is needed: the simulator's sync analysis (docs/reliability.md)
	$(CRASHSIM) --syncs $(if $(SEED),--seed $(SEED))

demo: build ## save, retrieve and list under a throwaway XDG home
	@sh scripts/demo.sh $(DEBUG_BIN)

conformance: build ## optional: the JSON validator against JSONTestSuite (SUITE=folder of y_/n_/i_ files)
	@sh scripts/conformance.sh $(DEBUG_BIN) $(SUITE)

install: release ## install the binary (stripped), man page, completions and docs under PREFIX (default /usr/local)
	@$(MAKE) --no-print-directory install-files

install-files: ## install BIN (default: the release build, stripped), man page, completions and docs, building nothing
	$(INSTALL_SH) --binary "$(BIN)"

uninstall: ## remove exactly what install put under PREFIX, and the folders it made that are left empty
	$(INSTALL_SH) --uninstall

dist: release ## release tarball of the static build (stripped, with its docs) and its SHA256SUMS, in dist/ (DIST=folder)
	sh scripts/dist.sh --static "$(BIN)" "$(DIST)"

dist-files: ## package BIN (any build) as dist does, building nothing
	sh scripts/dist.sh "$(BIN)" "$(DIST)"

docs: build ## regenerate docs/shelf.1 and completions/ from the command table
	@$(MAKE) --no-print-directory generate-docs

generate-docs: ## write the man page and completions with DOCS_BIN, building nothing
	$(DOCS_BIN) --generate-manpage > docs/shelf.1.new && mv docs/shelf.1.new docs/shelf.1
	$(DOCS_BIN) completions bash > completions/shelf.bash.new && mv completions/shelf.bash.new completions/shelf.bash
	$(DOCS_BIN) completions zsh > completions/_shelf.new && mv completions/_shelf.new completions/_shelf
	$(DOCS_BIN) completions fish > completions/shelf.fish.new && mv completions/shelf.fish.new completions/shelf.fish

clean: ## remove build products
	rm -rf .build
