/// What every completion script needs from the table, in one place, so that the three scripts
/// offer the same words: the commands, the options of each (with what their values are), and
/// what each positional argument holds.
enum CompletionModel {
    /// The canonical directory names (a shared container's group follows the colon).
    static let directories = ["documents", "caches", "applicationSupport", "temporary", "sharedContainer:"]

    /// Every spelling of an option: `--name`, then `-x` when it has a short form.
    static func spellings(_ option: OptionSpec) -> [String] {
        ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// The name a script uses for a kind of value.
    /// The kinds of a command's arguments by position; a repeated last one is followed by `more`,
    /// which the scripts read as "the kind before, for every later word".
    static func kinds(_ arguments: [ArgumentSpec]) -> [String] {
        arguments.map { name($0.kind) } + (arguments.last?.repeats == true ? ["more"] : [])
    }

    static func name(_ kind: ArgumentKind) -> String {
        switch kind {
        case .directory: return "directory"
        case .storedPath: return "stored"
        case .command: return "command"
        case .shell: return "shell"
        case .file: return "file"
        case .text: return "text"
        case .app: return "app"
        case .program: return "program"
        }
    }

    /// The spellings of the options that take a value, each with the kind of its value.
    static func valued(_ options: [OptionSpec]) -> [(spelling: String, kind: String)] {
        options.filter { $0.value != nil }.flatMap { option in spellings(option).map { ($0, name(option.valueKind)) } }
    }

    /// Single-quoted for any POSIX-like shell and for fish: a quote inside becomes '\''.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func header(_ shell: String) -> String {
        "# \(shell) completion for shelf \(CLI.version). Generated from the command table by\n"
            + "# 'shelf completions \(shell)' ('make docs'). Do not edit.\n"
    }
}
