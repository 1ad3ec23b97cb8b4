/// One rule for whatever stands where a stored file is read or rewritten: a regular file is
/// opened; anything else (a folder, a link, a FIFO, a socket, a device) is refused with an error
/// that says what it is (`ShelfError.notRegular`), for every command alike.
extension FileDescriptor {
    /// Opens `name` (links not followed, without waiting for a FIFO's writer) when it is a
    /// regular file, then makes it blocking. `open` fails on a socket (ENXIO) and would open a
    /// FIFO or a device: either way, what stands there is named.
    /// - Throws: `notFound` when nothing is there; `isAFolder`, `symbolicLink`, `notAFile`.
    func openRegular(_ name: FileName, _ options: OpenOptions, path: String) throws -> FileDescriptor {
        let file: FileDescriptor
        do {
            file = try open(name, options.union([.noFollow, .nonBlocking]), path: path)
        } catch let error as ShelfError {
            if case .notFound = error { throw error }
            // Open refused: a link (ELOOP), a socket (ENXIO), a folder opened for writing…
            if let st = try? status(of: name, path: path), !st.isRegularFile { throw ShelfError.notRegular(st, path: path) }
            throw error
        }
        guard let regular = try file.kept(if: { file in
            let st = try file.status()
            guard st.isRegularFile else { throw ShelfError.notRegular(st, path: path) }
            try file.setBlocking()
            return true
        }) else { throw ShelfError.notFound(path: path) }
        return regular
    }
}
