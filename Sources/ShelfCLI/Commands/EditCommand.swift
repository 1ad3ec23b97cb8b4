import ShelfCore

/// `shelf edit`: a stored file in an editor, checked and put back as `visudo` does.
struct EditCommand: Command {
    static let raw = Flag("raw", help: "put a .json path back without checking that it is JSON")

    static let commandName = "edit"

    static let spec = CommandSpec(
        EditCommand.self,
        name: commandName,
        summary: "open a copy of <path> in $VISUAL or $EDITOR (else editor, nano or vi), check it and put it back atomically",
        arguments: [Shared.directory, Shared.path],
        options: [raw, Shared.printPath, Shared.jsonReport],
        discussion: """
            The copy lives in a private folder outside the store (mode 0700, under $TMPDIR, else
            /tmp, used only where no other user can move it), removed afterwards, also when shelf
            gets SIGTERM or SIGHUP. The editor is $VISUAL, else $EDITOR, else the first of editor,
            nano and vi on PATH (sensible-editor's order); with none, shelf says how to set one and
            exits 127. It runs as git runs it: sh -c '$EDITOR "$@"', so EDITOR="code -w" works. An
            editor that fails is exit 125 (its status in the message and in --json), 126 or 127
            when the shell cannot run or find it; the stored file is unchanged. When the editor exits 0, a .json copy is validated like save:
            on a terminal an invalid one shows the error's line and column and asks 'e' to edit again
            or 'x' to discard; elsewhere shelf exits 65, naming the edited copy, and the stored file stays. The copy replaces
            the stored file atomically, and only if the stored file is still the one copied (same
            file, same bytes): if another process changed, moved or removed it meanwhile, nothing
            is replaced, the copy is kept (its path is printed, and the time until which it is
            kept) and shelf exits 75; when putting it back fails otherwise, the copy is kept too.
            A kept copy stays for 7 days after its last change: the first edit after that (of any
            file) removes it. A
            missing file is created, starting empty (a .json one must then be given a value); an
            unchanged copy writes nothing. The new content keeps the file's permission bits, expiry
            time, do-not-backup flag and other user extended attributes.
            --json prints {"directory":…,"path":…,"bytes":N} when the file was replaced.
            """,
        examples: [
            "EDITOR='sed -i s/dark/light/' shelf edit applicationSupport settings.json",
        ],
        writes: true, statuses: [ExitCode.dataError, ExitCode.cannotCreate, ExitCode.tryAgain, ExitCode.permission] + ExitCode.ofProgram,
        hazards: [Hazard(destroys: "the content of the file (replaced by the edited copy)", consent: nil)])

