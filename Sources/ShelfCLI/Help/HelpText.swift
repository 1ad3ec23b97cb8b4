/// `shelf help` and `shelf <command> --help`, generated from `CommandTable` so that they can
/// never disagree with what the parser accepts.
enum HelpText {
    static var overview: String {
        var text = """
            shelf \(CLI.version): keep files and JSON on disk, safely (atomic, durable, path-safe).

            Usage: \(usage)

            Commands:

            """
        let width = (CommandTable.visible.map(\.name.count).max() ?? 0) + 2
        for command in CommandTable.visible {
            text += "  " + pad(command.name, width) + command.summary + "\n"
        }
        text += "\nDirectories (case-insensitive; kebab-case works too):\n"
        for (name, place) in directories { text += "  " + pad(name, 21) + place + "\n" }
        text += "\nGlobal options:\n"
        let optionWidth = (CommandSpec.global.map(\.spelling.count).max() ?? 0) + 2
        for option in CommandSpec.global { text += "  " + pad(option.spelling, optionWidth) + option.help + "\n" }
        text += "\n"
        text += exitStatus
        text += "\nRun 'shelf help <command>' for a command's arguments and options.\n"
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var text = "Usage: \(spec.synopsis)\n\n\(spec.summary)\n"
        if !spec.discussion.isEmpty { text += "\n" + spec.discussion + "\n" }
        if !spec.arguments.isEmpty {
            text += "\nArguments:\n"
            let width = (spec.arguments.map { $0.name.count + 2 }.max() ?? 0) + 2
            for argument in spec.arguments {
                text += "  " + pad("<\(argument.name)>", width) + argument.help + "\n"
            }
        }
        text += "\nOptions:\n"
        let width = (spec.allOptions.map(\.spelling.count).max() ?? 0) + 2
        for option in spec.allOptions {
            text += "  " + pad(option.spelling, width) + option.help + "\n"
        }
        if !spec.examples.isEmpty {
            text += "\nExamples:\n" + spec.examples.map { "  " + $0 + "\n" }.joined()
        }
        return text + "\n" + exitStatus(of: spec)
    }

    /// The usage line of shelf as a whole: it fits every command, also those that take no
    /// directory or path (dirs, apps, capacity).
    static let usage = "shelf [--app NAME] <command> [<arguments>] [options]"

    /// Where each directory lives, for `shelf help` and the man page.
    static let directories: [(String, String)] = [
        ("documents", "$XDG_DOCUMENTS_DIR/<app> (else user-dirs.dirs, else ~/Documents/<app>)"),
        ("caches", "$XDG_CACHE_HOME/<app> (default ~/.cache/<app>)"),
        ("applicationSupport", "$XDG_DATA_HOME/<app> (default ~/.local/share/<app>)"),
        ("temporary", "$XDG_RUNTIME_DIR/<app>, else $TMPDIR/<app>-<uid> (default /tmp)"),
        ("sharedContainer:<group>", "$XDG_DATA_HOME/shelf-shared/<group>, the same for every app"),
    ]

    static var exitStatus: String {
        "Exit status:\n" + ExitCode.documented.map { "  " + pad(String($0.0), 5) + $0.1 + "\n" }.joined()
    }

    /// Only the statuses `spec` may exit with (a command that cannot find nothing does not list 66).
    static func exitStatus(of spec: CommandSpec) -> String {
        let rows = ExitCode.documented(for: spec)
        return "Exit status:\n" + rows.map { "  " + pad(String($0.0), 5) + $0.1 + "\n" }.joined()
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}
