extension Store {
    /// Copies a file or folder tree into `destination`, at `newPath` (default: the same relative
    /// path). The copy is built under a hidden temporary name beside the target, fsynced, and
    /// renamed into place in one step, so the target name never shows a partial file or tree.
    /// Permission bits, times and `user.` extended attributes are kept; links inside a folder are
    /// copied as links, never followed.
    /// - Parameter replace: replace an existing target (atomically for a file over a file; see
    ///   `move` for folders).
    /// - Returns: the absolute path of the copy.
    /// - Throws: `notFound`, `alreadyExists`, `invalidTarget` (the same place, or a folder into
    ///   itself), `symbolicLink`, `unsupported` (a FIFO, socket or device inside), `noSpace`, …
    @discardableResult
    public func copy(_ path: String, in directory: Directory, to destination: Directory, as newPath: String? = nil,
                     replace: Bool = false) throws -> String {
        let transfer = try openTransfer(path, in: directory, to: newPath ?? path, in: destination, replace: replace)
        defer { transfer.close() }
        let source = transfer.source
        let target = transfer.destination
        let tempName = try TreeCopier.copyToTemp(source.name, in: source.folder, path: source.path, beside: target)
        do {
            try AtomicRename.install(tempName, in: target.folder, path: target.path, as: target, replace: replace)
        } catch {
            try? TreeRemover.remove(tempName, in: target.folder, path: target.path)
            throw error
        }
        return target.path
    }
}
