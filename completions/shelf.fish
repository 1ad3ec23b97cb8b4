# fish completion for shelf 0.1.0. Generated from the command table by
# 'shelf completions fish' ('make docs'). Do not edit.

# The kinds of a command's arguments, and its options that take a value.
function __shelf_spec
    switch $argv[1]
        case ''
            set -g __shelf_args 
            set -g __shelf_valued --app --root
        case 'save'
            set -g __shelf_args directory stored program
            set -g __shelf_valued --file --expires-in --expires-at --mode --app --root
        case 'update'
            set -g __shelf_args directory stored program
            set -g __shelf_valued --create --app --root
        case 'edit'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'retrieve'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'append'
            set -g __shelf_args directory stored
            set -g __shelf_valued --file --mode --app --root
        case 'exists'
            set -g __shelf_args directory stored more
            set -g __shelf_valued --app --root
        case 'is-folder'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'remove'
            set -g __shelf_args directory stored more
            set -g __shelf_valued --app --root
        case 'move'
            set -g __shelf_args directory stored directory stored
            set -g __shelf_valued --app --root
        case 'copy'
            set -g __shelf_args directory stored directory stored
            set -g __shelf_valued --app --root
        case 'rename'
            set -g __shelf_args directory stored stored
            set -g __shelf_valued --app --root
        case 'clear'
            set -g __shelf_args directory stored
            set -g __shelf_valued --older-than --max-size --keep-newest --app --root
        case 'list'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'do-not-backup'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'backup'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'path'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'dirs'
            set -g __shelf_args 
            set -g __shelf_valued --group --app --root
        case 'apps'
            set -g __shelf_args 
            set -g __shelf_valued --app --root
        case 'capacity'
            set -g __shelf_args directory
            set -g __shelf_valued --app --root
        case 'du'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case 'sync'
            set -g __shelf_args directory stored
            set -g __shelf_valued --key --file --app --root
        case 'completions'
            set -g __shelf_args shell
            set -g __shelf_valued --app --root
        case 'help'
            set -g __shelf_args command
            set -g __shelf_valued --app --root
        case '__complete-path'
            set -g __shelf_args directory stored
            set -g __shelf_valued --app --root
        case '__complete-name'
            set -g __shelf_args text text
            set -g __shelf_valued --app --root
    end
end

# Prints the command, its positional arguments so far (one per line) and the kind wanted
# next: the command line before the cursor, walked the way shelf parses it.
function __shelf_state
    set -l words (commandline -opc)
    set -e words[1]
    set -l command ''
    set -l positionals
    set -l ended 0
    set -l app ''
    __shelf_spec ''
    set -l i 1
    while test $i -le (count $words)
        set -l word $words[$i]
        if test $ended = 0; and string match -q -- '-?*' $word
            if test $word = --
                set ended 1
            else if contains -- $word $__shelf_valued
                set i (math $i + 1)
                if test $i -gt (count $words)
                    echo value
                    echo $command
                    return
                end
                test $word = --app; and set app $words[$i]
            end
        else if test -z "$command"
            set command $word
            __shelf_spec $command
        else
            set -a positionals $word
        end
        set i (math $i + 1)
    end
    set -l n (math (count $positionals) + 1)
    set -l kind text
    test $n -le (count $__shelf_args); and set kind $__shelf_args[$n]
    if test "$__shelf_args[-1]" = more; and test $n -ge (count $__shelf_args)
        set kind $__shelf_args[-2]
    end
    # The program comes after '--' (offered first); its own arguments are files.
    if test "$__shelf_args[-1]" = program; and test $n -gt (count $__shelf_args)
        set kind file
    end
    test $kind = program; and test $ended = 0; and set kind dashes
    # A stored path lives in the directory named by the nearest directory argument before it.
    set -l directory ''
    for j in (seq (math $n - 1) -1 1)
        if test "$__shelf_args[$j]" = directory
            set directory $positionals[$j]
            break
        end
    end
    echo $kind
    echo $command
    echo $directory
    echo $app
