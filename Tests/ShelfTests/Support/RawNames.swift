import Foundation
import Glibc
@testable import ShelfCore
import ShelfCLI
import ShelfTestSupport

/// Names as bytes in tests: running the CLI with words that are not UTF-8, and making and reading
/// names on disk directly, as another program would (Foundation's path APIs take text).
extension TestHome {
    /// Runs the CLI in-process with `words` as the process would receive them.
    /// - Parameter invalid: variables to present as set to bytes that are not UTF-8.
    func run(bytes words: [[UInt8]], stdin: String = "", invalid: [String] = []) -> (status: Int32, stdout: [UInt8], stderr: String) {
        let input = CapturedFile(contents: Array(stdin.utf8))
        let out = CapturedFile()
        let err = CapturedFile()
        var variables = environment
        for name in invalid { variables[name] = nil }
        let status = CLI.run(argumentBytes: words, environment: Environment(variables: variables, invalid: invalid),
                             stdin: input.fd, stdout: out.fd, stderr: err.fd)
        return (status, out.bytes(), err.contents())
    }

    /// Creates the file `name` (any bytes but `/` and NUL) in the folder `relative`.
    func createRaw(_ name: [UInt8], in relative: String, contents: String) {
        try? FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        try! RawFiles.write(Array(path(relative).utf8) + [UInt8(ascii: "/")] + name, Array(contents.utf8))
    }

    /// The names in the folder `relative`, as bytes, sorted; empty when it does not exist.
    func rawNames(in relative: String) -> [[UInt8]] {
        RawFiles.names(of: path(relative)).sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// Byte strings written the way the tests read them: `b("caf", 0xE9, ".txt")`.
func b(_ parts: Any...) -> [UInt8] {
    parts.flatMap { part -> [UInt8] in
        switch part {
        case let text as String: return Array(text.utf8)
        case let byte as Int: return [UInt8(byte)]
        case let bytes as [UInt8]: return bytes
        default: preconditionFailure("b() takes text, bytes and byte values")
        }
    }
}
