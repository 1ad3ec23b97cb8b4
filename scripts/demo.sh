#!/bin/sh
# The main job on a throwaway XDG home: nothing outside a temporary folder is touched.
set -eu
shelf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
home=$(mktemp -d "${TMPDIR:-/tmp}/shelf-demo.XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CACHE_HOME="$home/.cache" XDG_DATA_HOME="$home/.local/share" \
       XDG_CONFIG_HOME="$home/.config" XDG_DOCUMENTS_DIR="$home/Documents" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
run() { printf '\n$ %s\n' "$*"; sh -c "$*" 2>&1 || printf '(exit %s)\n' "$?"; }
PATH="$(dirname "$shelf"):$PATH"; export PATH

echo "shelf demo in a temporary home: $home"
run "echo '{\"title\": \"Hello\", \"items\": [1, 2, 3]}' | shelf save caches feeds/today.json --print-path"
run "shelf retrieve caches feeds/today.json"
run "shelf exists caches feeds/today.json && echo present"
run "echo '{\"broken\": ' | shelf save caches feeds/today.json"
run "shelf retrieve caches feeds/today.json"
run "printf 'remember the milk\n' | shelf save documents notes/todo.txt"
run "echo '{\"at\": 1, \"ok\": true}' | shelf append documents log.json"
run "echo '[{\"at\": 2, \"ok\": false}, {\"at\": 3, \"ok\": true}]' | shelf append documents log.json --each"
run "shelf retrieve documents log.json"
run "shelf retrieve documents log.json --each"
run "echo 'a screenshot' | shelf append documents shots/"
run "shelf --app myapp save applicationSupport state.json --file \"\$HOME/.cache/shelf/feeds/today.json\" --print-path"
run "shelf save caches ../escape.txt < /dev/null"
run "shelf list -R documents"
run "echo secret | shelf save caches token --expires-in 1s"
run "sleep 2"
run "shelf retrieve caches token"
run "shelf list -l caches"
run "shelf clear caches --expired --verbose"
run "shelf remove caches feeds/today.json"
run "shelf exists caches feeds/today.json || echo gone"
run "find \"\$HOME\" -type f | sort"
