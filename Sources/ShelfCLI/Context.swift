import Shelf
import Glibc

/// What a command runs with: the environment and the three standard streams.
struct Context {
    let environment: [String: String]
    let stdin: Int32
    let stdout: Output
    let stderr: Output
    /// `--app` as given; nil falls back to `SHELF_APP`, then `shelf`.
    let app: String?

    func store() throws -> Store {
        try Store(app: app, environment: environment)
    }

    /// The input of save and append: `--file SRC` when given, else standard input.
    /// The closure gets a source; a file it opened is closed afterwards.
    func withInput<T>(_ invocation: Invocation, _ body: (inout DescriptorSource) throws -> T) throws -> T {
        guard let file = invocation.value("file") else {
            if stdin >= 0, isatty(stdin) == 1 {
                stderr.line("shelf: \(invocation.command.name): reading standard input; end it with Ctrl-D")
                stderr.flush()
            }
            var source = DescriptorSource(descriptor: stdin, name: "<stdin>")
            return try body(&source)
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            throw code == ENOENT ? ShelfError.notFound(path: file) : code == EACCES ? ShelfError.permissionDenied(path: file)
                : ShelfError.inputFailed(path: file, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var source = DescriptorSource(descriptor: fd, name: file)
        return try body(&source)
    }
}
