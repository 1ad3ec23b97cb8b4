#!/bin/sh
# Runs the JSON validator (through `shelf save`) against JSONTestSuite's test_parsing folder:
# every y_ file must be accepted, every n_ file rejected; i_ files are listed with the choice made.
# Usage: scripts/conformance.sh SHELF_BINARY SUITE_FOLDER
set -u
bin=$1
suite=$2
[ -d "$suite" ] || { echo "conformance: no test suite at $suite" >&2; exit 66; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CACHE_HOME="$home/cache"
failed=0 passed=0 accepted=0 rejected=0
for file in "$suite"/*.json; do
    name=$(basename "$file")
    "$bin" save caches probe.json --file "$file" 2>/dev/null
    status=$?
    case "$name:$status" in
        y_*:0 | n_*:65) passed=$((passed + 1)) ;;
        y_* | n_*) echo "FAIL $name (exit $status)"; failed=$((failed + 1)) ;;
        i_*:0) echo "i accepted $name"; accepted=$((accepted + 1)) ;;
        i_*:65) echo "i rejected $name"; rejected=$((rejected + 1)) ;;
        i_*) echo "FAIL $name (exit $status: neither accepted nor rejected)"; failed=$((failed + 1)) ;;
    esac
done
echo "conformance: $passed y_/n_ files right, $failed wrong; i_: $accepted accepted, $rejected rejected"
[ "$failed" -eq 0 ]
