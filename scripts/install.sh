#!/bin/sh
# Installs shelf (stripped), its man page, its bash, zsh and fish completions and the documents
# the man page cites under PREFIX (default /usr/local), in the folders that man, bash-completion,
# zsh and fish search and share/doc/shelf; DESTDIR, when set, is put before every path (for
# packagers); --uninstall removes exactly those files, and the folders install made that are
# left empty.
# A release tarball runs it from its top folder, beside the files; `make install` and
# `make uninstall` run this same script from scripts/, so the places are written once, here.
set -eu

usage() {
    cat <<'EOF'
usage: sh install.sh [--uninstall]
Installs bin/shelf, its man page, its bash, zsh and fish completions and its documents
(share/doc/shelf) under PREFIX (default /usr/local); DESTDIR, when set, is put before every
path. --uninstall removes them, and the folders install made that are left empty.
  sudo sh install.sh                      # into /usr/local
  PREFIX="$HOME/.local" sh install.sh     # into your home, no root needed
  PREFIX="$HOME/.local" sh install.sh --uninstall
EOF
}

fail() {
    printf 'install.sh: %s\n%s\n' "$1" "$2" >&2
    exit "${3:-73}"
}

# A path that no command can take for an option: relative paths start with ./
safe() { case $1 in /*) printf '%s' "$1" ;; *) printf './%s' "$1" ;; esac; }

from=$(dirname "$0") binary="" action=install
while [ $# -gt 0 ]; do
    case $1 in
        --uninstall) action=uninstall ;;
        # For `make install`: the repository's files, and a binary that is not beside them.
        --from|--binary)
            [ $# -ge 2 ] || fail "$1 needs a value" "Run 'sh install.sh --help' for usage." 64
            if [ "$1" = --from ]; then from=$2; else binary=$2; fi
            shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown argument '$1'" "Set PREFIX and DESTDIR in the environment; see the usage above." 64 ;;
    esac
    shift
done
from=$(safe "$from")
binary=$(safe "${binary:-$from/shelf}")
prefix=${PREFIX:-/usr/local}
root=$(safe "${DESTDIR:-}$prefix")

# The one list of what goes where: runs "$1 SOURCE DESTINATION MODE" for each file.
each() {
    "$1" "$binary" "$root/bin/shelf" 0755
    "$1" "$from/docs/shelf.1" "$root/share/man/man1/shelf.1" 0644
    "$1" "$from/completions/shelf.bash" "$root/share/bash-completion/completions/shelf" 0644
    "$1" "$from/completions/_shelf" "$root/share/zsh/site-functions/_shelf" 0644
    "$1" "$from/completions/shelf.fish" "$root/share/fish/vendor_completions.d/shelf.fish" 0644
    # The documents the man page cites as docs/<name>.md.
    for doc in "$from"/docs/*.md; do
        [ -e "$doc" ] || fail "no documents $from/docs/*.md to install" "Run install.sh from the unpacked release folder (or 'make install' in the repository)." 66
        "$1" "$doc" "$root/share/doc/shelf/${doc##*/}" 0644
    done
}

# The folders this install made, one a line, kept beside the documents: uninstall removes those
# that are empty then, and never a folder it did not make (another program's, or one that was
# there before).
manifest=$root/share/doc/shelf/.installed-folders

# The folders the manifest names that are empty now, deepest first; rmdir refuses one that
# holds anything.
prune() {
    [ -f "$manifest" ] || return 0
    folders=$(awk '{ print length($0) " " $0 }' "$manifest" | sort -rn | cut -d' ' -f2-)
    rm -f "$manifest" || fail "cannot remove $manifest" "Run it as root (sudo), with the PREFIX it was installed with." 77
    printf '%s\n' "$folders" | while IFS= read -r folder; do
        if [ -n "$folder" ] && [ -d "$folder" ] && [ ! -h "$folder" ] && rmdir "$folder" 2>/dev/null; then
            printf 'removed %s/\n' "$folder"
        fi
    done
}

# Every source is checked before anything is written, so a missing file changes nothing.
check() {
    [ -f "$1" ] || fail "no file $1 to install" "Run install.sh from the unpacked release folder (or 'make install' in the repository)." 66
    [ ! -d "$2" ] || fail "$2 is a folder, not a file" "Move it away, then run install.sh again." 73
}

# Copied beside the target, then renamed over it: a running shelf is never overwritten in
# place, and an interrupted install leaves the old file or the new one, never half of one.
temp="" made=""
trap '[ -z "$temp" ] || rm -f "$temp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
put() {
    folder=$(dirname "$2")
    missing=$folder
    while [ ! -d "$missing" ] && [ "$missing" != . ] && [ "$missing" != / ]; do
        made="$made$missing
"
        missing=$(dirname "$missing")
    done
    # Folders readable by everyone whatever the caller's umask, as install -d makes them.
    (umask 022 && mkdir -p "$folder") ||
        fail "cannot create the folder $folder" "Run it as root (sudo), or choose a PREFIX you can write, e.g. PREFIX=\"\$HOME/.local\"."
    temp=$folder/.shelf-install.$$
    { cp "$1" "$temp" && chmod "$3" "$temp" && stripped "$temp" "$2" && mv -f "$temp" "$2"; } ||
        fail "cannot write $2" "Run it as root (sudo), or choose a PREFIX you can write, e.g. PREFIX=\"\$HOME/.local\"."
    temp=""
    printf 'installed %s\n' "$2"
}

# The binary goes in without symbols or debug information (as install -s does): a build from
# the repository carries them, the release tarball's is stripped already. Without strip it is
# installed as it is.
stripped() {
    case $2 in */bin/shelf) ;; *) return 0 ;; esac
    if command -v "${STRIP:-strip}" >/dev/null 2>&1; then
        "${STRIP:-strip}" "$1" 2>/dev/null || printf 'install.sh: note: could not strip %s; installed as it is.\n' "$2" >&2
    fi
    return 0
}

remove() {
    if [ -e "$2" ] || [ -h "$2" ]; then
        rm -f "$2" || fail "cannot remove $2" "Run it as root (sudo), with the PREFIX it was installed with." 77
        printf 'removed %s\n' "$2"
    fi
}

if [ "$action" = install ]; then
    each check
    each put
    # Added to what an earlier install made: installing twice forgets nothing.
    [ -z "$made" ] || printf '%s' "$made" >> "$manifest" ||
        fail "cannot write $manifest" "Run it as root (sudo), or choose a PREFIX you can write, e.g. PREFIX=\"\$HOME/.local\"."
    case :${PATH:-}: in
        *:"$prefix/bin":*) ;;
        *) [ -n "${DESTDIR:-}" ] || printf 'install.sh: note: %s is not on PATH; add it to use shelf by name.\n' "$prefix/bin" >&2 ;;
    esac
else
    each remove
    prune
fi
