/// The zsh completion script (`_shelf`, for a folder in $fpath): the table generated from
/// `CommandTable`, with each option's help as its description, and one fixed walker.
enum ZshCompletion {
    static func script() -> String {
        var text = "#compdef shelf\n" + CompletionModel.header("zsh") + "\n"
        text += "# Sets opts (spelling:description), valued (option -> kind) and args (kinds) for a command.\n"
        text += "_shelf_spec() {\n  case $1 in\n"
        text += entry("''", CommandSpec.global, [])
        for command in CommandTable.all {
            text += entry(CompletionModel.quoted(command.name), command.allOptions, command.arguments)
        }
        text += "    *) opts=(); valued=(); args=() ;;\n  esac\n}\n\n"
        text += "_shelf_commands=(\n"
        for command in CommandTable.visible {
            text += "  " + CompletionModel.quoted(escapedName(command.name) + ":" + command.summary) + "\n"
        }
        text += ")\n"
        text += "_shelf_directories=(" + CompletionModel.directories.map(CompletionModel.quoted).joined(separator: " ") + ")\n"
        text += "_shelf_shells=(" + CompletionsCommand.shells.joined(separator: " ") + ")\n"
        return text + walker
    }

    static func entry(_ pattern: String, _ options: [OptionSpec], _ arguments: [ArgumentSpec]) -> String {
        let opts = options.flatMap { option in
            CompletionModel.spellings(option).map { CompletionModel.quoted(escapedName($0) + ":" + option.help) }
        }
        let valued = CompletionModel.valued(options).map { CompletionModel.quoted($0.spelling) + " " + $0.kind }
        let args = CompletionModel.kinds(arguments)
        return "    \(pattern))\n      opts=(" + opts.joined(separator: " ") + ")\n"
            + "      valued=(" + valued.joined(separator: " ") + ")\n"
            + "      args=(" + args.joined(separator: " ") + ") ;;\n"
    }

    /// A colon in a name would end it in `_describe`'s name:description pairs.
    static func escapedName(_ name: String) -> String {
        name.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "\\:")
    }

    static let walker = #"""

        # Offers the words of one kind; $1 is the kind, $2 the directory of a stored path.
        _shelf_offer() {
          case $1 in
            directory)
              if [[ $PREFIX == sharedContainer:* ]]; then
                compadd -p sharedContainer: -- ${(f)"$(_call_program groups ${(q)shelf_bin} __complete-name group 2>/dev/null)"}
                return
              fi
              compadd -S '' -- ${_shelf_directories[-1]}; compadd -- ${_shelf_directories[1,-2]} ;;
            app) compadd -- ${(f)"$(_call_program apps ${(q)shelf_bin} __complete-name app 2>/dev/null)"} ;;
            program) if [[ -n $2 ]]; then _command_names -e; else compadd -- --; fi ;;
            stored)
              [[ -n $2 ]] || return 1
              local -a found
              found=("${(@f)$(_call_program paths ${(q)shelf_bin} ${shelf_app:+--app ${(q)shelf_app}} __complete-path ${(q)2} ${(q)${(Q)PREFIX}} 2>/dev/null)}")
              found=(${found:#})
              compadd -S '' -- ${(M)found:#*/}
              compadd -- ${found:#*/} ;;
            command) _describe -t commands 'shelf command' _shelf_commands ;;
            shell) compadd -- $_shelf_shells ;;
            file) _files ;;
            *) return 1 ;;
          esac
        }

        _shelf() {
          local -a opts args positionals
          local -A valued
          local command= word kind ended= i n directory= shelf_app= shelf_bin=${words[1]}
          (( $+commands[$shelf_bin] )) || [[ -x $shelf_bin ]] || shelf_bin=shelf
          _shelf_spec ''
          for (( i = 2; i < CURRENT; i++ )); do
            word=${(Q)words[i]}
            if [[ -z $ended && $word == -?* ]]; then
              if [[ $word == -- ]]; then ended=1; continue; fi
              if (( ${+valued[$word]} )); then
                if (( i + 1 == CURRENT )); then _shelf_offer ${valued[$word]}; return; fi
                (( i++ ))
                [[ $word == --app ]] && shelf_app=${(Q)words[i]}
              fi
              continue
            fi
            if [[ -z $command ]]; then
              command=$word
              _shelf_spec $command
            else
              positionals+=("$word")
            fi
          done
          if [[ -z $ended && ${words[CURRENT]} == -* ]]; then
            _describe -t options option opts
            return
          fi
          [[ -n $command ]] || { _shelf_offer command; return; }
          n=${#positionals}
          kind=${args[n + 1]}
          if [[ ${args[-1]} == more ]] && (( n + 1 >= ${#args} )); then kind=${args[-2]}; fi
          # The program comes after '--'; its own arguments are files.
          if [[ ${args[-1]} == program ]] && (( n + 1 > ${#args} )); then kind=file; fi
          if [[ $kind == program ]]; then _shelf_offer program "$ended"; return; fi
          # A stored path lives in the directory named by the nearest directory argument before it.
          for (( i = n; i >= 1; i-- )); do
            if [[ ${args[i]} == directory ]]; then directory=${positionals[i]}; break; fi
          done
          _shelf_offer "$kind" "$directory"
        }

        if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
          _shelf "$@"
        else
          compdef _shelf shelf
        fi

        """#
}
