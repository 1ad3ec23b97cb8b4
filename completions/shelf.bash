# bash completion for shelf 0.1.0. Generated from the command table by
# 'shelf completions bash' ('make docs'). Do not edit.

# Sets _shelf_opts, _shelf_valued (option:kind) and _shelf_args (kinds) for a command ('' = none yet).
_shelf_spec() {
    case $1 in
        '') _shelf_opts='--app --root --quiet -q --json --help -h --version --generate-manpage'; _shelf_valued='--app:app --root:file'; _shelf_args='' ;;
        'save') _shelf_opts='--file --from-command --raw --print-path --expires-in --expires-at --no-expiry --mode --json --app --root --quiet -q --help -h'; _shelf_valued='--file:file --expires-in:text --expires-at:text --mode:text --app:app --root:file'; _shelf_args='directory stored program' ;;
        'update') _shelf_opts='--create --raw --print-path --json --app --root --quiet -q --help -h'; _shelf_valued='--create:text --app:app --root:file'; _shelf_args='directory stored program' ;;
        'edit') _shelf_opts='--raw --print-path --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'retrieve') _shelf_opts='--each --allow-expired --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'append') _shelf_opts='--file --each --raw --wrap --mode --json --app --root --quiet -q --help -h'; _shelf_valued='--file:file --mode:text --app:app --root:file'; _shelf_args='directory stored' ;;
        'exists') _shelf_opts='--allow-expired --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored more' ;;
        'is-folder') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'remove') _shelf_opts='--recursive -r --force -f --dry-run -n --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored more' ;;
        'move') _shelf_opts='--force -f --replace-folder --dry-run -n --print-path --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored directory stored' ;;
        'copy') _shelf_opts='--force -f --replace-folder --preserve -p --dry-run -n --print-path --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored directory stored' ;;
        'rename') _shelf_opts='--force -f --replace-folder --dry-run -n --print-path --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored stored' ;;
        'clear') _shelf_opts='--older-than --max-size --expired --keep-newest --all --dry-run -n --verbose -v --null -0 --json --app --root --quiet -q --help -h'; _shelf_valued='--older-than:text --max-size:text --keep-newest:text --app:app --root:file'; _shelf_args='directory stored' ;;
        'list') _shelf_opts='--long -l --recursive -R --human --all -a --null -0 --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'do-not-backup') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'backup') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'path') _shelf_opts='--json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'dirs') _shelf_opts='--json --group --app --root --quiet -q --help -h'; _shelf_valued='--group:text --app:app --root:file'; _shelf_args='' ;;
        'apps') _shelf_opts='--json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='' ;;
        'capacity') _shelf_opts='--json --human --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory' ;;
        'du') _shelf_opts='--by-folder --human --json --app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        'sync') _shelf_opts='--key --file --allow-empty --dry-run -n --json --app --root --quiet -q --help -h'; _shelf_valued='--key:text --file:file --app:app --root:file'; _shelf_args='directory stored' ;;
        'completions') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='shell' ;;
        'help') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='command' ;;
        '__complete-path') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='directory stored' ;;
        '__complete-name') _shelf_opts='--app --root --quiet -q --help -h'; _shelf_valued='--app:app --root:file'; _shelf_args='text text' ;;
        *) _shelf_opts=; _shelf_valued=; _shelf_args= ;;
    esac
}

_shelf_commands='save update edit retrieve append exists is-folder remove move copy rename clear list do-not-backup backup path dirs apps capacity du sync completions help'
_shelf_directories='documents caches applicationSupport temporary sharedContainer:'
_shelf_shells='bash zsh fish'

