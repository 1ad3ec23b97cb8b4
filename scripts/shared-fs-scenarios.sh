# The scenarios of `make check-shared-fs` (issue 24), sourced by scripts/check-shared-fs.sh, which
# has mounted one volume twice: two "hosts", A and B, each running shelf with `--root` on its own
# mount of the same folder, at the same time. Every count is exact: an item whose command exited 0
# must be stored exactly once; one whose command failed, at most once (a failure is counted and
# printed, and fails the scenario unless the scenario allows it).
#
# `scenarios LABEL MOUNT_A MOUNT_B` runs them all and returns non-zero if one failed. N (from
# SHELF_SHARED_FS_N, default 30) sizes them: each GlusterFS round trip costs a few milliseconds,
# and a command makes dozens.

N=${SHELF_SHARED_FS_N:-30}
failed=0

say() { printf '  %s (%ss)\n' "$*" $((SECONDS - started)); }
bad() { printf '  FAIL: %s (%ss)\n' "$*" $((SECONDS - started)); failed=1; }
# Runs one scenario, timed from here.
run() { started=$SECONDS; "$@"; }

# shelf on host A or B: `on a <args>`; the store is the folder `store` of that host's mount.
on() {
    local host=$1
    shift
    if [ "$host" = a ]; then "$shelf" -q --root "$A/store" "$@"; else "$shelf" -q --root "$B/store" "$@"; fi
}

# Checks that `stored` (one item a line) holds every line of `acked` exactly once, every line of
# `tried` at most once, and nothing else. Prints the verdict with `what`.
check_items() {  # what stored acked tried
    local what=$1 stored=$2 acked=$3 tried=$4
    local dup missing extra
    dup=$(sort "$stored" | uniq -d | head -3)
    missing=$(sort -u "$acked" | comm -23 - <(sort -u "$stored") | head -3)
    extra=$(sort -u "$stored" | comm -23 - <(sort -u "$tried") | head -3)
    if [ -n "$dup$missing$extra" ]; then
        bad "$what: duplicated [${dup//$'\n'/ }] lost [${missing//$'\n'/ }] unknown [${extra//$'\n'/ }]"
        return 1
    fi
}

# Host `host` appends items "<host>-1" … "<host>-N" to `path` (JSON strings for .json and
# .jsonl, raw lines for a folder), recording what it tried and what was acknowledged.
append_lane() {  # host path out
    local host=$1 path=$2 out=$3 i item
    : > "$out.tried"; : > "$out.acked"; : > "$out.errors"
    for i in $(seq "$N"); do
        item="\"$host-$i\""
        echo "$item" >> "$out.tried"
        if printf '%s\n' "$item" | on "$host" append documents "$path" > /dev/null 2>> "$out.errors"; then
            echo "$item" >> "$out.acked"
        fi
    done
}

lanes_failures() {  # out-prefix… : failed appends, which must be 0
    local total=0 f n
    for f in "$@"; do n=$(( $(wc -l < "$f.tried") - $(wc -l < "$f.acked") )); total=$((total + n)); done
    echo "$total"
}

