#!/bin/sh
# Writes the start-up order file (scripts/start-up-order.txt): the functions that common commands
# run, one `.text.<symbol>` section name per line, which the release link packs together
# (`--section-ordering-file`). A short command touches code all over a 7 MB text segment, and each
# page it first touches is a page fault; packed, they fit in a few fault-around windows
# (docs/performance.md, "Start-up"). Names that no longer exist are ignored by the linker, and
# code not listed stays where it was, so a stale file costs speed, never correctness.
#
# Usage: scripts/start-up-order.sh SHELF_BINARY [OUTPUT]   (needs valgrind; `make start-up-order`)
set -eu
bin=$1
out=${2:-scripts/start-up-order.txt}
command -v valgrind >/dev/null || { echo "start-up-order: valgrind is needed to list the functions run" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the debug information of a static Swift binary; the symbol table is enough.
strip --strip-debug -o "$work/shelf" "$bin"
export HOME="$work/home" XDG_CACHE_HOME="$work/home/cache" XDG_DATA_HOME="$work/home/data"
unset XDG_DOCUMENTS_DIR XDG_CONFIG_HOME XDG_RUNTIME_DIR SHELF_APP SHELF_ROOT
mkdir -p "$HOME" "$work/traces"
head -c 1024 /dev/zero | tr '\0' 'x' > "$work/item"
run() {
    valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/traces/$(printf %03d "$step").out" "$work/shelf" "$@" || true
    step=$((step + 1))
}
step=0
# The commands a script runs most, the quickest first: their functions lead the file.
run save documents item --file "$work/item"
run retrieve documents item >/dev/null
run exists documents missing
run exists documents item
echo '{"a":1}' | run save caches x.json
run retrieve caches x.json >/dev/null
echo '[1]' | run save caches l.json
echo 2 | run append caches l.json
run retrieve --each caches l.json >/dev/null
run list caches >/dev/null
run list -l caches >/dev/null
run copy caches l.json documents
run move documents l.json applicationSupport
run rename applicationSupport l.json m.json
run remove caches x.json
run clear caches
run capacity >/dev/null
run --help >/dev/null
run retrieve --help >/dev/null
run retrieve documents nothing 2>/dev/null
# Every function each run executed, in the order of its first appearance.
for trace in "$work"/traces/*.out; do
    callgrind_annotate --threshold=100 "$trace" 2>/dev/null |
        sed -n -E 's/^ *[0-9,]+ +(\([^)]*\) +)?\?\?\?:([^ ]+) \[.*\]$/\2/p'
done | awk '!seen[$0]++ { print ".text." $0 }' > "$work/order"
lines=$(wc -l < "$work/order")
[ "$lines" -gt 100 ] || { echo "start-up-order: only $lines functions found; is $bin a shelf release build?" >&2; exit 70; }
mv "$work/order" "$out"
echo "start-up-order: $lines functions in $out"
