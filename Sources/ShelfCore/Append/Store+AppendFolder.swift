extension Store {
    /// A folder of numbered files (Disk's `[Data]`): the input becomes the file after the highest
    /// purely numeric name (`0` in an empty folder; gaps are never filled, `a1b2` does not count).
    /// Each file is written as a temp file (`TempFile`) and fsynced first, with no lock held while
    /// the input arrives; then, under an exclusive lock on the folder, the number is chosen and
    /// the file linked under it, so concurrent appenders never pick the same number and a crash
    /// leaves no partial file under a number. The next number is the folder counter's
    /// (`FolderCounter`), so an append costs the same at any folder size. With `each`, each element
    /// is its own atomic append (two syncs each, its file's and the folder's): a power cut keeps the
    /// first elements, each whole, never a later one alone; an error or a signal removes them all.
    func appendToFolder<Source: ByteSource>(from source: inout Source, _ prepared: Target, safe: SafePath, in directory: Directory,
                                            options: AppendOptions) throws -> AppendResult {
        // The numbered folder and the folders on the way get the mode's search bits (`--mode`).
        let folderMode = FileMode.folder(for: options.mode)
        if options.each {
            let input = try AppendInput.read(&source, format: .folder, options: options, folder: prepared.folder, path: prepared.path)
            let names = try withLockedNumberedFolder(prepared, safe, in: directory, mode: folderMode) { folder, path in
                try NumberedFiles.writeEach(input, in: folder, path: path, mode: options.mode)
            }
            let created = names.map(\.description)
            return AppendResult(path: created.last.map { prepared.path + "/" + $0 } ?? prepared.path, itemsAppended: names.count,
                                createdNames: created)
        }
        guard let folder = try FolderWalker.openFolder(prepared.name, in: prepared.folder, path: prepared.path, create: true,
                                                       mode: folderMode) else {
            throw ShelfError.notFound(path: prepared.path)
        }
        let name = try folder.closeAfter { folder in
            try TempFile.create(in: folder, path: prepared.path, permissions: options.mode).closeAfter { temp in
                try copy(from: &source, to: temp.file, validatingJSON: false, path: prepared.path)
                return try withLockedNumberedFolder(prepared, safe, in: directory, mode: folderMode) { current, path in
                    try temp.placed(in: current, path: path) { placed in
                        try placed.file.sync()
                        return try FolderCounter.with(in: current) { counter in
                            let name = try NumberedFiles.link(&placed, in: current, path: path, as: counter.next())
                            try AtomicReplace.syncFolder(current)
                            counter.record(try NumberedNames.increment(name, in: path))
                            return name
                        }
                    }
                }
            }
        }
        return AppendResult(path: prepared.path + "/" + name.description, itemsAppended: 1, createdNames: [name.description])
    }

    /// Opens (or makes, with `mode`) the numbered folder `prepared` and runs `body` with it and its
    /// path, holding its exclusive lock and the writers' shared lock of the folder above
    /// (`withLockedFolder(of:)`); a numbered folder removed in the moment before the lock is made again.
    private func withLockedNumberedFolder<R>(_ prepared: Target, _ safe: SafePath, in directory: Directory, mode: UInt32,
                                            _ body: (FileDescriptor, String) throws -> R) throws -> R {
        try withLockedFolder(of: prepared, safe, in: directory, folderMode: mode) { target in
            while true {
                guard let folder = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: true,
                                                               mode: mode) else { continue }
                var result: R?
                try folder.closeAfter { folder in
                    try FileLock.lock(folder, .exclusive)
                    guard try folder.status().linkCount > 0 else { return }
                    result = try body(folder, target.path)
                }
                if let result { return result }
            }
        }
    }
}

/// Naming and linking the files of a numbered folder.
enum NumberedFiles {
    /// Links the complete, fsynced temp file under `number` (or the next free one after it) in
    /// `folder`, whose exclusive lock the caller holds. A name another program made meanwhile only
    /// moves the number on: a link never replaces a name.
    /// - Returns: the number the file got.
    static func link(_ temp: inout TempFile, in folder: FileDescriptor, path: String, as number: FileName) throws -> FileName {
        Failpoints.check(.folder)
        try Interruption.check(path)
        var candidate = number
        while true {
            do {
                try temp.link(as: candidate, path: folder.path(for: candidate))
                temp.removeName()
                return candidate
            } catch ShelfError.alreadyExists {
                candidate = try NumberedNames.increment(candidate, in: path)
            }
        }
    }

    /// `append --each` to a folder: each element of `input` as the next numbered file, in the
    /// locked `folder`, the folder synced after each link (each element its own atomic append,
    /// docs/reliability.md, "Power loss"). If one fails (a full disk, a signal), the files already
    /// made go again. Each file is made with `mode` (less the umask).
    static func writeEach(_ input: AppendInput, in folder: FileDescriptor, path: String, mode: UInt32 = FileMode.privateFile) throws -> [FileName] {
        try Interruption.deferring {
            try FolderCounter.with(in: folder) { counter in
                var names: [FileName] = []
                do {
                    var start = 0
                    var number = try counter.next()
                    for end in input.ends {
                        let name = try TempFile.create(in: folder, path: path, permissions: mode).closeAfter { temp in
                            try input.spool.copy(start..<end, to: temp.file, at: 0)
                            try temp.file.sync()
                            return try link(&temp, in: folder, path: path, as: number)
                        }
                        try AtomicReplace.syncFolder(folder)
                        names.append(name)
                        number = try NumberedNames.increment(name, in: path)
                        start = end
                    }
                    counter.record(number)
                    return names
                } catch {
                    for name in names { try? folder.remove(name) }
                    try? AtomicReplace.syncFolder(folder)
                    throw error
                }
            }
        }
    }
}
