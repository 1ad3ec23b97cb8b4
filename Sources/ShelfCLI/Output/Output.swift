import ShelfCore

/// Text output to a descriptor, buffered so that long listings cost few system calls.
/// Data that must stream (retrieve) bypasses it through the raw descriptor after a flush.
///
/// A write that fails (a full disk, a closed descriptor) is remembered, not dropped: what follows
/// is discarded, and `failure` tells the one place that checks it (`CLI.finish`, after the final
/// flush) that the output is lost, so that no command can exit 0 having printed nothing.
final class Output {
    /// How the library and messages name standard output (`retrieve` reports its own write
    /// failures under this name too).
    static let standardOutput = "<stdout>"

    let descriptor: Int32
    /// What a failed write names: `<stdout>`, `<stderr>`.
    let name: String
    private var buffer: [UInt8] = []
    /// The first write that failed; nil while everything written has arrived.
    private(set) var failure: ShelfError?
    /// Whether anything was ever written (standard output: a document was printed).
    private(set) var wroteAnything = false
    /// The first failure reported on this stream (standard error), for the error object of
    /// `--json` (`FailureReport`).
    var reported: FailureReport?

    init(descriptor: Int32, name: String = Output.standardOutput) {
        self.descriptor = descriptor
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        wroteAnything = wroteAnything || !text.isEmpty
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    func line(_ text: String) {
        write(text)
        write(byte: UInt8(ascii: "\n"))
    }

    /// Bytes as they are (a name, already shown as its style asks).
    func write(bytes: [UInt8]) {
        guard failure == nil else { return }
        wroteAnything = wroteAnything || !bytes.isEmpty
        buffer.append(contentsOf: bytes)
        flushIfFull()
    }

    func write(byte: UInt8) {
        guard failure == nil else { return }
        wroteAnything = true
        buffer.append(byte)
        flushIfFull()
    }

    private func flushIfFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered; a failure is kept in `failure`.
    func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try FileDescriptor(raw: descriptor, path: name).writeAll(buffer)
        } catch let error as ShelfError {
            failure = error
        } catch {
            failure = .io(path: name, operation: "write", errno: Errno.ioError.rawValue)
        }
    }

    /// Whether the descriptor is a terminal (prompts, progress and quoted names only then).
    var isTerminal: Bool { FileDescriptor(raw: descriptor, path: name).isTerminal }
}
