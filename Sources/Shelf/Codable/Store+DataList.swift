import FoundationEssentials

extension Store {
    /// Stores each element of `value` as one numbered file (`0`, `1`, …) in the folder `path`
    /// (Disk's `save(_:to:as:)` for `[Data]`). The folder is built under a hidden temporary name
    /// beside the target and then renamed into place, so readers see the old folder or the
    /// complete new one; an existing folder at `path` is replaced.
    /// - Returns: the URL of the folder.
    /// - Throws: `notAFolder` when a file stands at `path`, `invalidName`, `noSpace`, …
    @discardableResult
    public func save(_ value: [Data], to directory: Directory, as path: String) throws -> URL {
        let folder = try saveNumberedFiles(value.map { DataSource($0) }, inFolder: path, in: directory)
        return URL(filePath: folder, directoryHint: .isDirectory)
    }

    /// Every file in the folder `path`, in numeric order of their names (`2` before `10`), then
    /// any other names in byte order (Disk's `retrieve(_:from:as:)` for `[Data]`). Hidden files
    /// (including shelf's own `.shelf-` files) and sub-folders are skipped; each file is read
    /// under a shared lock.
    /// - Throws: `notFound`, `notAFolder` when `path` is a file, `symbolicLink` for a link inside.
    public func retrieve(_ path: String, from directory: Directory, as type: [Data].Type) throws -> [Data] {
        try readNumberedFiles(inFolder: path, in: directory, Store.readData)
    }
}
