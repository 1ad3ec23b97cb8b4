/// Where the bytes of a save or append come from: a descriptor (stdin, `--file`) or memory.
/// Reading through one protocol lets every writer stream in fixed-size buffers.
public protocol ByteSource {
    /// Fills some of `buffer`; returns 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Reads an open descriptor without taking ownership of it.
package struct DescriptorSource: ByteSource {
    let fd: FileDescriptor

    /// - Parameters:
    ///   - descriptor: an open, readable file descriptor (0 for standard input).
    ///   - name: how to call it in error messages (`<stdin>`, a file path).
    package init(descriptor: Int32, name: String) {
        fd = FileDescriptor(raw: descriptor, path: name)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try checkInterruption()
        do {
            return try fd.read(into: buffer)
        } catch let error as ShelfError {
            throw ShelfError.inputFailed(path: fd.path, reason: error.failureReason)
        }
    }

    /// Ends the input when a signal shelf defers came: a cut input never counts as whole. Also
    /// between the pieces the kernel copies (`Store.copyInKernel`), which no read comes between.
    package func checkInterruption() throws {
        do {
            try Interruption.check(fd.path)
        } catch let error as ShelfError {
            throw ShelfError.inputFailed(path: fd.path, reason: error.failureReason)
        }
    }
}

/// A file shelf opened itself reads as a source too: its errors name that file as a read failure,
/// where `DescriptorSource` reports the user's input as unreadable.
extension FileDescriptor: ByteSource {}

/// Reads bytes held in memory.
public struct BytesSource<Bytes: Collection<UInt8>>: ByteSource where Bytes.Index == Int {
    let bytes: Bytes
    var offset: Int

    public init(_ bytes: Bytes) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = Swift.min(buffer.count, bytes.endIndex - offset)
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
    }
}
