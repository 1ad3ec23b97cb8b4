/// The bash completion script: a table of commands, options and argument kinds generated from
/// `CommandTable`, and one fixed function that walks the words typed so far through it.
enum BashCompletion {
    static func script() -> String {
        var text = CompletionModel.header("bash") + "\n"
        text += "# Sets _shelf_opts, _shelf_valued (option:kind) and _shelf_args (kinds) for a command ('' = none yet).\n"
        text += "_shelf_spec() {\n    case $1 in\n"
        text += entry("''", CommandSpec.global, [])
        for command in CommandTable.all {
            text += entry(CompletionModel.quoted(command.name), command.allOptions, command.arguments)
        }
        text += "        *) _shelf_opts=; _shelf_valued=; _shelf_args= ;;\n    esac\n}\n\n"
        text += "_shelf_commands=" + CompletionModel.quoted(CommandTable.visible.map(\.name).joined(separator: " ")) + "\n"
        text += "_shelf_directories=" + CompletionModel.quoted(CompletionModel.directories.joined(separator: " ")) + "\n"
        text += "_shelf_shells=" + CompletionModel.quoted(CompletionsCommand.shells.joined(separator: " ")) + "\n"
        return text + walker
    }

    static func entry(_ pattern: String, _ options: [OptionSpec], _ arguments: [ArgumentSpec]) -> String {
        let opts = options.flatMap(CompletionModel.spellings).joined(separator: " ")
        let valued = CompletionModel.valued(options).map { $0.spelling + ":" + $0.kind }.joined(separator: " ")
        let args = CompletionModel.kinds(arguments).joined(separator: " ")
        return "        \(pattern)) _shelf_opts=\(CompletionModel.quoted(opts)); _shelf_valued=\(CompletionModel.quoted(valued));"
            + " _shelf_args=\(CompletionModel.quoted(args)) ;;\n"
    }

    static let walker = #"""

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

        """#
}
