#!/bin/sh
# Installs shelf, its man page and its bash, zsh and fish completions under PREFIX (default
# /usr/local) in the folders that man, bash-completion, zsh and fish search; DESTDIR, when set,
# is put before every path (for packagers); --uninstall removes exactly those files.
# A release tarball runs it from its top folder, beside the files; `make install` and
# `make uninstall` run this same script from scripts/, so the places are written once, here.
set -eu

usage() {
    cat <<'EOF'
usage: sh install.sh [--uninstall]
Installs bin/shelf, its man page and its bash, zsh and fish completions under PREFIX
(default /usr/local); DESTDIR, when set, is put before every path. --uninstall removes them.
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
}

# Every source is checked before anything is written, so a missing file changes nothing.
check() {
    [ -f "$1" ] || fail "no file $1 to install" "Run install.sh from the unpacked release folder (or 'make install' in the repository)." 66
    [ ! -d "$2" ] || fail "$2 is a folder, not a file" "Move it away, then run install.sh again." 73
}

# Copied beside the target, then renamed over it: a running shelf is never overwritten in
# place, and an interrupted install leaves the old file or the new one, never half of one.
temp=""
trap '[ -z "$temp" ] || rm -f "$temp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
put() {
    folder=$(dirname "$2")
    # Folders readable by everyone whatever the caller's umask, as install -d makes them.
    (umask 022 && mkdir -p "$folder") ||
        fail "cannot create the folder $folder" "Run it as root (sudo), or choose a PREFIX you can write, e.g. PREFIX=\"\$HOME/.local\"."
    temp=$folder/.shelf-install.$$
    { cp "$1" "$temp" && chmod "$3" "$temp" && mv -f "$temp" "$2"; } ||
        fail "cannot write $2" "Run it as root (sudo), or choose a PREFIX you can write, e.g. PREFIX=\"\$HOME/.local\"."
    temp=""
    printf 'installed %s\n' "$2"
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
    case :${PATH:-}: in
        *:"$prefix/bin":*) ;;
        *) [ -n "${DESTDIR:-}" ] || printf 'install.sh: note: %s is not on PATH; add it to use shelf by name.\n' "$prefix/bin" >&2 ;;
    esac
else
    each remove
fi
