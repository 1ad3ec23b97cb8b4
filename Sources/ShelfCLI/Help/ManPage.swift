/// The man page `docs/shelf.1`, rendered from `CommandTable` (commands, arguments, options,
/// examples), `CommandSpec.global`, `HelpText.directories` and `ExitCode.documented`, so that it
/// says what `--help` says. `shelf --generate-manpage` prints it; `make docs` writes it.
enum ManPage {
    static func render() -> String {
        var page = """
            .\\" Generated from the command table by 'shelf \\-\\-generate\\-manpage' ('make docs'). Do not edit.
            .TH SHELF 1 \(date) "shelf \(CLI.version)" "User Commands"
            .SH "NAME"
            shelf \\- keep files and JSON on disk, safely
            .SH "SYNOPSIS"

            """
        page += ".B shelf\n" + CommandSpec.global.map { "[" + inline($0) + "]" }.joined(separator: "\n") + "\n"
        page += ".I command\n[\\fIarguments\\fR] [\\fIoptions\\fR]\n"
        page += section("DESCRIPTION") + paragraphs(description)
        page += section("OPTIONS") + options(CommandSpec.global)
        page += section("COMMANDS")
        for command in CommandTable.visible { page += commandSection(command) }
        page += section("DIRECTORIES") + paragraphs(directoriesIntro)
        page += HelpText.directories.map { ".TP\n.B " + quoted($0.0) + "\n" + paragraphs($0.1) }.joined()
        page += section("ENVIRONMENT") + environment.map { ".TP\n.B \($0.0)\n" + paragraphs($0.1) }.joined()
        page += section("EXIT STATUS") + ExitCode.documented.map { ".TP\n.B \($0.0)\n" + paragraphs($0.1) }.joined()
        page += section("FILES") + files.map { ".TP\n.I " + quoted($0.0) + "\n" + paragraphs($0.1) }.joined()
        page += section("EXAMPLES") + examples()
        page += section("SEE ALSO") + ".BR jq (1),\n.BR sysexits (3),\n.BR flock (2)\n"
        return page
    }

    /// The date of the version the page describes (mandoc wants one); bump it with `CLI.version`.
    static let date = "2026-11-23"

    static let description = """
        shelf keeps files and JSON documents in five well-known directories (documents, caches,
        applicationSupport, temporary and shared containers), each mapped onto the XDG Base
        Directory specification inside an app namespace. Every write is atomic and durable: the
        data goes to a temporary file beside the target, which is fsynced and renamed into place,
        and the folder is fsynced too. A crash leaves the old or the new content, never a mix.

        Paths are relative to the directory and may have subfolders. Names that could leave the
        namespace (.., absolute paths, empty components, NUL and control characters) are refused,
        and symbolic links inside a namespace are never followed. A path ending in .json only ever
        holds one valid JSON text.

        Data goes to standard output, messages to standard error. Long work (save, retrieve, move,
        copy, clear) shows a progress line on standard error when it is a terminal and the work
        takes over a second; never in a pipe or under cron, and never with --quiet. shelf uses no
        color. Commands that report something, and those that act, take --json and then print one
        JSON value on one line: an object, or for list an array of objects. When standard output
        cannot be written (a full disk, a closed descriptor), shelf says so on standard error and
        exits 74, even where the work itself was done, and then says that too.

        Names found on disk may hold any byte. On a terminal they are printed quoted for the shell
        as ls does, so that a name can be pasted back; elsewhere escaped, so that one line is always
        one entry; list -0 and clear -0 print their exact bytes, each ended by NUL.
        """

    static let directoriesIntro = """
        Directory names are case-insensitive; kebab-case (application-support) works too. <app> is
        the app namespace: --app, else $SHELF_APP, else shelf. Nothing is created until something
        is written. Under --root DIR (or $SHELF_ROOT) every directory is the folder DIR itself.
        """

    static let environment: [(String, String)] = [
        ("SHELF_APP", "the app namespace when --app is not given (default: shelf)"),
        ("SHELF_ROOT", "an absolute folder used as the whole store when --root is not given (empty: unset)"),
        ("HOME", "the base of every default below; must be absolute"),
        ("XDG_DOCUMENTS_DIR", "the base of documents (else the DOCUMENTS entry of user-dirs.dirs, else ~/Documents)"),
        ("XDG_CACHE_HOME", "the base of caches (default ~/.cache)"),
        ("XDG_DATA_HOME", "the base of applicationSupport and of shared containers (default ~/.local/share)"),
        ("XDG_CONFIG_HOME", "where user-dirs.dirs is read from (default ~/.config)"),
        ("XDG_RUNTIME_DIR", "the base of temporary"),
        ("TMPDIR", "the base of temporary when XDG_RUNTIME_DIR is not set (default /tmp)"),
        ("TERM", "when it is dumb, no progress line is drawn"),
        ("NO_COLOR", "respected trivially: shelf never writes color"),
    ]

