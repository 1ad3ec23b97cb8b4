import Foundation

/// Runs a program (a shell, make, groff, the built binary) with a given environment and
/// captures its output in unlinked temp files, so that no pipe can fill up and block a test.
enum Subprocess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository's root folder: tests read its docs and run its Makefile.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    directory: String? = nil, stdin: String = "") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let input = CapturedFile(contents: Array(stdin.utf8)), output = CapturedFile(), errors = CapturedFile()
        process.standardInput = FileHandle(fileDescriptor: input.fd, closeOnDealloc: false)
        process.standardOutput = FileHandle(fileDescriptor: output.fd, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: errors.fd, closeOnDealloc: false)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: output.contents(), stderr: errors.contents())
    }

    /// The absolute path of a program found in the usual system folders, or nil.
    static func which(_ name: String) -> String? {
        ["/usr/local/bin", "/usr/bin", "/bin"].map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The text of a file of the repository.
    static func read(_ relative: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
    }
}
