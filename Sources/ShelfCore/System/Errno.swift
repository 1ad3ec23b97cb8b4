import Glibc

/// An error number: how a system call failed, as the kernel (or a stand-in for it, see `Kernel`)
/// answered. Only the names shelf tells apart are spelled out; any other value still travels as is.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let notPermitted = Errno(rawValue: EPERM)
    package static let noSuchFile = Errno(rawValue: ENOENT)
    static let interrupted = Errno(rawValue: EINTR)
    package static let ioError = Errno(rawValue: EIO)
    package static let badDescriptor = Errno(rawValue: EBADF)
    package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    package static let permissionDenied = Errno(rawValue: EACCES)
    package static let fileExists = Errno(rawValue: EEXIST)
    package static let crossDevice = Errno(rawValue: EXDEV)
    package static let notFolder = Errno(rawValue: ENOTDIR)
    package static let isFolder = Errno(rawValue: EISDIR)
    package static let invalidArgument = Errno(rawValue: EINVAL)
    static let textBusy = Errno(rawValue: ETXTBSY)
    static let fileTooLarge = Errno(rawValue: EFBIG)
    package static let noSpace = Errno(rawValue: ENOSPC)
    package static let readOnlyFileSystem = Errno(rawValue: EROFS)
    static let tooManyLinks = Errno(rawValue: EMLINK)
    package static let outOfRange = Errno(rawValue: ERANGE)
    package static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    static let notImplemented = Errno(rawValue: ENOSYS)
    package static let folderNotEmpty = Errno(rawValue: ENOTEMPTY)
    package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
    package static let noAttribute = Errno(rawValue: ENODATA)
    /// ENOTSUP and EOPNOTSUPP, one value on Linux.
    package static let notSupported = Errno(rawValue: EOPNOTSUPP)
    static let quotaExceeded = Errno(rawValue: EDQUOT)
    static let noMemory = Errno(rawValue: ENOMEM)
    /// ESTALE: the file system's handle for a name went stale, as on NFS and GlusterFS when
    /// another host renames over or removes the file in the moment of the lookup.
    static let staleHandle = Errno(rawValue: ESTALE)

    /// The C library's text for the number.
    package var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }
}

extension ShelfError {
    /// Maps a failed system call to the most specific case, so that callers can give the right
    /// exit status (ENOSPC → no space, EACCES → permission, …) without looking at the number. The
    /// operation decides what a name clash means (see `SystemOperation`): only a call that makes
    /// or renames a name can find it taken; a folder that will not go because something is in it
    /// is an I/O failure naming that folder, never "already exists".
    static func system(_ error: Errno, path: String, operation: SystemOperation) -> ShelfError {
        switch error {
        case .noSuchFile: return .notFound(path: path)
        case .permissionDenied, .notPermitted: return .permissionDenied(path: path)
        case .tooManySymbolicLinks: return .symbolicLink(path: path)
        case .fileExists where operation.createsName || operation == .rename, .folderNotEmpty where operation == .rename:
            return .alreadyExists(path: path)
        case .fileExists where operation.removesName, .folderNotEmpty:
            return .io(path: path, operation: operation.text, errno: Errno.folderNotEmpty.rawValue)
        case .isFolder: return .isAFolder(path: path)
        case .notFolder: return .notAFolder(path: path)
        case .noSpace, .quotaExceeded: return .noSpace(path: path)
        case .readOnlyFileSystem: return .readOnly(path: path)
        case .nameTooLong: return .invalidName(path, reason: "name too long for the file system")
        default: return .io(path: path, operation: operation.text, errno: error.rawValue)
        }
    }
}