scenario_appends() {  # kind path
    local kind=$1 path=$2
    local t=$work/$label-$kind
    append_lane a "$path" "$t-a" & local pa=$!
    append_lane b "$path" "$t-b" & local pb=$!
    wait "$pa" "$pb"
    cat "$t-a.acked" "$t-b.acked" > "$t.acked"; cat "$t-a.tried" "$t-b.tried" > "$t.tried"
    local lost_cmds; lost_cmds=$(lanes_failures "$t-a" "$t-b")
    case $kind in
        folder) for f in "$A/store/${path%/}"/*; do cat "$f"; done > "$t.stored" ;;
        *) on a retrieve documents "$path" --each > "$t.stored" || { bad "$kind: retrieve --each failed (the file is not valid)"; return; } ;;
    esac
    if [ "$kind" = array ]; then
        on b retrieve documents "$path" --each > /dev/null || bad "$kind: the stored file is not one valid JSON array"
    fi
    local stored; stored=$(wc -l < "$t.stored")
    if check_items "$kind" "$t.stored" "$t.acked" "$t.tried" && [ "$lost_cmds" = 0 ]; then
        say "2 hosts x $N appends to $kind: $stored stored, each once"
    else
        bad "2 hosts x $N appends to $kind: $stored stored of $(wc -l < "$t.acked") acknowledged, $lost_cmds appends failed: $(sort -u "$t-a.errors" "$t-b.errors" | head -2 | tr '\n' ' ')"
    fi
}

scenario_counter() {
    local t=$work/$label-counter i
    echo 0 | on a save documents counter.json
    for h in a b; do
        ( : > "$t-$h.acked"; for i in $(seq "$N"); do
            on "$h" update documents counter.json -- sh -c 'read n; echo $((n + 1))' 2>> "$t-$h.errors" && echo ok >> "$t-$h.acked"
          done ) &
    done
    wait
    local acked total; acked=$(cat "$t-a.acked" "$t-b.acked" | wc -l); total=$(on b retrieve documents counter.json)
    if [ "$total" = "$acked" ] && [ "$acked" = $((2 * N)) ]; then
        say "2 hosts x $N updates of one counter: $total, exact"
    else
        bad "2 hosts x $N updates of one counter: $total stored, $acked acknowledged: $(sort -u "$t-a.errors" "$t-b.errors" | head -2 | tr '\n' ' ')"
    fi
}

# Document `n` of the save scenarios: it names itself, and its length grows with n.
doc() { printf '{"doc": %d, "pad": "%s"}\n' "$1" "$(head -c $((2000 + 37 * $1)) /dev/zero | tr '\0' x)"; }

# Whether the file `read` holds one document of `doc`, whole, byte for byte.
is_whole_doc() {  # read
    local n
    n=$(head -c 40 "$1" | sed -n 's/^{"doc": \([0-9]*\),.*/\1/p')
    [ -n "$n" ] && cmp -s "$1" <(doc "$n")
}

# A saves whole documents, one after another, while B reads the file with `retrieve` (5 x N times
# on the strict volume, 10 x N on the default one) and `exists` (5 x N times): every read must be
# one document, whole, and every command must succeed and find the file. GlusterFS fails about one
# `open` in a hundred with ESTALE while another host renames over the file, the expiry attribute
# of a file replaced between an open and its read or lock about one in five, and with its default
# caching a lock on the replaced file with ENOENT (1 to 3 retrieves in 100, hence more retrieves
# there): enough reads that a shelf which did not try again fails here, on either volume.
scenario_save_retrieve() {
    local t=$work/$label-save i
    doc 0 | on a save documents doc.json
    ( i=0; : > "$t.saved"; until [ -e "$t.done" ]; do
        i=$((i + 1)); doc "$i" | on a save documents doc.json 2>> "$t.errors-a" && echo "$i" >> "$t.saved"
      done ) &
    local pa=$! reads=0 checks=0 torn=0 errors=0 missed=0 absent=0 code rounds=$((5 * N)) every=1
    [ "$label" = default ] && rounds=$((10 * N)) every=2
    for i in $(seq "$rounds"); do
        reads=$((reads + 1))
        code=0
        on b retrieve documents doc.json > "$t.read" 2>> "$t.errors-b" || code=$?
        case $code in
            0) is_whole_doc "$t.read" || torn=$((torn + 1)) ;;
            66) missed=$((missed + 1)) ;;  # "no such file": the name was there all along
            *) errors=$((errors + 1)) ;;
        esac
        [ $((i % every)) = 0 ] || continue
        checks=$((checks + 1)) code=0
        on b exists documents doc.json 2>> "$t.errors-b" || code=$?
        case $code in 0) ;; 1) absent=$((absent + 1)) ;; *) errors=$((errors + 1)) ;; esac
    done
    touch "$t.done"
    wait "$pa"
    local saved save_errors; saved=$(wc -l < "$t.saved"); save_errors=$(grep -c . "$t.errors-a" || :)
    local counts="$saved saves on one host, $reads retrieves and $checks exists on the other: $torn torn, $missed retrieves and $absent exists found no file, $errors failed"
    if [ "$torn" = 0 ] && [ "$errors" = 0 ] && [ "$missed" = 0 ] && [ "$absent" = 0 ] && [ "$save_errors" = 0 ]; then
        say "$counts"
    else
        bad "$counts, $save_errors saves failed: $(sort "$t.errors-a" "$t.errors-b" | uniq -c | sort -rn | head -4 | tr '\n' ' ')"
    fi
}