# Offers the words of one kind; $1 is the kind, $2 the directory of a stored path.
_shelf_offer() {
    local cur=$_shelf_cur
    case $1 in
        directory)
            # Without ':' in COMP_WORDBREAKS the group comes in the same word.
            if [[ $cur == sharedContainer:* ]]; then
                COMPREPLY=($(compgen -P sharedContainer: -W "$(_shelf_names group)" -- "${cur#sharedContainer:}"))
                return
            fi
            COMPREPLY=($(compgen -W "$_shelf_directories" -- "$cur"))
            [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2>/dev/null ;;
        group) COMPREPLY=($(compgen -W "$(_shelf_names group)" -- "$2")) ;;
        app) COMPREPLY=($(compgen -W "$(_shelf_names app)" -- "$cur")) ;;
        # The program after '--' (a name on PATH, or a file); '--' first when it is missing.
        program)
            if [[ -n $2 ]]; then COMPREPLY=($(compgen -c -- "$cur")); compopt -o filenames 2>/dev/null
            else COMPREPLY=(--); fi ;;
        stored)
            [[ -n $2 ]] || return
            cur=${cur#[\'\"]}
            local line
            COMPREPLY=()
            while IFS= read -r line; do COMPREPLY+=("$line"); done \
                < <("$_shelf_bin" ${_shelf_app:+--app "$_shelf_app"} __complete-path "$2" "$cur" 2>/dev/null)
            compopt -o filenames 2>/dev/null
            [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null ;;
        command) COMPREPLY=($(compgen -W "$_shelf_commands" -- "$cur")) ;;
        shell) COMPREPLY=($(compgen -W "$_shelf_shells" -- "$cur")) ;;
        file) compopt -o default 2>/dev/null; COMPREPLY=() ;;
        *) COMPREPLY=() ;;
    esac
}

# The app or group names present (shelf __complete-name).
_shelf_names() {
    "$_shelf_bin" __complete-name "$1" 2>/dev/null
}

_shelf() {
    local _shelf_cur=${COMP_WORDS[COMP_CWORD]} _shelf_app= _shelf_bin=${COMP_WORDS[0]}
    local command= word kind spec ended= join= i n
    local -a positionals=() kinds=()
    [[ $_shelf_bin == "~/"* ]] && _shelf_bin=$HOME/${_shelf_bin#"~/"}
    type -P -- "$_shelf_bin" >/dev/null 2>&1 || _shelf_bin=shelf
    _shelf_spec ''
    # sharedContainer:<group>: bash splits the word at the colon, so the cursor is on the
    # ':' itself or on the group typed after it.
    if [[ $_shelf_cur == : && ${COMP_WORDS[COMP_CWORD - 1]} == sharedContainer ]] ||
       [[ ${COMP_WORDS[COMP_CWORD - 1]} == : && ${COMP_WORDS[COMP_CWORD - 2]} == sharedContainer ]]; then
        _shelf_offer group "${_shelf_cur#:}"
        return
    fi
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        # bash splits sharedContainer:group at the colon: join the pieces again.
        if [[ -n $join ]]; then positionals[-1]+=$word; join=; continue; fi
        if [[ $word == : && ${#positionals[@]} -gt 0 ]]; then positionals[-1]+=:; join=1; continue; fi
        if [[ -z $ended && $word == -?* ]]; then
            [[ $word == -- ]] && { ended=1; continue; }
            spec=" $_shelf_valued "
            if [[ $spec == *" $word:"* ]]; then
                kind=${spec#*" $word:"}; kind=${kind%% *}
                # bash splits --app=NAME at the '=': step over it.
                [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
                if ((i + 1 == COMP_CWORD)); then _shelf_offer "$kind"; return; fi
                ((i++))
                [[ $word == --app ]] && _shelf_app=${COMP_WORDS[i]}
            fi
            continue
        fi
        if [[ -z $command ]]; then
            command=$word
            _shelf_spec "$command"
        else
            positionals+=("$word")
        fi
    done
    if [[ -z $ended && $_shelf_cur == -* ]]; then
        COMPREPLY=($(compgen -W "$_shelf_opts" -- "$_shelf_cur"))
        return
    fi
    [[ -n $command ]] || { _shelf_offer command; return; }
    read -ra kinds <<< "$_shelf_args"
    n=${#positionals[@]}
    kind=${kinds[n]}
    if [[ ${kinds[-1]} == more ]] && ((n >= ${#kinds[@]} - 1)); then kind=${kinds[-2]}; fi
    # The program's own arguments, after its name, are files.
    if [[ ${kinds[-1]} == program ]] && ((n >= ${#kinds[@]})); then kind=file; fi
    if [[ $kind == program ]]; then _shelf_offer program "$ended"; return; fi
    # A stored path lives in the directory named by the nearest directory argument before it.
    local directory=
    for ((i = n - 1; i >= 0; i--)); do
        if [[ ${kinds[i]} == directory ]]; then directory=${positionals[i]}; break; fi
    done
    _shelf_offer "$kind" "$directory"
}

complete -F _shelf shelf
