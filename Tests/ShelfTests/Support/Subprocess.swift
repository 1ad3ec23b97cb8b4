import Foundation
import ShelfTestSupport

/// Runs a program (a shell, make, groff, the built binary) with a given environment and
/// captures its output in unlinked temp files, so that no pipe can fill up and block a test.
enum Subprocess {
    struct Result {
        /// The exit status, or the number of the signal that ended it.
        let status: Int32
        let stdout: String
        let stderr: String
        /// Ended by a signal (the crash points use SIGKILL) rather than by exiting.
        let killed: Bool
    }

    /// The repository's root folder: tests read its docs and run its Makefile.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// - Parameter input: where standard input comes from: by default a file holding `stdin`; `.pipe`
    ///   writes `stdin` (small: the pipe's buffer takes it) into a pipe.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    directory: String? = nil, stdin: String = "", input: ChildInput? = nil) throws -> Result {
        let child = try Child(([executable] + arguments).map { Array($0.utf8) }, environment: environment,
                              input: input ?? .bytes(Array(stdin.utf8)), directory: directory, closingOthers: true)
        if case .pipe = input { child.writeInput(Array(stdin.utf8)) }
        let result = child.wait(timeout: 24 * 3600)
        return Result(status: result.signal ?? result.status, stdout: result.out, stderr: result.err, killed: result.signal != nil)
    }

    /// The absolute path of a program found in the usual system folders, or nil.
    static func which(_ name: String) -> String? { ScratchDisks.which(name) }

    /// The text of a file of the repository.
    static func read(_ relative: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
    }
}
