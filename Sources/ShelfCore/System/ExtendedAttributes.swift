import Glibc

/// The `user.` extended attributes shelf reads and writes, with errno turned into `ShelfError`.
/// A file system without user attributes (ENOTSUP: vfat, NFSv3, ramfs, older tmpfs) is told apart
/// from an attribute that is simply absent (ENODATA), because callers treat them differently.
enum ExtendedAttributes {
    /// The freedesktop.org attribute backup tools read; the value `false` excludes the file.
    static let backup = "user.xdg.robots.backup"
    /// shelf's expiry time: decimal seconds since 1970-01-01 UTC.
    static let expiry = "user.shelf.expires"

    /// Whether an errno means "this file system has no user extended attributes".
    static func isUnsupported(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS
    }

    /// The value of `name`; nil when the file has no such attribute.
    /// - Throws: `unsupported` when the file system has no user attributes, else the mapped errno.
    static func value(_ name: String, of file: FileDescriptor) throws -> [UInt8]? {
        if let value = KernelCalls.xattr(file.raw, name) { return value }
        let code = errno
        if code == ENODATA { return nil }
        throw error(code, name: name, path: file.path, operation: "read extended attribute")
    }

    static func set(_ name: String, _ value: [UInt8], on file: FileDescriptor) throws {
        if KernelCalls.setXattr(file.raw, name, value) { return }
        throw error(errno, name: name, path: file.path, operation: "set extended attribute")
    }

    /// Removes `name`; an attribute that is not there is not an error.
    static func remove(_ name: String, from file: FileDescriptor) throws {
        if KernelCalls.removeXattr(file.raw, name) { return }
        let code = errno
        if code == ENODATA { return }
        throw error(code, name: name, path: file.path, operation: "remove extended attribute")
    }

    /// The names present on `file`; nil when the file system has no extended attributes.
    static func names(of file: FileDescriptor) -> [String]? {
        KernelCalls.xattrNames(file.raw)
    }

    static func error(_ code: Int32, name: String, path: String, operation: String) -> ShelfError {
        if isUnsupported(code) {
            return .unsupported(path: path, reason: "its file system does not support user extended attributes (\(name))")
        }
        return .system(code, path: path, operation: operation)
    }
}
