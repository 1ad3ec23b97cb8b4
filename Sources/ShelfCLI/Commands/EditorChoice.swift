import ShelfCore

/// Which editor `edit` runs, in sensible-editor's order (Debian's, which git and crontab -e
/// follow in spirit): `$VISUAL`, then `$EDITOR`, each a shell command line (EDITOR="code -w");
/// else the first of `editor` (the system's chosen one, by alternatives), nano and vi found on
/// PATH. None of them: nil, and `edit` says how to set one instead of running a missing vi.
struct EditorChoice: Equatable {
    /// The shell text that is run with the copy's path after it (`sh -c '<command> "$@"'`).
    let command: String
    /// Where it came from, for messages: `$VISUAL`, `$EDITOR`, or `PATH` for a fallback.
    let source: String

    /// The programs tried when neither variable is set, in order.
    static let fallbacks = ["editor", "nano", "vi"]

    static func choose(_ environment: Environment, childEnvironment: [[UInt8]]) -> EditorChoice? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.isEmpty { return EditorChoice(command: value, source: "$" + name) }
        }
        return fallbacks.first { ChildProcess.isRunnable($0, environment: childEnvironment) }.map { EditorChoice(command: $0, source: "PATH") }
    }

    /// The two lines when no editor is found (exit 127).
    static let noneFound = (message: "no editor found: $VISUAL and $EDITOR are not set, and none of "
                                + fallbacks.joined(separator: ", ") + " is on PATH",
                            hint: "Set one for this run (EDITOR=nano shelf edit …) or for good (export VISUAL=… in ~/.profile); "
                                + "the value is a command line, such as 'code -w'.")
}
