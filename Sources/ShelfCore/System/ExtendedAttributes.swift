/// The `user.` extended attributes shelf reads and writes, with errors turned into `ShelfError`.
/// A file system without user attributes (ENOTSUP: vfat, NFSv3, ramfs, older tmpfs) is told apart
/// from an attribute that is simply absent (ENODATA), because callers treat them differently.
enum ExtendedAttributes {
    /// The freedesktop.org attribute backup tools read; the value `false` excludes the file.
    static let backup: SystemString = "user.xdg.robots.backup"
    /// shelf's expiry time: decimal seconds since 1970-01-01 UTC.
    static let expiry: SystemString = "user.shelf.expires"

    /// Whether an error means "this file system has no user extended attributes".
    static func isUnsupported(_ error: Errno) -> Bool {
        error == .notSupported || error == .notImplemented
    }

    /// The value of `name`; nil when the file has no such attribute.
    /// - Throws: `unsupported` when the file system has no user attributes, else the mapped error.
    static func value(_ name: SystemString, of file: FileDescriptor) throws -> [UInt8]? {
        do {
            return try read(name, of: file.raw)
        } catch .noAttribute {
            return nil
        } catch {
            throw self.error(error, name: name, path: file.path, operation: .readAttribute)
        }
    }

    static func set(_ name: SystemString, _ value: [UInt8], on file: FileDescriptor) throws {
        do {
            try write(name, value, on: file.raw)
        } catch {
            throw self.error(error, name: name, path: file.path, operation: .setAttribute)
        }
    }

    /// Removes `name`; an attribute that is not there is not an error.
    static func remove(_ name: SystemString, from file: FileDescriptor) throws {
        do {
            try kernel.removeAttribute(name, of: file.raw)
        } catch .noAttribute {
            return
        } catch {
            throw self.error(error, name: name, path: file.path, operation: .removeAttribute)
        }
    }

    /// The names present on `file`; nil when the file system has no extended attributes to give.
    static func names(of file: FileDescriptor) -> [SystemString]? {
        while true {
            do {
                let size = try kernel.attributeNames(of: file.raw, into: UnsafeMutableRawBufferPointer(start: nil, count: 0))
                if size == 0 { return [] }
                let list = try filled(size) { (buffer) throws(Errno) in try kernel.attributeNames(of: file.raw, into: buffer) }
                return list.split(separator: 0).map { SystemString(bytes: Array($0)) }
            } catch .outOfRange {
                continue  // grew between the two calls
            } catch {
                return nil
            }
        }
    }

    /// Copies every `user.` attribute of `input` to `output`, skipping any the target refuses.
    static func copyUserAttributes(from input: FileDescriptor, to output: FileDescriptor) {
        for name in names(of: input) ?? [] where name.hasPrefix("user.") {
            guard let value = try? read(name, of: input.raw) else { continue }
            try? write(name, value, on: output.raw)
        }
    }

    /// One attribute's value: its size, then its bytes, again if it grew meanwhile.
    private static func read(_ name: SystemString, of descriptor: Int32) throws(Errno) -> [UInt8] {
        while true {
            let size = try kernel.attribute(name, of: descriptor, into: UnsafeMutableRawBufferPointer(start: nil, count: 0))
            do {
                return try filled(size) { (buffer) throws(Errno) in try kernel.attribute(name, of: descriptor, into: buffer) }
            } catch .outOfRange {
                continue
            }
        }
    }

    private static func write(_ name: SystemString, _ value: [UInt8], on descriptor: Int32) throws(Errno) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: value.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: value)
        try kernel.setAttribute(name, of: descriptor, to: UnsafeRawBufferPointer(buffer))
    }

    /// The bytes `read` puts in a buffer of `size` bytes (it returns how many).
    private static func filled(_ size: Int, _ read: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) throws(Errno) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { buffer.deallocate() }
        let n = try read(buffer)
        return Array(buffer[..<n])
    }

    static func error(_ error: Errno, name: SystemString, path: String, operation: SystemOperation) -> ShelfError {
        if isUnsupported(error) {
            return .unsupported(path: path, reason: "its file system does not support user extended attributes (\(name))")
        }
        return .system(error, path: path, operation: operation)
    }
}