end

function __shelf_using
    set -l state (__shelf_state)
    test "$state[2]" = "$argv[1]"
end

function __shelf_wants
    set -l state (__shelf_state)
    test -n "$state[2]"; and test "$state[1]" = "$argv[1]"
end

# The app or group names present, each after $argv[2] (shelf __complete-name).
function __shelf_names
    set -l bin (commandline -opc)[1]
    command -q $bin; or set bin shelf
    $bin __complete-name $argv[1] 2>/dev/null | string replace -r '^' -- "$argv[2]"
end

function __shelf_stored_paths
    set -l state (__shelf_state)
    test -n "$state[3]"; or return
    set -l app
    test -n "$state[4]"; and set app --app $state[4]
    set -l bin (commandline -opc)[1]
    command -q $bin; or set bin shelf
    $bin $app __complete-path $state[3] (commandline -ct) 2>/dev/null
end

complete -c shelf -f
complete -c shelf -n '__shelf_using ""' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using ""' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using ""' -l quiet -s q -d 'no progress line or notice on standard error (also after the command)'
complete -c shelf -n '__shelf_using ""' -l json -d 'with --version, or before a command that has --json: print JSON'
complete -c shelf -n '__shelf_using ""' -l help -s h -d 'show help (also: shelf help <command>, shelf <command> --help)'
complete -c shelf -n '__shelf_using ""' -l version -d 'print the version'
complete -c shelf -n '__shelf_using ""' -l generate-manpage -d 'print the man page (roff) built from the command table'
complete -c shelf -n '__shelf_using ""' -a 'save' -d 'store standard input (or --file) at <path>, replacing it atomically'
complete -c shelf -n '__shelf_using ""' -a 'update' -d 'rewrite <path> with a program'\''s output, holding the file'\''s lock: concurrent updates lose nothing'
complete -c shelf -n '__shelf_using ""' -a 'edit' -d 'open a copy of <path> in $VISUAL or $EDITOR (else editor, nano or vi), check it and put it back atomically'
complete -c shelf -n '__shelf_using ""' -a 'retrieve' -d 'write the file at <path> to standard output'
complete -c shelf -n '__shelf_using ""' -a 'append' -d 'add standard input (or --file) to the array, lines, folder or file at <path>'
complete -c shelf -n '__shelf_using ""' -a 'exists' -d 'exit 0 if a file or folder is stored at every <path>, 1 if one is missing, 3 if one has expired; prints nothing'
complete -c shelf -n '__shelf_using ""' -a 'is-folder' -d 'exit 0 if <path> is a folder, 1 if it is a file or missing; prints nothing'
complete -c shelf -n '__shelf_using ""' -a 'remove' -d 'remove the file, or with -r the folder and its contents, at each <path>'
complete -c shelf -n '__shelf_using ""' -a 'move' -d 'move the file or folder at <path> into <to-directory>, as <new-path> if given'
complete -c shelf -n '__shelf_using ""' -a 'copy' -d 'copy the file or folder at <path> into <to-directory>, as <new-path> if given'
complete -c shelf -n '__shelf_using ""' -a 'rename' -d 'give the file or folder at <path> the path <new-path> in the same directory'
complete -c shelf -n '__shelf_using ""' -a 'clear' -d 'remove everything in <directory> (or its <folder>), or only what breaks --older-than, --max-size, --expired'
complete -c shelf -n '__shelf_using ""' -a 'list' -d 'print the names in <directory> (or its <folder>); folders end with '\''/'\'''
complete -c shelf -n '__shelf_using ""' -a 'do-not-backup' -d 'exclude the file or folder at <path> from backups (user.xdg.robots.backup=false)'
complete -c shelf -n '__shelf_using ""' -a 'backup' -d 'include the file or folder at <path> in backups again (undo do-not-backup)'
complete -c shelf -n '__shelf_using ""' -a 'path' -d 'print the absolute path of <path> in <directory> (or of the directory'\''s folder)'
complete -c shelf -n '__shelf_using ""' -a 'dirs' -d 'print the folder of each directory, one '\''name<TAB>path'\'' per line'
complete -c shelf -n '__shelf_using ""' -a 'apps' -d 'list the app namespaces present in each directory, one '\''directory<TAB>name'\'' per line'
complete -c shelf -n '__shelf_using ""' -a 'capacity' -d 'print the total and available space of the volume holding <directory> (default documents)'
complete -c shelf -n '__shelf_using ""' -a 'du' -d 'print the bytes and files stored in <directory> (or a folder of it), as clear --max-size weighs them'
complete -c shelf -n '__shelf_using ""' -a 'sync' -d 'keep one <folder>/<id>.json file per element of the JSON array on standard input'
complete -c shelf -n '__shelf_using ""' -a 'completions' -d 'print the completion script for <shell> (bash, zsh or fish)'
complete -c shelf -n '__shelf_using ""' -a 'help' -d 'show help for shelf or for one command'
complete -c shelf -n '__shelf_using save' -l file -r -F -d 'read SRC instead of standard input'
complete -c shelf -n '__shelf_using save' -l from-command -d 'run <command> and store its standard output, only if it exits 0 (else keep the old file and exit 125)'
complete -c shelf -n '__shelf_using save' -l raw -d 'store a .json path without checking that the input is JSON'
complete -c shelf -n '__shelf_using save' -l print-path -d 'print the absolute path of the saved file'
complete -c shelf -n '__shelf_using save' -l expires-in -x -d 'the file expires after DURATION (3600 seconds, 90s, 15m, 12h, 7d, 7days, 2w, 1h30m)'
complete -c shelf -n '__shelf_using save' -l expires-at -x -d 'the file expires at TIME, ISO 8601 with a zone (2025-06-30T18:00:00Z)'
complete -c shelf -n '__shelf_using save' -l no-expiry -d 'give the new content no expiry time (by default it keeps the replaced file'\''s)'
complete -c shelf -n '__shelf_using save' -l mode -x -d 'permission bits of a new file, in octal (644); the umask still applies'
complete -c shelf -n '__shelf_using save' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using save' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using save' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using save' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using save' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using update' -l create -x -d 'start from TEXT when the file is missing (else exit 66)'
complete -c shelf -n '__shelf_using update' -l raw -d 'store a .json path without checking that the new content is JSON'
complete -c shelf -n '__shelf_using update' -l print-path -d 'print the absolute path of the result'
complete -c shelf -n '__shelf_using update' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using update' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using update' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using update' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using update' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using edit' -l raw -d 'put a .json path back without checking that it is JSON'
complete -c shelf -n '__shelf_using edit' -l print-path -d 'print the absolute path of the result'
complete -c shelf -n '__shelf_using edit' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using edit' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using edit' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using edit' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using edit' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using retrieve' -l each -d 'a JSON array: write each element as one compact line (JSON Lines)'
complete -c shelf -n '__shelf_using retrieve' -l allow-expired -d 'write the file even if its expiry time (save --expires-in) has passed'
complete -c shelf -n '__shelf_using retrieve' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using retrieve' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using retrieve' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using retrieve' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using append' -l file -r -F -d 'read SRC instead of standard input'
complete -c shelf -n '__shelf_using append' -l each -d 'the input is a JSON array: append each of its elements'
complete -c shelf -n '__shelf_using append' -l raw -d 'append the bytes as they are, without checking for JSON'
complete -c shelf -n '__shelf_using append' -l wrap -d 'let a .json file holding one value that is not an array become [<value>,<input>]'
complete -c shelf -n '__shelf_using append' -l mode -x -d 'permission bits of a new file, in octal (644); the umask still applies'
complete -c shelf -n '__shelf_using append' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using append' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using append' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using append' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using append' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using exists' -l allow-expired -d 'count a file whose expiry time has passed as there'
complete -c shelf -n '__shelf_using exists' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using exists' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using exists' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using exists' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using is-folder' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using is-folder' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using is-folder' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using is-folder' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using remove' -l recursive -s r -d 'remove a folder and everything in it (without it, only an empty folder goes)'
complete -c shelf -n '__shelf_using remove' -l force -s f -d 'a missing path is not an error'
complete -c shelf -n '__shelf_using remove' -l dry-run -s n -d 'print the paths that would be removed or replaced; change nothing'
complete -c shelf -n '__shelf_using remove' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using remove' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using remove' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using remove' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using remove' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using move' -l force -s f -d 'replace an existing target (a folder: see below)'
complete -c shelf -n '__shelf_using move' -l replace-folder -d 'replace a folder at the target whole, deleting what only it holds (implies --force)'
complete -c shelf -n '__shelf_using move' -l dry-run -s n -d 'print the paths that would be removed or replaced; change nothing'
complete -c shelf -n '__shelf_using move' -l print-path -d 'print the absolute path of the result'
complete -c shelf -n '__shelf_using move' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using move' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using move' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using move' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using move' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using copy' -l force -s f -d 'replace an existing target (a folder: see below)'
complete -c shelf -n '__shelf_using copy' -l replace-folder -d 'replace a folder at the target whole, deleting what only it holds (implies --force)'
complete -c shelf -n '__shelf_using copy' -l preserve -s p -d 'give the copy the source'\''s access and modification times (as cp -p)'
complete -c shelf -n '__shelf_using copy' -l dry-run -s n -d 'print the paths that would be removed or replaced; change nothing'
complete -c shelf -n '__shelf_using copy' -l print-path -d 'print the absolute path of the result'
complete -c shelf -n '__shelf_using copy' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using copy' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using copy' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using copy' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using copy' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using rename' -l force -s f -d 'replace an existing target (a folder: see below)'
complete -c shelf -n '__shelf_using rename' -l replace-folder -d 'replace a folder at the target whole, deleting what only it holds (implies --force)'
complete -c shelf -n '__shelf_using rename' -l dry-run -s n -d 'print the paths that would be removed or replaced; change nothing'
complete -c shelf -n '__shelf_using rename' -l print-path -d 'print the absolute path of the result'
complete -c shelf -n '__shelf_using rename' -l json -d 'print what was done as one JSON object (docs/json-output.md)'
complete -c shelf -n '__shelf_using rename' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using rename' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using rename' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using rename' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using clear' -l older-than -x -d 'remove files not modified for DURATION (3600 seconds, 90s, 15m, 12h, 7d, 7days, 2w)'
complete -c shelf -n '__shelf_using clear' -l max-size -x -d 'remove the least recently used files (by access or modification) until the rest fit in SIZE (500K, 10M, 2G)'
complete -c shelf -n '__shelf_using clear' -l expired -d 'remove files whose expiry time (save --expires-in) has passed'
complete -c shelf -n '__shelf_using clear' -l keep-newest -x -d 'in each folder, keep the N most recently modified files whatever else is asked'
complete -c shelf -n '__shelf_using clear' -l all -d 'remove everything without a limit in documents, applicationSupport or a sharedContainer (there a clear without a limit asks, or is refused)'
complete -c shelf -n '__shelf_using clear' -l dry-run -s n -d 'print what would be removed; remove nothing'
complete -c shelf -n '__shelf_using clear' -l verbose -s v -d 'print each removed file; report skipped ones on standard error'
complete -c shelf -n '__shelf_using clear' -l null -s 0 -d 'with --verbose or --dry-run: end each path with NUL instead of a newline, and print its exact bytes'
complete -c shelf -n '__shelf_using clear' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using clear' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using clear' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using clear' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using clear' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using list' -l long -s l -d 'also size, modification time, expiry and backup flag'
complete -c shelf -n '__shelf_using list' -l recursive -s R -d 'also list inside folders, as paths from <folder>'
complete -c shelf -n '__shelf_using list' -l human -d 'with --long (which it implies): sizes in binary units (1.5 MiB) instead of bytes'
complete -c shelf -n '__shelf_using list' -l all -s a -d 'also shelf'\''s own CACHEDIR.TAG at the top of caches'
complete -c shelf -n '__shelf_using list' -l null -s 0 -d 'end each name with NUL instead of a newline, and print its exact bytes'
complete -c shelf -n '__shelf_using list' -l json -d 'print one JSON array of objects, one per entry, instead of text'
complete -c shelf -n '__shelf_using list' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using list' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using list' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using list' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using do-not-backup' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using do-not-backup' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using do-not-backup' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using do-not-backup' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using backup' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using backup' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using backup' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using backup' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using path' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using path' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using path' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using path' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using path' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using dirs' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using dirs' -l group -x -d 'resolve sharedContainer for the group NAME'
complete -c shelf -n '__shelf_using dirs' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using dirs' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using dirs' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using dirs' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using apps' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using apps' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using apps' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using apps' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using apps' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using capacity' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using capacity' -l human -d 'sizes in binary units with one decimal (1.5 GiB) instead of bytes'
complete -c shelf -n '__shelf_using capacity' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using capacity' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using capacity' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using capacity' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using du' -l by-folder -d 'also one line for each folder directly inside, before the total'
complete -c shelf -n '__shelf_using du' -l human -d 'sizes in binary units with one decimal (1.5 GiB) instead of bytes'
complete -c shelf -n '__shelf_using du' -l json -d 'print one JSON object instead of text'
complete -c shelf -n '__shelf_using du' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using du' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using du' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using du' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using sync' -l key -x -d 'the field holding each element'\''s id (default: id); strings and numbers allowed'
complete -c shelf -n '__shelf_using sync' -l file -r -F -d 'read SRC instead of standard input'
complete -c shelf -n '__shelf_using sync' -l allow-empty -d 'let an empty array remove every file of the folder (else refused, 65)'
complete -c shelf -n '__shelf_using sync' -l dry-run -s n -d 'print the paths that would be removed or replaced; change nothing'
complete -c shelf -n '__shelf_using sync' -l json -d 'print what was added, removed and updated as one JSON object'
complete -c shelf -n '__shelf_using sync' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using sync' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using sync' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using sync' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using completions' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using completions' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using completions' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using completions' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_using help' -l app -x -a '(__shelf_names app)' -d 'app namespace inside each directory (default: $SHELF_APP, else '\''shelf'\'')'
complete -c shelf -n '__shelf_using help' -l root -r -F -d 'use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)'
complete -c shelf -n '__shelf_using help' -l quiet -s q -d 'no progress line or notice on standard error; errors are still reported'
complete -c shelf -n '__shelf_using help' -l help -s h -d 'show this help and exit'
complete -c shelf -n '__shelf_wants directory' -a 'documents caches applicationSupport temporary sharedContainer:'
complete -c shelf -n '__shelf_wants stored' -a '(__shelf_stored_paths)'
complete -c shelf -n '__shelf_wants command' -a 'save update edit retrieve append exists is-folder remove move copy rename clear list do-not-backup backup path dirs apps capacity du sync completions help'
complete -c shelf -n '__shelf_wants shell' -a 'bash zsh fish'
complete -c shelf -n '__shelf_wants file' -F
complete -c shelf -n '__shelf_wants directory' -a '(__shelf_names group sharedContainer:)'
complete -c shelf -n '__shelf_wants program' -a '(__fish_complete_command)'
complete -c shelf -n '__shelf_wants dashes' -a '--'
