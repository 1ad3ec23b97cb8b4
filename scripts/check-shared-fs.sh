#!/usr/bin/env bash
# `make check-shared-fs`: one store, two "hosts", on a real distributed file system (issue 24).
# GlusterFS runs here on one machine: one glusterd, a volume of one brick in a scratch folder,
# mounted twice by two separate FUSE client processes, which is what two hosts see. Two volumes:
# "default" (Gluster's client caching, as `mount -t glusterfs` gives it) and "strict" (client
# caches off, kernel timeouts at 0). scripts/shared-fs-scenarios.sh runs the scenarios on each.
#
# Needs root and /dev/fuse; installs GlusterFS with apt-get where it is missing. Whatever happens,
# every mount, client, brick and glusterd started here is stopped again (by PID, never by name).
# A machine that cannot run it makes this fail with the reason: it never passes silently.
set -euo pipefail
shelf=${1:?usage: check-shared-fs.sh path/to/shelf}
shelf=$(cd "$(dirname "$shelf")" && pwd)/$(basename "$shelf")
here=$(cd "$(dirname "$0")" && pwd)

fail() { echo "check-shared-fs: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (glusterd, FUSE mounts); run it as root or in CI"
[ -c /dev/fuse ] || fail "no /dev/fuse: this machine (or container) cannot mount FUSE file systems"
[ -x "$shelf" ] || fail "no shelf binary at $shelf"
if ! command -v glusterd >/dev/null || ! command -v glusterfs >/dev/null || ! command -v gluster >/dev/null; then
    command -v apt-get >/dev/null || fail "GlusterFS is not installed and there is no apt-get to install it"
    echo "check-shared-fs: installing GlusterFS (glusterfs-server, glusterfs-client)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q glusterfs-server glusterfs-client >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q glusterfs-server glusterfs-client >/dev/null; } \
        || fail "installing GlusterFS with apt-get failed"
fi
# One glusterd per machine: a running one is someone else's.
if [ -S /var/run/glusterd.socket ] && gluster --mode=script volume list >/dev/null 2>&1; then
    fail "a glusterd already runs here (/var/run/glusterd.socket): stop it first"
fi
rm -f /var/run/glusterd.socket

# Bricks must be named by the host name (glusterd refuses localhost and 127.0.0.1), with `force`
# for bricks on the root file system.
host=$(hostname)
# Gluster's volume files cannot hold a path with blanks (glusterd then exits at once): the scratch
# folder goes to /tmp when TMPDIR has one.
scratch=${TMPDIR:-/tmp}
case $scratch in *[[:space:]]*) scratch=/tmp ;; esac
work=$(mktemp -d "$scratch/shelf-shared-fs.XXXXXX")
volumes=()
mounts=()
client_pids=()
glusterd_pid=

# The gluster command talks to glusterd over its local socket (over TCP it accepts only reads).
gl() { gluster --mode=script "$@"; }

teardown() {
    local status=$?
    set +e
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
    for p in "${client_pids[@]}"; do kill "$p" 2>/dev/null; done
    for v in "${volumes[@]}"; do
        gl volume stop "$v" force >/dev/null 2>&1
        gl volume delete "$v" >/dev/null 2>&1
    done
    # The brick daemons glusterd started write their PIDs under its run folder.
    for f in /var/run/gluster/vols/shelf-*/*.pid; do
        [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null && rm -f "$f"
    done
    [ -z "$glusterd_pid" ] || { kill "$glusterd_pid" 2>/dev/null; for _ in $(seq 50); do kill -0 "$glusterd_pid" 2>/dev/null || break; sleep 0.1; done; }
    rm -f /var/run/glusterd.socket
    for m in "${mounts[@]}"; do mountpoint -q "$m" && { echo "check-shared-fs: $m is still mounted" >&2; status=1; }; done
    rm -rf "$work"
    exit "$status"
}
trap teardown EXIT
trap 'exit 130' INT TERM

# glusterd with its state in the scratch folder, not in /var/lib/glusterd.
sed -e "s#/var/lib/glusterd#$work/state#" /etc/glusterfs/glusterd.vol > "$work/glusterd.vol"
mkdir -p "$work/state" "$work/log" "$work/run"
glusterd -f "$work/glusterd.vol" -p "$work/run/glusterd.pid" -l "$work/log/glusterd.log" \
    || fail "glusterd did not start: $(tail -3 "$work/log/glusterd.log" 2>/dev/null | tr '\n' ' ')"
for _ in $(seq 100); do [ -s "$work/run/glusterd.pid" ] && [ -S /var/run/glusterd.socket ] && break; sleep 0.1; done
glusterd_pid=$(cat "$work/run/glusterd.pid" 2>/dev/null) || fail "glusterd did not start (see $work/log)"
for _ in $(seq 100); do gl volume list >/dev/null 2>&1 && break; sleep 0.1; done

# The caches Gluster's clients run by default, all off on the strict volume.
caches="quick-read io-cache read-ahead stat-prefetch open-behind write-behind readdir-ahead nl-cache"
make_volume() {  # name
    local name=$1
    mkdir -p "$work/bricks/$name"
    gl volume create "$name" "$host:$work/bricks/$name" force >/dev/null
    volumes+=("$name")
    gl volume start "$name" >/dev/null
}
# A "host": its own glusterfs client process, started directly (mount.glusterfs 10.3 mangles
# fopen-keep-cache=false), its PID kept so that the scenarios can kill it.
mount_client() {  # volume mount-point pid-file [options...]
    local volume=$1 point=$2 pidfile=$3
    shift 3
    mkdir -p "$point"
    glusterfs --volfile-server="$host" --volfile-id="$volume" "$@" -p "$pidfile" -l "$work/log/$(basename "$point").log" "$point"
    mounts+=("$point")
    for _ in $(seq 100); do mountpoint -q "$point" && [ -s "$pidfile" ] && break; sleep 0.1; done
    mountpoint -q "$point" || fail "mounting $volume on $point failed (see $work/log)"
    client_pids+=("$(cat "$pidfile")")
}
strict_options=(--attribute-timeout=0 --entry-timeout=0 --negative-timeout=0 --fopen-keep-cache=false)

make_volume shelf-default
make_volume shelf-strict
for c in $caches; do gl volume set shelf-strict "performance.$c" off >/dev/null; done

. "$here/shared-fs-scenarios.sh"
run_volume() {  # label volume [options...]
    label=$1 volume=$2
    shift 2
    mount_options=("$@")
    A=$work/mnt/$label-a B=$work/mnt/$label-b
    mount_client "$volume" "$A" "$work/run/$label-a.pid" "$@"
    mount_client "$volume" "$B" "$work/run/$label-b.pid" "$@"
    mkdir -p "$A/store"
    echo "== $label volume: mounted twice, two hosts, one store"
    scenarios
}
# SHELF_SHARED_FS_VOLUMES=default (or strict) runs one volume only, while working on it.
volumes_to_run=${SHELF_SHARED_FS_VOLUMES:-strict default}
status=0
case " $volumes_to_run " in *" strict "*) run_volume strict shelf-strict "${strict_options[@]}" || status=1 ;; esac
case " $volumes_to_run " in *" default "*) run_volume default shelf-default || status=1 ;; esac
[ "$status" = 0 ] && echo "check-shared-fs: every scenario passed (volumes: $volumes_to_run)" || echo "check-shared-fs: FAILED" >&2
exit "$status"
