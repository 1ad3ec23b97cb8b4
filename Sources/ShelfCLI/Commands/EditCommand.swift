import ShelfCore

/// `shelf edit`: a stored file in an editor, checked and put back as `visudo` does.
struct EditCommand: Command {
    static let raw = Flag("raw", help: "put a .json path back without checking that it is JSON")

    static let commandName = "edit"

    static let spec = CommandSpec(
        EditCommand.self,
        name: commandName,
        summary: "open a copy of <path> in $VISUAL or $EDITOR (else vi), check it and put it back atomically",
        arguments: [Shared.directory, Shared.path],
        options: [raw, Shared.printPath, Shared.jsonReport],
        discussion: """
            The copy lives in a private folder outside the store (mode 0700, under $TMPDIR, else
            /tmp, used only where no other user can move it), removed afterwards, also when shelf
            gets SIGTERM or SIGHUP. The editor runs as git runs it: sh -c '$EDITOR "$@"',
            so EDITOR="code -w" works. When the editor exits 0, a .json copy is validated like save:
            on a terminal an invalid one shows the error's line and column and asks 'e' to edit again
            or 'x' to discard; elsewhere shelf exits 65 and the stored file stays. The copy replaces
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
        writes: true, statuses: [ExitCode.dataError, ExitCode.cannotCreate, ExitCode.tryAgain, ExitCode.permission], passesProgramStatus: true,
        hazards: [Hazard(destroys: "the content of the file (replaced by the edited copy)", consent: nil)])

    let stored: StoredPath
    let validateJSON: Bool?
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        validateJSON = words[Self.raw] ? false : nil
        report = try ActionReport.Style(printPath: words[Shared.printPath], json: words[Shared.jsonReport])
    }

    /// The editor as git chooses it: VISUAL, then EDITOR, then vi.
    static func editor(_ environment: Environment) -> String {
        for name in ["VISUAL", "EDITOR"] { if let value = environment[name], !value.isEmpty { return value } }
        return "vi"
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let editor = EditCommand.editor(context.environment)
        let environment = context.environment.variables.sorted { $0.key < $1.key }.map { Array("\($0.key)=\($0.value)".utf8) }
        let name = "shelf: \(context.command)"
        let candidates = PrivateFolder.candidates(temporaryFolder: context.environment["TMPDIR"])
        return try store.withEditCopy(stored.path, in: stored.directory, privateUnder: candidates) { copy, keep in
            while true {
                context.stdout.flush()
                context.stderr.flush()
                let argv = ["/bin/sh", "-c", editor + " \"$@\"", editor].map { Array($0.utf8) } + [copy.editorPath]
                let (ended, stoppedBy) = try ChildProcess.runInForeground(argv, environment: environment, stdin: context.stdin,
                                                                          stdout: context.stdout.descriptor, stderr: context.stderr.descriptor)
                if let stoppedBy { return 128 + stoppedBy }
                guard ended.succeeded else {
                    context.stderr.line("\(name): the editor (\(editor)) failed with status \(ended.shellStatus); nothing was changed")
                    return ended.shellStatus
                }
                if try copy.isUnchanged() {
                    context.notice("\(name): no changes; \(stored.directory.name) \(stored.path.description) left as it was")
                    return ExitCode.success
                }
                do {
                    let saved = try copy.install(validateJSON: validateJSON)
                    try ActionReport(store: store, stored, printed: saved.path).print(report, to: context.stdout, [("bytes", .integer(saved.bytes))])
                    return ExitCode.success
                } catch let error as ShelfError {
                    guard case .invalidJSON = error else {
                        // Whatever else failed, the edits are not thrown away.
                        keep = true
                        Messages.report(error, command: EditCommand.spec, to: context.stderr)
                        keptCopy(copy, context)
                        return ExitCode.status(for: error, writes: true)
                    }
                    context.stderr.line("\(name): \(error.description)")
                    guard EditCommand.mayAsk(context), EditCommand.ask(context) else {
                        context.stderr.line("\(name): nothing was changed")
                        return ExitCode.dataError
                    }
                } catch let changed as StoredFileChanged {
                    keep = true
                    context.stderr.line("\(name): \(changed.path) changed while you were editing it (it was replaced, moved or removed); your version was not saved")
                    keptCopy(copy, context)
                    return ExitCode.tryAgain
                }
            }
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