# B writes new files into `fresh/` while A clears it (older than an hour; the newest 100000): nothing
# B wrote may go, the old files planted first must, and no temporary file may be left.
scenario_clear() {
    local t=$work/$label-clear i
    mkdir -p "$A/store/fresh"
    for i in 1 2 3; do echo old > "$A/store/fresh/old-$i.txt"; touch -d '3 hours ago' "$A/store/fresh/old-$i.txt"; done
    ( : > "$t.acked"; for i in $(seq "$N"); do
        echo "new $i" | on b save documents "fresh/new-$i.txt" 2>> "$t.errors" && echo "new-$i.txt" >> "$t.acked"
        printf '"%s"\n' "$i" | on b append documents fresh/log.jsonl 2>> "$t.errors" && echo "\"$i\"" >> "$t.log"
      done; touch "$t.done" ) &
    local pb=$! clears=0 clear_errors=0
    while [ ! -e "$t.done" ]; do
        clears=$((clears + 1))
        on a clear documents fresh --older-than 1h 2>> "$t.errors-a" || clear_errors=$((clear_errors + 1))
        on a clear documents fresh --keep-newest 100000 2>> "$t.errors-a" || clear_errors=$((clear_errors + 1))
    done
    wait "$pb"
    local left temps; left=$(cd "$B/store/fresh" && ls new-*.txt 2>/dev/null | sort)
    temps=$(cd "$B/store/fresh" && ls -A | grep -c -e '^\.shelf-tmp' -e '^\.fuse_hidden' || :)
    on b retrieve documents fresh/log.jsonl --each > "$t.stored" 2>/dev/null || bad "clear: fresh/log.jsonl is not valid"
    if [ "$left" = "$(sort "$t.acked")" ] && [ "$(wc -l < "$t.acked")" = "$N" ] && [ ! -e "$B/store/fresh/old-1.txt" ] \
        && [ "$temps" = 0 ] && [ "$clear_errors" = 0 ] && cmp -s <(sort "$t.stored") <(sort "$t.log"); then
        say "$((2 * clears)) clears on one host while the other saved $N files and appended $N lines: nothing acknowledged removed, old files removed, no temporary file"
    else
        bad "clear: $(wc -l < "$t.acked") saves acknowledged, $(printf '%s\n' "$left" | grep -c . || :) left, $temps temporary files, $clear_errors clears failed, old file there: $([ -e "$B/store/fresh/old-1.txt" ] && echo yes || echo no): $(sort -u "$t.errors" "$t.errors-a" | head -2 | tr '\n' ' ')"
    fi
}

