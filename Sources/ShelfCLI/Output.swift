import ShelfCore

/// Text output to a descriptor, buffered so that long listings cost few system calls.
/// Data that must stream (retrieve) bypasses it through the raw descriptor after a flush.
final class Output {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func line(_ text: String) { write(text + "\n") }

    /// A line of bytes (a name, escaped by the caller).
    func line(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered. A failed write (closed pipe, full disk) is dropped here:
    /// there is nowhere left to report it, and the exit status already tells the outcome.
    func flush() {
        try? FileDescriptor(raw: descriptor, path: "<output>").writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Whether the descriptor is a terminal (prompts and progress only then).
    var isTerminal: Bool { FileDescriptor(raw: descriptor, path: "<output>").isTerminal }
}
