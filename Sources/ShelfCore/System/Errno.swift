import Glibc

/// The text the C library gives for an errno value.
func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

extension ShelfError {
    /// Maps a failed system call to the most specific case, so that callers can give the right
    /// exit status (ENOSPC → no space, EACCES → permission, …) without looking at errno.
    static func system(_ code: Int32, path: String, operation: String) -> ShelfError {
        switch code {
        case ENOENT: return .notFound(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case ELOOP: return .symbolicLink(path: path)
        case EEXIST, ENOTEMPTY: return .alreadyExists(path: path)
        case EISDIR: return .isAFolder(path: path)
        case ENOTDIR: return .notAFolder(path: path)
        case ENOSPC, EDQUOT: return .noSpace(path: path)
        case EROFS: return .readOnly(path: path)
        case ENAMETOOLONG: return .invalidName(path, reason: "name too long for the file system")
        default: return .io(path: path, operation: operation, errno: code)
        }
    }

    /// The current errno as a ShelfError.
    package static func lastError(path: String, operation: String) -> ShelfError {
        system(errno, path: path, operation: operation)
    }
}
