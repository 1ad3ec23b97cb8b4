/// The fish completion script: one `complete` line per command and option, generated from
/// `CommandTable` with its help as the description, and a few functions that find the command
/// and the kind of the argument under the cursor.
enum FishCompletion {
    static func script() -> String {
        var text = CompletionModel.header("fish") + "\n"
        text += "# The kinds of a command's arguments, and its options that take a value.\n"
        text += "function __shelf_spec\n    switch $argv[1]\n"
        text += entry("''", CommandSpec.global, [])
        for command in CommandTable.all {
            text += entry(CompletionModel.quoted(command.name), command.allOptions, command.arguments)
        }
        text += "    end\nend\n" + functions + "\ncomplete -c shelf -f\n"
        for option in CommandSpec.global {
            text += "complete -c shelf -n '__shelf_using \"\"'" + flags(option) + "\n"
        }
        for command in CommandTable.visible {
            text += "complete -c shelf -n '__shelf_using \"\"' -a " + CompletionModel.quoted(command.name)
                + " -d " + CompletionModel.quoted(command.summary) + "\n"
        }
        for command in CommandTable.visible {
            let condition = " -n " + CompletionModel.quoted("__shelf_using " + command.name)
            for option in command.allOptions { text += "complete -c shelf" + condition + flags(option) + "\n" }
        }
        text += "complete -c shelf -n '__shelf_wants directory' -a " + CompletionModel.quoted(CompletionModel.directories.joined(separator: " ")) + "\n"
        text += "complete -c shelf -n '__shelf_wants stored' -a '(__shelf_stored_paths)'\n"
        text += "complete -c shelf -n '__shelf_wants command' -a " + CompletionModel.quoted(CommandTable.visible.map(\.name).joined(separator: " ")) + "\n"
        text += "complete -c shelf -n '__shelf_wants shell' -a " + CompletionModel.quoted(CompletionsCommand.shells.joined(separator: " ")) + "\n"
        text += "complete -c shelf -n '__shelf_wants file' -F\n"
        text += "complete -c shelf -n '__shelf_wants directory' -a '(__shelf_names group sharedContainer:)'\n"
        text += "complete -c shelf -n '__shelf_wants program' -a '(__fish_complete_command)'\n"
        text += "complete -c shelf -n '__shelf_wants dashes' -a '--'\n"
        return text
    }

    static func entry(_ pattern: String, _ options: [OptionSpec], _ arguments: [ArgumentSpec]) -> String {
        let args = CompletionModel.kinds(arguments).joined(separator: " ")
        let valued = options.filter { $0.value != nil }.flatMap(CompletionModel.spellings).joined(separator: " ")
        return "        case \(pattern)\n            set -g __shelf_args \(args)\n            set -g __shelf_valued \(valued)\n"
    }

    /// ` -l file -s f -r -F -d '…'`: a value is required; files complete for a file value only.
    static func flags(_ option: OptionSpec) -> String {
        var text = " -l " + option.name + (option.short.map { " -s \($0)" } ?? "")
        if option.value != nil {
            switch option.valueKind {
            case .file: text += " -r -F"
            case .app: text += " -x -a '(__shelf_names app)'"
            default: text += " -x"
            }
        }
        return text + " -d " + CompletionModel.quoted(option.help)
    }

    static let functions = #"""

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

        """#
}