    static let files: [(String, String)] = [
        ("$XDG_CONFIG_HOME/user-dirs.dirs", "read for the documents folder when XDG_DOCUMENTS_DIR is not set"),
        ("$XDG_CACHE_HOME/<app>/CACHEDIR.TAG", "marks the caches folder for backup tools to skip"),
        ("<namespace>/.../.shelf-*", "shelf's own temporary, lock and journal files; never listed, and names starting with .shelf- are refused"),
        ("<prefix>/share/doc/shelf/*.md", "the documents this page cites as docs/<name>.md, as install.sh puts them (also in the release tarball and the repository)"),
    ]

    static func commandSection(_ command: CommandSpec) -> String {
        let arguments = command.arguments.filter { !$0.rest }.map { argument in
            let word = "\\fI\(argument.name)\\fR" + (argument.repeats ? "..." : "")
            return argument.optional ? "[" + word + "]" : word
        }
        let program = command.arguments.filter(\.rest).map { spec in
            spec.optional ? " [-- \\fI\(spec.name)\\fR [\\fIargument\\fR...]]" : " -- \\fI\(spec.name)\\fR [\\fIargument\\fR...]"
        }.joined()
        var text = ".SS \"" + ((["shelf", command.name] + arguments).joined(separator: " ")
            + (command.options.isEmpty ? "" : " [options]") + program).replacingDashes() + "\"\n"
        text += paragraphs(sentence(command.summary))
        if !command.discussion.isEmpty { text += ".PP\n" + paragraphs(command.discussion) }
        for argument in command.arguments {
            text += ".TP\n.I " + argument.name + "\n" + paragraphs(argument.help)
        }
        return text + options(command.options) + ".PP\n" + paragraphs(exitStatuses(of: command))
    }

    /// The statuses a command may exit with, as its `--help` lists them (see EXIT STATUS).
    static func exitStatuses(of command: CommandSpec) -> String {
        "Exit status: " + command.statuses.map(String.init).joined(separator: ", ") + " (see EXIT STATUS)."
    }

    static func options(_ options: [OptionSpec]) -> String {
        options.map { ".TP\n" + inline($0) + "\n" + paragraphs($0.help) }.joined()
    }

    /// `\fB\-\-file\fR \fISRC\fR`, `\fB\-f\fR, \fB\-\-force\fR`.
    static func inline(_ option: OptionSpec) -> String {
        var text = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        text += "\\fB" + ("--" + option.name).replacingDashes() + "\\fR"
        if let value = option.value { text += " \\fI" + value + "\\fR" }
        return text
    }

    static func examples() -> String {
        var text = ""
        for command in CommandTable.visible where !command.examples.isEmpty {
            text += (text.isEmpty ? "" : ".PP\n") + "\\fB" + escaped("shelf " + command.name) + "\\fR:\n.PP\n.RS 4\n.nf\n"
            text += command.examples.map { roff($0) + "\n" }.joined() + ".fi\n.RE\n"
        }
        return text
    }

    static func section(_ name: String) -> String { ".SH \(quoted(name))\n" }

    /// Text with blank lines between paragraphs: refilled into lines of at most 80 bytes (roff
    /// fills them again anyway), paragraphs kept.
    static func paragraphs(_ text: String) -> String {
        var out: [String] = []
        var words: [String] = []
        func flush() {
            var line = ""
            for word in words {
                if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
                    out.append(defused(line))
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { out.append(defused(line)) }
            words = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lineWords = line.split(separator: " ").map { escaped(String($0)) }
            if lineWords.isEmpty {
                flush()
                out.append(".PP")
            } else {
                words += lineWords
            }
        }
        flush()
        return out.joined(separator: "\n") + "\n"
    }

    static func sentence(_ text: String) -> String {
        text.isEmpty ? text : text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") || text.hasSuffix(":") ? "" : ".")
    }

    static func quoted(_ text: String) -> String {
        "\"" + roff(text).replacingOccurrences("\"", with: "\\(dq") + "\""
    }

    /// Text safe for roff on a line of its own: escaped, and a leading '.' or '\'' defused.
    static func roff(_ text: String) -> String {
        defused(escaped(text))
    }

    /// Backslashes and hyphens escaped, characters beyond ASCII as `\[uXXXX]`, so that every roff
    /// reads the page the same way whatever its input encoding.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default:
                if scalar.value < 128 {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out
    }

    /// A text line starting with '.' or '\'' would be read as a request: `\&` keeps it text.
    static func defused(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}

extension String {
    fileprivate func replacingDashes() -> String { replacingOccurrences("-", with: "\\-") }

    /// FoundationEssentials-free replacement of every `target` by `replacement`.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
