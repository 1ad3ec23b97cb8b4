import ShelfCore

/// What a command runs with: the environment and the three standard streams.
struct Context {
    /// Variables whose values are not valid UTF-8 are refused where a folder is resolved from them.
    let environment: Environment
    let stdin: Int32
    /// Standard input was closed when shelf started (`<&-`): descriptor 0 is `/dev/null` then
    /// (`StandardDescriptors`), but a closed input is no input, never an empty one.
    var inputClosed = false
    let stdout: Output
    let stderr: Output
    /// `--app` as given; nil falls back to `SHELF_APP`, then `shelf`.
    let app: String?
    /// `--root` as given; nil falls back to `SHELF_ROOT`, then the XDG directories.
    var root: RootFolder? = nil
    /// `--quiet`: nothing on standard error but errors.
    var quiet = false
    /// What progress lines are timed by (nanoseconds, monotonic).
    var clock: @Sendable () -> UInt64 = MonotonicClock.now
    /// The command's name, which labels its progress line and notices.
    var command = "shelf"

    /// The store the command works in: one folder under `--root`/`SHELF_ROOT` (where an app name
    /// means nothing, so `--app` is refused with it), else the XDG directories of the app.
    func store() throws -> Store {
        if let root = try RootFolder.chosen(root, environment: environment) {
            if app != nil { throw UsageError("--app cannot be combined with --root or SHELF_ROOT: the folder is the whole store") }
            let locations = Locations(folder: root.path, home: environment["HOME"])
            if let what = locations.wholeStoreRefusal {
                throw UsageError("the store's folder \(root.path) is \(what), which is never a whole store: clear and list act on "
                    + "all of it; name a folder of its own inside (see docs/security.md)")
            }
            return Store(locations: locations)
        }
        return try Store(app: app, environment: environment)
    }

    /// A message for a person at a terminal that is not an error (a prompt, a hint); --quiet drops it.
    func notice(_ text: String) {
        guard !quiet else { return }
        stderr.line(text)
        stderr.flush()
    }

    /// Whether a progress line may be drawn: standard error is a terminal that can move the
    /// cursor, and --quiet was not given.
    var showsProgress: Bool {
        !quiet && stderr.isTerminal && environment["TERM"] != "dumb"
    }

    /// Runs long work with a progress line on standard error (see `ProgressLine`); the library's
    /// reports (`WorkProgress`) feed it, and `body` may feed it too. The line is erased afterwards.
    func withProgress<T>(unit: ProgressLine.Unit = .bytes, _ body: (ProgressLine) throws -> T) throws -> T {
        let line = ProgressLine(label: command, unit: unit, enabled: showsProgress, output: stderr, clock: clock)
        defer { line.finish() }
        guard line.enabled else { return try body(line) }
        return try WorkProgress.observing({ line.take($0) }) { try body(line) }
    }

    /// The input of save and append: `--file SRC` when given, else standard input.
    /// The closure gets a source; a file it opened is closed afterwards.
    func withInput<T>(_ file: InputFile?, _ body: (inout DescriptorSource) throws -> T) throws -> T {
        guard let file else {
            if inputClosed {
                throw UsageError("standard input was closed when shelf started (<&-), which is not empty input; give the input on "
                    + "standard input (</dev/null for an empty file) or with --file; nothing was changed")
            }
            if stdin >= 0, FileDescriptor(raw: stdin, path: "<stdin>").isTerminal {
                notice("shelf: \(command): reading standard input; end it with Ctrl-D")
            }
            var source = DescriptorSource(descriptor: stdin, name: "<stdin>")
            return try body(&source)
        }
        // The file is opened by its exact bytes; messages name it escaped where it is not UTF-8.
        let name = file.description
        let raw: Int32
        do {
            raw = try SystemLayer.kernel.open(SystemString(bytes: file.bytes), in: nil, .readOnly, permissions: 0)
        } catch .noSuchFile {
            throw ShelfError.notFound(path: name)
        } catch .permissionDenied {
            throw ShelfError.permissionDenied(path: name)
        } catch {
            throw ShelfError.inputFailed(path: name, reason: error.description)
        }
        return try FileDescriptor(raw: raw, path: name).closeAfter { input in
            var source = DescriptorSource(descriptor: input.raw, name: name)
            return try body(&source)
        }
    }

    /// The size of the input when it is a regular file (`--file`, or standard input redirected
    /// from a file): the total of a progress line.
    func inputSize(_ file: InputFile?) -> Int64? {
        let status: FileStatus?
        if let file {
            status = (try? SystemLayer.kernel.status(of: SystemString(bytes: file.bytes), in: nil, followingLinks: true))
        } else {
            status = try? FileDescriptor(raw: stdin, path: "<stdin>").status()
        }
        guard let status, status.isRegularFile else { return nil }
        return status.size
    }
}