# A appends into box/list.json while B renames box to box2, copies it, moves it to box3 (with
# `--root` every directory is the same folder) and renames it back: every acknowledged item is in
# box, box2 or box3 exactly once; every copy is valid JSON.
scenario_transfer() {
    local t=$work/$label-transfer i
    echo '[]' | on a save documents box/list.json
    append_lane a box/list.json "$t-a" &
    local pa=$! moves=0 move_errors=0
    while kill -0 "$pa" 2>/dev/null; do
        moves=$((moves + 1))
        on b rename documents box box2 2>> "$t.errors-b" || move_errors=$((move_errors + 1))
        on b copy documents box2 documents "copies/c$moves" 2>> "$t.errors-b" || move_errors=$((move_errors + 1))
        on b move documents box2 caches box3 2>> "$t.errors-b" || move_errors=$((move_errors + 1))
        on b rename documents box3 box 2>> "$t.errors-b" || move_errors=$((move_errors + 1))
    done
    wait "$pa"
    : > "$t.stored"
    for f in box/list.json box2/list.json box3/list.json; do
        [ -e "$A/store/$f" ] || continue
        on a retrieve documents "$f" --each >> "$t.stored" || bad "transfer: $f is not valid"
    done
    local copies=0
    for f in "$A/store/copies"/*/list.json; do
        [ -e "$f" ] || continue
        copies=$((copies + 1))
        on a retrieve documents "${f#"$A/store/"}" --each > /dev/null || bad "transfer: copy $f is not valid JSON"
    done
    # An append that finds the folder renamed away makes a new box (its item counts once there);
    # a rename that then finds box2 already there fails: allowed, counted.
    if check_items "transfer" "$t.stored" "$t-a.acked" "$t-a.tried"; then
        say "$N appends on one host while the other renamed, copied and moved the folder $moves times ($move_errors refused, $copies copies valid): $(wc -l < "$t-a.acked") acknowledged, each once"
    fi
}

# A edits notes.txt (its editor adds one line) while B updates it (adds one line): every line
# whose command exited 0 is there exactly once; an edit that finds the file changed exits 75.
scenario_edit_update() {
    local t=$work/$label-edit i
    echo start | on a save documents notes.txt
    mkdir -p "$t.copies"
    : > "$t.tried"; : > "$t.acked-a"; : > "$t.acked-b"
    ( for i in $(seq "$N"); do
        echo "E-$i" >> "$t.tried"
        # An edit that finds the file changed keeps the user's copy in TMPDIR: the scratch folder's.
        TMPDIR=$t.copies EDITOR="sh -c 'echo E-$i >> \"\$1\"' sh" on a edit documents notes.txt 2>> "$t.errors-a"
        case $? in 0) echo "E-$i" >> "$t.acked-a" ;; 75) ;; *) echo "edit E-$i failed" >> "$t.fail" ;; esac
      done ) &
    ( for i in $(seq "$N"); do
        echo "U-$i" >> "$t.tried"
        on b update documents notes.txt -- sh -c "cat; echo U-$i" 2>> "$t.errors-b" && echo "U-$i" >> "$t.acked-b"
      done ) &
    wait
    on b retrieve documents notes.txt | grep -v '^start$' > "$t.stored"
    cat "$t.acked-a" "$t.acked-b" > "$t.acked"
    if check_items "edit/update" "$t.stored" "$t.acked" "$t.tried" && [ ! -e "$t.fail" ] && [ "$(wc -l < "$t.acked-b")" = "$N" ]; then
        say "$N edits on one host ($(wc -l < "$t.acked-a") put back, the others found the file changed: 75), $N updates on the other: each line once"
    else
        bad "edit/update: $(wc -l < "$t.acked-a") edits and $(wc -l < "$t.acked-b") updates acknowledged: $(cat "$t.fail" 2>/dev/null | head -2 | tr '\n' ' ') $(sort -u "$t.errors-a" "$t.errors-b" | head -2 | tr '\n' ' ')"
    fi
}

# A third host runs `kind` in a loop and is killed (its glusterfs client process, SIGKILL) after
# `delay` seconds, in the middle of a command; then host B's next command must recover: append
# one more item, and find every item acknowledged before the kill exactly once, in a valid file.
scenario_kill() {  # kind path delay
    local kind=$1 path=$2 delay=$3 i
    local t=$work/$label-kill-$kind
    local point=$work/mnt/$label-victim-$kind
    mount_client "$volume" "$point" "$work/run/$label-victim-$kind.pid" "${mount_options[@]}"
    local victim; victim=$(cat "$work/run/$label-victim-$kind.pid")
    case $kind in
        array) echo '[]' | on b save documents "$path" ;;
        update) echo 0 | on b save documents "$path" ;;
        rename) echo '["kept"]' | on b save documents "$path/r1.json" ;;
    esac
    : > "$t.acked"; : > "$t.tried"
    ( for i in $(seq 100000); do
        echo "\"v-$i\"" >> "$t.tried"
        case $kind in
            update) "$shelf" -q --root "$point/store" update documents "$path" -- sh -c 'read n; echo $((n + 1))' ;;
            save) doc "$i" | "$shelf" -q --root "$point/store" save documents "$path" ;;
            # Back and forth: without rename flags a rename is a link and an unlink.
            rename) if [ $((i % 2)) = 1 ]; then "$shelf" -q --root "$point/store" rename documents "$path/r1.json" "$path/r2.json"
                    else "$shelf" -q --root "$point/store" rename documents "$path/r2.json" "$path/r1.json"; fi ;;
            *) echo "\"v-$i\"" | "$shelf" -q --root "$point/store" append documents "$path" > /dev/null ;;
        esac 2>/dev/null && echo "\"v-$i\"" >> "$t.acked" || break
      done ) &
    local lane=$!
    sleep "$delay"
    kill -KILL "$victim"
    wait "$lane" 2>/dev/null
    umount "$point" 2>/dev/null || umount -l "$point"
    local after="\"b-after\""
    echo "$after" >> "$t.acked"; echo "$after" >> "$t.tried"
    case $kind in
        update)
            on b update documents "$path" -- sh -c 'read n; echo $((n + 1))' || bad "kill during update: the next update failed"
            local n; n=$(on a retrieve documents "$path")
            # The killed update may or may not have put its result in place: one more at most.
            local acked=$(( $(wc -l < "$t.acked") ))
            if [ "$n" = "$acked" ] || [ "$n" = $((acked + 1)) ]; then
                say "a host killed during update (after $((acked - 1)) acknowledged): the other host's next update made $n"
            else
                bad "a host killed during update: $n stored, $acked acknowledged"
            fi
            return ;;
        rename)
            # Cut between the link and the unlink, both names lead to the file: the same rename
            # run again finishes it. Either way one name is left, holding the file.
            local from=r1.json to=r2.json
            [ -e "$B/store/$path/r1.json" ] || { from=r2.json; to=r1.json; }
            on b rename documents "$path/$from" "$path/$to" || { bad "kill during rename: the next rename failed"; return; }
            local names; names=$(cd "$B/store/$path" && ls -A)
            if [ "$names" = "$to" ] && [ "$(on a retrieve documents "$path/$to")" = '["kept"]' ]; then
                say "a host killed during rename (after $(( $(wc -l < "$t.acked") - 1 )) renames): the other host's next rename done, one name left, the file whole"
            else
                bad "kill during rename: left [${names//$'\n'/ }]"
            fi ;;
        save)
            on b retrieve documents "$path" > "$t.read" || { bad "kill during save: retrieve failed"; return; }
            is_whole_doc "$t.read" || bad "kill during save: the file is not one whole document"
            doc 0 | on b save documents "$path" || bad "kill during save: the next save failed"
            say "a host killed during save (after $(( $(wc -l < "$t.acked") - 1 )) acknowledged): the file whole, the other host's next save done" ;;
        *)
            printf '%s\n' "$after" | on b append documents "$path" > /dev/null || { bad "kill during $kind append: the next append failed"; return; }
            case $kind in
                folder) for f in "$A/store/${path%/}"/*; do cat "$f"; done > "$t.stored" ;;
                *) on a retrieve documents "$path" --each > "$t.stored" || { bad "kill during $kind append: the file is not valid"; return; } ;;
            esac
            check_items "kill during $kind append" "$t.stored" "$t.acked" "$t.tried" \
                && say "a host killed during a $kind append (after $(( $(wc -l < "$t.acked") - 1 )) acknowledged): the other host's next append recovered, $(wc -l < "$t.stored") stored, each once" ;;
    esac
}

# The default volume: Gluster's client caches serve another host's old bytes for about a second,
# even under a lock, so commands that rewrite a file from its content must refuse (74, naming the
# mount options), changing nothing; whole-file saves stay atomic and readable.
scenario_refused() {
    local t=$work/$label-refused
    echo '["kept"]' | on a save documents list.json
    local code=0
    echo '"x"' | on b append documents list.json 2> "$t.err" || code=$?
    if [ "$code" = 74 ] && grep -q 'attribute-timeout=0' "$t.err" && [ "$(on a retrieve documents list.json)" = '["kept"]' ]; then
        say "append on a caching mount: refused (74), the message names the mount options, the file unchanged"
    else
        bad "append on a caching mount: exit $code, $(head -2 "$t.err" | tr '\n' ' ')"
    fi
    code=0
    on a update documents list.json -- cat 2> "$t.err" || code=$?
    [ "$code" = 74 ] && say "update on a caching mount: refused (74)" || bad "update on a caching mount: exit $code, $(head -1 "$t.err")"
    # Both hosts at once, as cron would: with the refusal nothing is stored and nothing is lost;
    # without it (a build that dropped the guard) the caches make appends splice at a stale end.
    append_lane a list.json "$t-a" & local pa=$!
    append_lane b list.json "$t-b" & local pb=$!
    wait "$pa" "$pb"
    local acked; acked=$(cat "$t-a.acked" "$t-b.acked" | wc -l)
    on a retrieve documents list.json > "$t.stored"
    if [ "$acked" = 0 ] && [ "$(cat "$t.stored")" = '["kept"]' ]; then
        say "2 hosts x $N appends to an array on a caching mount: all refused (74), the file unchanged"
    else
        local valid=valid
        on a retrieve documents list.json --each > "$t.items" 2>/dev/null || valid="NOT valid JSON"
        bad "2 hosts x $N appends to an array on a caching mount: $acked acknowledged, $(grep -c . "$t.items" || :) items in the file ($valid)"
    fi
}

scenarios() {  # label — with A, B, volume and mount_options set by the caller
    failed=0
    if [ "$label" = default ]; then
        run scenario_refused
        run scenario_save_retrieve
        return "$failed"
    fi
    run scenario_appends array list.json
    run scenario_appends lines log.jsonl
    run scenario_appends folder items/
    run scenario_counter
    run scenario_save_retrieve
    run scenario_clear
    run scenario_transfer
    run scenario_edit_update
    run scenario_kill array killed.json 3
    run scenario_kill lines killed.jsonl 3
    run scenario_kill folder killed/ 3
    run scenario_kill update killed-counter.json 3
    run scenario_kill save killed-save.json 3
    run scenario_kill rename killed-rename 3
    return "$failed"
}
