/// The `user.` extended attributes shelf reads and writes, with errors turned into `ShelfError`.
/// A file system without user attributes (ENOTSUP: vfat, NFSv3, ramfs, older tmpfs) is told apart
/// from an attribute that is simply absent (ENODATA), because callers treat them differently.
enum ExtendedAttributes {
    /// The freedesktop.org attribute backup tools read; the value `false` excludes the file.
    static let backup: SystemString = "user.xdg.robots.backup"
    /// shelf's expiry time: decimal seconds since 1970-01-01 UTC.
    static let expiry: SystemString = "user.shelf.expires"

    /// The value of `name`; nil when the file has no such attribute.
    /// - Throws: `unsupported` when the file system has no user attributes, else the mapped error.
    static func value(_ name: SystemString, of file: FileDescriptor) throws -> [UInt8]? {
        try attempt(.readAttribute, name, on: file) { () throws(Errno) in try read(name, of: file.raw) }
    }

    static func set(_ name: SystemString, _ value: [UInt8], on file: FileDescriptor) throws {
        _ = try attempt(.setAttribute, name, on: file) { () throws(Errno) in try write(name, value, on: file.raw) }
    }

    /// Removes `name`; an attribute that is not there is not an error.
    static func remove(_ name: SystemString, from file: FileDescriptor) throws {
        _ = try attempt(.removeAttribute, name, on: file) { () throws(Errno) in try kernel.removeAttribute(name, of: file.raw) }
    }

    /// The names present on `file`; nil when the file system has no extended attributes to give.
    static func names(of file: FileDescriptor) -> [SystemString]? {
        let list = try? sized { (buffer) throws(Errno) in try kernel.attributeNames(of: file.raw, into: buffer) }
        return list?.split(separator: 0).map { SystemString(bytes: Array($0)) }
    }

    /// Copies every `user.` attribute of `input` to `output`, skipping any the target refuses.
    static func copyUserAttributes(from input: FileDescriptor, to output: FileDescriptor) {
        for name in names(of: input) ?? [] where name.hasPrefix("user.") {
            guard let value = try? read(name, of: input.raw) else { continue }
            try? write(name, value, on: output.raw)
        }
    }

    /// Runs `call` on the attribute `name` of `file`: nil when the attribute is absent (ENODATA);
    /// `unsupported` when the file system has no user attributes (ENOTSUP, ENOSYS); else the mapped error.
    private static func attempt<R>(_ operation: SystemOperation, _ name: SystemString, on file: FileDescriptor,
                                   _ call: () throws(Errno) -> R) throws -> R? {
        do {
            return try call()
        } catch .noAttribute {
            return nil
        } catch .notSupported, .notImplemented {
            let reason = "its file system does not support user extended attributes (\(name))"
            throw ShelfError.unsupported(path: file.path, reason: reason)
        } catch {
            throw ShelfError.system(error, path: file.path, operation: operation)
        }
    }

    private static func read(_ name: SystemString, of descriptor: Int32) throws(Errno) -> [UInt8] {
        try sized { (buffer) throws(Errno) in try kernel.attribute(name, of: descriptor, into: buffer) }
    }

    private static func write(_ name: SystemString, _ value: [UInt8], on descriptor: Int32) throws(Errno) {
        // Through a `Result`: `withUnsafeBytes` does not pass a typed error on.
        try value.withUnsafeBytes { bytes in
            Result { () throws(Errno) in try kernel.setAttribute(name, of: descriptor, to: bytes) }
        }.get()
    }

    /// What `call` puts in a buffer (it returns how many bytes): asked with an empty buffer for the
    /// size first, then again with a buffer of that size, and all over if it grew meanwhile (ERANGE).
    private static func sized(_ call: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) throws(Errno) -> [UInt8] {
        while true {
            do {
                let size = try call(UnsafeMutableRawBufferPointer(start: nil, count: 0))
                if size == 0 { return [] }
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
                defer { buffer.deallocate() }
                return Array(buffer[..<(try call(buffer))])
            } catch .outOfRange {
                continue  // grew between the two calls
            }
        }
    }
}
