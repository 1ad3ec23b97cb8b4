import Glibc
import ShelfTestSupport

/// One process to run: its arguments and where its standard streams come from and go to.
struct Command {
    enum Input {
        case none                 // /dev/null
        case file(String)         // the file, opened read-only
        case feed(bytes: Int)     // a pipe the harness fills with `bytes` bytes, then closes
    }
    enum Output: Equatable {
        case discard              // /dev/null
        case drain                // a pipe the harness reads to the end (a reader as fast as can be)
    }

    var arguments: [String]
    var input: Input = .none
    var output: Output = .discard
}

/// Starts processes with `posix_spawn` through the test tools' `Child` (no shell, no Foundation
/// `Process`) and waits in `wait4` itself, so that the harness adds the same small, fixed cost to
/// shelf and to each baseline.
enum Spawner {
    /// The environment every spawned process gets (set once by the workspace).
    nonisolated(unsafe) static var environment: [String: String] = [:]
    /// A byte pattern written into `feed` pipes: 1 MiB, not all one value.
    static let pattern: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    static func now() -> Double { Child.now() }

    /// Runs `command` to completion and measures it (a signal leaves its status at -1).
    static func run(_ command: Command) throws -> ChildResult {
        var input = ChildInput.none
        if case .file(let path) = command.input {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BenchError("cannot open \(path): \(errnoText())") }
            input = .descriptor(fd)
        } else if case .feed = command.input {
            input = .pipe
        }
        defer { if case .descriptor(let fd) = input { close(fd) } }
        let child = try start(command.arguments, input: input, output: command.output == .drain ? .pipe : .discard)
        if case .feed(let bytes) = command.input { feed(child, bytes: bytes) }
        if command.output == .drain { drain(child.outputReader) }
        return child.waitBlocking()
    }

    /// Starts `arguments` with the workspace's environment; the caller waits.
    static func start(_ arguments: [String], input: ChildInput, output: ChildOutput = .discard) throws -> Child {
        do {
            return try Child(arguments.map { Array($0.utf8) }, environment: environment, input: input, output: output)
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// Writes `bytes` of the pattern to the child's standard input, then closes it.
    private static func feed(_ child: Child, bytes: Int) {
        var left = bytes
        // writeInput is false once the reader stopped early; its status will say why.
        while left > 0, child.writeInput(left >= pattern.count ? pattern : Array(pattern.prefix(left))) {
            left -= min(left, pattern.count)
        }
        child.closeInput()
    }

    private static func drain(_ fd: Int32) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, 1 << 20)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
    }
}

/// A failure of the harness itself (not of a measured process).
typealias BenchError = HarnessError

func errnoText() -> String { String(cString: strerror(errno)) }

/// A line on standard error (the harness's progress and failures).
func printError(_ text: String) {
    var line = Array((text + "\n").utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
