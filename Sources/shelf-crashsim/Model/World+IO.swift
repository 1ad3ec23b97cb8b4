import Glibc
import ShelfCore

/// Reading, writing, creating and locking in the modelled process.
extension World {
    func read(_ open: Descriptor, at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard open.readable else { throw .badDescriptor }
        let source: [UInt8]
        switch open.target {
        case .inode(let inode):
            guard disk[inode].kind == .file else { throw .isFolder }
            source = disk[inode].data
        case .pipe(let bytes), .text(let bytes):
            source = bytes
        case .null:
            return 0
        case .capture:
            throw .badDescriptor
        }
        guard offset < source.count else { return 0 }
        let count = min(buffer.count, source.count - offset)
        source.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        return count
    }

    /// Writes `bytes` at `offset` of what descriptor `number` holds, recording the change.
    mutating func write(_ number: Int32, _ open: Descriptor, at offset: Int, _ bytes: [UInt8]) throws(Errno) -> Int {
        guard open.writable else { throw .badDescriptor }
        switch open.target {
        case .capture:
            output[number, default: []].append(contentsOf: bytes)
            return bytes.count
        case .null:
            return bytes.count
        case .pipe, .text:
            throw .badDescriptor
        case .inode(let inode):
            guard disk[inode].kind == .file else { throw .isFolder }
            guard !bytes.isEmpty else { return 0 }
            let oldSize = disk[inode].data.count
            if offset > oldSize { disk[inode].data.append(contentsOf: repeatElement(0, count: offset - oldSize)) }
            let end = offset + bytes.count
            let overlap = min(end, disk[inode].data.count)
            if overlap > offset { disk[inode].data.replaceSubrange(offset..<overlap, with: bytes[0..<(overlap - offset)]) }
            if end > overlap { disk[inode].data.append(contentsOf: bytes[(overlap - offset)...]) }
            disk[inode].modified = now
            recordData(inode, range: min(offset, oldSize)..<end, oldSize: oldSize, kind: .write,
                       summary: recording ? "write \(bytes.count) bytes at \(offset) of \(describe(inode))" : "")
            return bytes.count
        }
    }

    /// A new empty file, empty folder or symbolic link (to `linkText`, mode 0777) at `resolved`
    /// (which names nothing yet), made, named and recorded.
    @discardableResult
    mutating func create(_ kind: Inode.Kind, in resolved: Resolved, permissions: UInt32 = 0o777,
                         linkText: [UInt8] = []) throws(Errno) -> Int {
        try checkNewEntry(resolved)
        let mode = kind == .symbolicLink ? 0o777 : permissions & ~umask & 0o7777
        var node = Inode(kind: kind, device: device(of: resolved.parent), mode: mode, owner: owner, time: now)
        node.parent = kind == .folder ? resolved.parent : 0
        node.linkText = linkText
        let inode = disk.allocate(node)
        recordCreated(inode)
        link(inode, as: resolved.name, in: resolved.parent)
        let (operation, verb): (OperationKind, String) = switch kind {
        case .file: (.create, "create")
        case .folder: (.makeFolder, "mkdir")
        case .symbolicLink: (.symbolicLink, "symlink")
        }
        recordEntries(operation, [(resolved.parent, resolved.name, inode)], inode: inode, summary: recording ? "\(verb) \(describe(inode))" : "")
        return inode
    }

    /// Whether a new entry may be made at `resolved`.
    func checkNewEntry(_ resolved: Resolved) throws(Errno) {
        if resolved.entry != nil { throw .fileExists }
        guard disk[resolved.parent].kind == .folder else { throw .notFolder }
        if resolved.name.isEmpty || resolved.name == Array(".".utf8) || resolved.name == Array("..".utf8) { throw .fileExists }
        guard allows(resolved.parent, write: true, search: true) else { throw .permissionDenied }
    }

    /// Sets an entry in the page cache's view (the caller records it).
    mutating func link(_ inode: Int, as name: [UInt8], in folder: Int) {
        disk[folder].setEntry(name, to: inode)
        disk[inode].links += 1
        disk[inode].linkable = false
        let target = disk.entered(inode)
        if disk[target].kind == .folder { disk[target].parent = folder }
    }

    mutating func unlink(_ name: [UInt8], in folder: Int) {
        guard let inode = disk[folder].entry(name) else { return }
        disk[folder].setEntry(name, to: nil)
        disk[inode].links -= 1
    }

    // MARK: flock

    /// `flock(2)` for one process: a conflict with a lock held through another descriptor fails
    /// without `wait`; with it the process would wait for itself forever, which the model reports.
    mutating func flock(_ number: Int32, _ operation: LockOperation, wait: Bool) throws(Errno) {
        guard let inode = try descriptor(number).inode else { return }
        let before = locks[inode] ?? LockState()
        var state = before
        // Converting a lock releases it first (flock(2)).
        if state.exclusive == number { state.exclusive = nil }
        state.shared.removeAll { $0 == number }
        switch operation {
        case .unlock:
            break
        case .shared:
            if state.exclusive != nil { return try conflict(wait, inode) }
            state.shared.append(number)
        case .exclusive:
            if state.exclusive != nil || !state.shared.isEmpty { return try conflict(wait, inode) }
            state.exclusive = number
        }
        locks[inode] = state.exclusive == nil && state.shared.isEmpty ? nil : state
    }

    private mutating func conflict(_ wait: Bool, _ inode: Int) throws(Errno) {
        guard wait else { throw .wouldBlock }
        fault = "flock on \(describe(inode)) would wait forever for a lock this same process holds"
        throw Errno(rawValue: EDEADLK)
    }

    /// `/proc/locks` as the kernel writes it, for the locks this process holds.
    func lockTable() -> String {
        var lines: [String] = []
        for inode in locks.keys.sorted() {
            let state = locks[inode]!
            let kind = state.exclusive != nil ? "WRITE" : "READ "
            let device = disk[inode].device
            lines.append("\(lines.count + 1): FLOCK  ADVISORY  \(kind) 1 00:\(String(device, radix: 16)):\(inode) 0 EOF")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
