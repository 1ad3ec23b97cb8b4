/// Expiry times of stored files: the extended attribute `user.shelf.expires` (decimal seconds
/// since 1970 UTC), which travels with the file through rename, move and copy; on file systems
/// without user attributes, the folder's `ExpiryIndex`.
enum Expiry {
    /// Gives the file being saved (still a temp file, open as `file`) its expiry. Called before the
    /// rename, so that the file never appears without it.
    static func record(_ expires: Int64, on file: FileDescriptor, named name: FileName, in folder: FileDescriptor) throws {
        do {
            try ExtendedAttributes.set(ExtendedAttributes.expiry, Array(String(expires).utf8), on: file)
        } catch ShelfError.unsupported {
            try ExpiryIndex.update(in: folder, name, to: ExpiryIndex.Entry(expires: expires, file: try file.status()))
        }
    }

    /// Takes the expiry away from the file being saved (a temp file, open as `file`), which
    /// `KeptMetadata` may have given it: `save --no-expiry`.
    static func forget(on file: FileDescriptor, named name: FileName, in folder: FileDescriptor) throws {
        do {
            try ExtendedAttributes.remove(ExtendedAttributes.expiry, from: file)
        } catch ShelfError.unsupported {
            guard let index = try ExpiryIndex.load(in: folder), index.entries[name] != nil else { return }
            try ExpiryIndex.update(in: folder, name, to: nil)
        }
    }

    /// The expiry of the open file `file` (the entry `name` of `folder`), or nil when it has none.
    /// `index` is the folder's fallback index when the caller already loaded it (for many files of
    /// one folder); otherwise the index is read only where the file system has no attributes.
    static func read(_ file: FileDescriptor, _ st: FileStatus, named name: FileName, in folder: FileDescriptor,
                     index: ExpiryIndex?? = nil) throws -> Int64? {
        do {
            if let value = try ExtendedAttributes.value(ExtendedAttributes.expiry, of: file) {
                return Int64(String(decoding: value, as: UTF8.self))
            }
            // The file system has attributes, so no index was written for this file.
            return index??.expiry(of: name, st)
        } catch ShelfError.unsupported {
            let loaded = try index ?? ExpiryIndex.load(in: folder)
            return loaded?.expiry(of: name, st)
        }
    }

    /// Whether a file with expiry `expires` has expired at `now`.
    static func hasExpired(_ expires: Int64?, now: Int64) -> Bool {
        expires.map { $0 <= now } ?? false
    }
}