    let stored: StoredPath
    let validateJSON: Bool?
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        validateJSON = words[Self.raw] ? false : nil
        report = try ActionReport.Style(printPath: words[Shared.printPath], json: words[Shared.jsonReport])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let environment = context.environment.variables.sorted { $0.key < $1.key }.map { Array("\($0.key)=\($0.value)".utf8) }
        guard let editor = EditorChoice.choose(context.environment, childEnvironment: environment) else {
            FailureReport.report(EditorChoice.noneFound.message, hint: EditorChoice.noneFound.hint, command: context.command,
                                 details: [("program", ProgramRun.programMember("", nil))], to: context.stderr)
            return ExitCode.programNotFound
        }
        let unchanged = "\(stored.directory.name) \(stored.path.description) is unchanged"
        let candidates = PrivateFolder.candidates(temporaryFolder: context.environment["TMPDIR"])
        return try store.withEditCopy(stored.path, in: stored.directory, privateUnder: candidates) { copy, keep in
            while true {
                context.stdout.flush()
                context.stderr.flush()
                let argv = ["/bin/sh", "-c", editor.command + " \"$@\"", editor.command].map { Array($0.utf8) } + [copy.editorPath]
                let (ended, stoppedBy) = try ChildProcess.runInForeground(argv, environment: environment, stdin: context.stdin,
                                                                          stdout: context.stdout.descriptor, stderr: context.stderr.descriptor)
                if let stoppedBy { return 128 + stoppedBy }
                guard ended.succeeded else { return EditCommand.editorFailed(editor, ended, unchanged, context) }
                if try copy.isUnchanged() {
                    context.notice("shelf: \(context.command): no changes; \(unchanged)")
                    return ExitCode.success
                }
                do {
                    let saved = try copy.install(validateJSON: validateJSON)
                    try ActionReport.print(report, store: store, stored, printed: saved.path, to: context.stdout, [("bytes", .integer(saved.bytes))])
                    return ExitCode.success
                } catch let error as ShelfError {
                    guard case .invalidJSON(_, let line, let column, let reason) = error else {
                        // Whatever else failed, the edits are not thrown away.
                        keep = true
                        Messages.report(error, command: EditCommand.spec, to: context.stderr)
                        keptCopy(copy, context)
                        return ExitCode.status(for: error, writes: true)
                    }
                    // The stored file is fine: what is not JSON is the edited copy.
                    let message = "your edited copy is not valid JSON: line \(line), column \(column): \(reason); \(unchanged)"
                    guard EditCommand.mayAsk(context) else {
                        FailureReport.report(message, hint: "Your changes were discarded: run 'shelf edit' again (on a terminal it offers "
                                             + "to reopen the copy), or pass --raw to store it unchecked.", command: context.command, to: context.stderr)
                        return ExitCode.dataError
                    }
                    context.stderr.line("shelf: \(context.command): \(printable(message))")
                    guard EditCommand.ask(context) else {
                        FailureReport.report("your changes were discarded; \(unchanged)", hint: "Run 'shelf edit' again to start over.",
                                             command: context.command, to: context.stderr)
                        return ExitCode.dataError
                    }
                } catch let changed as StoredFileChanged {
                    keep = true
                    context.stderr.line("shelf: \(context.command): \(changed.path) changed while you were editing it (it was replaced, moved or removed); your version was not saved")
                    keptCopy(copy, context)
                    return ExitCode.tryAgain
                }
            }
        }
    }

    /// An editor that did not end well: 127 and 126 are the shell's "not found" and "cannot
    /// run" (sh runs it), any other failure is shelf's 125, with the editor's status in the message.
    static func editorFailed(_ editor: EditorChoice, _ ended: ChildProcess.Termination, _ unchanged: String, _ context: Context) -> Int32 {
        let details = [("program", ProgramRun.programMember(editor.command, ended))]
        switch ended {
        case .exited(127), .exited(126):
            let notFound = ended == .exited(127)
            FailureReport.report("the editor '\(editor.command)' (from \(editor.source)) " + (notFound ? "was not found" : "could not be run")
                                 + " (the shell's status \(ended.shellStatus)); \(unchanged)",
                                 hint: "Set VISUAL or EDITOR to an editor that is installed (EDITOR=nano shelf edit …); "
                                     + "the value is a command line, such as 'code -w'.",
                                 command: context.command, details: details, to: context.stderr)
            return notFound ? ExitCode.programNotFound : ExitCode.programCannotRun
        default:
            var how = "exited with status \(ended.shellStatus)"
            if case .killed(let signal) = ended { how = "was killed by signal \(signal)" }
            FailureReport.report("the editor '\(editor.command)' \(how); nothing was saved, \(unchanged)",
                                 hint: "Its own messages, if any, are above; shelf exits \(ExitCode.programFailed) whenever the editor fails.",
                                 command: context.command, details: details, to: context.stderr)
            return ExitCode.programFailed
        }
    }

    /// Where the copy that was not put back is kept, until when (`KeptEditCopies`), and how to
    /// store it.
    private func keptCopy(_ copy: EditCopy, _ context: Context) {
        let kept = EscapedText.text(copy.editorPath)
        let until = TimestampText.format(KeptEditCopies.removalTime())
        context.stderr.line("shelf: \(context.command): your version is kept in \(kept) until \(until) (a later 'shelf edit' "
            + "removes it then; remove it sooner when done): compare, then 'shelf save "
            + "\(stored.directory.name) \(stored.path.description) --file \(kept)' to store yours, or run 'shelf edit' again")
    }

    /// Whether a person can answer: standard input and standard error are terminals.
    static func mayAsk(_ context: Context) -> Bool {
        context.stdin >= 0 && FileDescriptor(raw: context.stdin, path: "<stdin>").isTerminal && context.stderr.isTerminal
    }

    /// "e to edit again, x to discard": true for e. End of input or anything else discards.
    static func ask(_ context: Context) -> Bool {
        let input = FileDescriptor(raw: context.stdin, path: "<stdin>")
        while true {
            context.stderr.write("What now? e to edit again, x to discard your changes: ")
            context.stderr.flush()
            var line: [UInt8] = []
            var byte: [UInt8] = [0]
            var ended = true
            while let n = try? byte.withUnsafeMutableBytes({ try input.read(into: $0) }), n == 1 {
                if byte[0] == UInt8(ascii: "\n") { ended = false; break }
                if byte[0] != UInt8(ascii: " ") && byte[0] != UInt8(ascii: "\r") { line.append(byte[0]) }
            }
            switch String(decoding: line, as: UTF8.self) {
            case "e", "E": return true
            case "x", "X": return false
            default: if ended { return false }
            }
        }
    }
}
