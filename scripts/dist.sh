#!/bin/sh
# Packages a built shelf as release binaries are shipped (ripgrep's tarballs, jq's checksums):
# OUT/shelf-<version>-linux-<arch>.tar.gz, which unpacks into one folder of that name, and
# OUT/SHA256SUMS (sha256sum -c format). The version is the binary's own (`shelf --version`: the
# one place it is written is CLI.version), the arch is `uname -m`. The archive is reproducible:
# names sorted, owner and group 0, every time the last commit's (SOURCE_DATE_EPOCH overrides),
# gzip without a name or a time. The binary is stripped (STRIP names the program, default strip).
# --static refuses a binary that needs a dynamic loader.
# usage: sh scripts/dist.sh [--static] BINARY OUT   (from the repository's top folder)
set -eu

fail() {
    printf 'dist: %s\n%s\n' "$1" "$2" >&2
    exit "${3:-73}"
}

static=""
[ "${1:-}" != --static ] || { static=1; shift; }
[ $# -eq 2 ] || fail "usage: sh scripts/dist.sh [--static] BINARY OUT" "BINARY is a built shelf, OUT the folder for the tarball." 64
case $1 in /*) binary=$1 ;; *) binary=./$1 ;; esac
case $2 in /*) out=$2 ;; *) out=./$2 ;; esac
[ -x "$binary" ] && [ -f "$binary" ] || fail "no executable $binary" "Build it first: 'make release' (or 'swift build' for a test package)." 66

# A fully static binary asks for no program interpreter (the dynamic loader).
needs_loader() {
    if command -v readelf >/dev/null 2>&1; then LC_ALL=C readelf -lW "$1" | grep -q 'program interpreter'
    else LC_ALL=C ldd "$1" >/dev/null 2>&1; fi
}
if [ -n "$static" ] && needs_loader "$binary"; then
    fail "$binary is not fully static: it needs the dynamic loader and this system's C library" \
         "Install the static C library (libc.a) so that 'make release' links it fully static, or package it anyway with 'make dist-files'." 65
fi

version=$("$binary" --version) || fail "$binary --version failed" "Rebuild it: 'make release'." 65
version=${version#shelf }
case $version in
    ''|*[!0-9A-Za-z.+~-]*) fail "'$version' from $binary --version is not a version" "Check CLI.version in Sources/ShelfCLI/CLI.swift." 65 ;;
esac
name=shelf-$version-linux-$(uname -m)

epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || :)}
if [ -z "$epoch" ]; then
    epoch=$(date +%s)
    echo "dist: not a git checkout and no SOURCE_DATE_EPOCH: files are stamped with the current time" >&2
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/shelf-dist.XXXXXX")
trap 'rm -rf "$stage"; rm -f "$out/.$name.tar.gz.partial" "$out/.SHA256SUMS.partial"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
top=$stage/$name
mkdir "$top" "$top/docs" "$top/completions"
chmod 0755 "$top" "$top/docs" "$top/completions"
# The files, each with a fixed mode (whatever the umask): the layout install.sh expects.
add() {
    [ -f "$1" ] || fail "no file $1 to package" "Run it from the repository's top folder ('make dist')." 66
    cp "$1" "$top/$2" && chmod "$3" "$top/$2"
}
add "$binary" shelf 0755
# Shipped without its symbols and debug information: half the size, and nothing a user runs needs them.
command -v "${STRIP:-strip}" >/dev/null 2>&1 ||
    fail "no ${STRIP:-strip} to remove the binary's debug information" "Install binutils (or set STRIP to a strip program)." 69
"${STRIP:-strip}" "$top/shelf" || fail "${STRIP:-strip} failed on $binary" "Check that it is a Linux executable of this machine." 65
add scripts/install.sh install.sh 0755
add README.md README.md 0644
add LICENSE LICENSE 0644
add docs/shelf.1 docs/shelf.1 0644
# The documents the man page cites (docs/*.md), which install.sh puts under share/doc/shelf.
for doc in docs/*.md; do add "$doc" "$doc" 0644; done
add completions/shelf.bash completions/shelf.bash 0644
add completions/_shelf completions/_shelf 0644
add completions/shelf.fish completions/shelf.fish 0644

tar -C "$stage" -cf "$stage/$name.tar" --format=ustar --sort=name --mtime="@$epoch" \
    --owner=0 --group=0 --numeric-owner "$name"
gzip -n "$stage/$name.tar"
(cd "$stage" && sha256sum "$name.tar.gz" > SHA256SUMS)

# Copied beside their final names and renamed: OUT never holds half a tarball.
mkdir -p "$out"
cp "$stage/$name.tar.gz" "$out/.$name.tar.gz.partial"
cp "$stage/SHA256SUMS" "$out/.SHA256SUMS.partial"
mv -f "$out/.$name.tar.gz.partial" "$out/$name.tar.gz"
mv -f "$out/.SHA256SUMS.partial" "$out/SHA256SUMS"
printf '%s\n%s\n' "$out/$name.tar.gz" "$out/SHA256SUMS"
