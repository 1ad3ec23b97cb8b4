import Glibc
import ShelfCore

/// The `Kernel` the simulator installs for its whole process: every file-system call of the
/// engine lands in `world`, a model of a disk and one process, and (while recording) in its log.
/// One thread only: the simulator never runs two commands at once.
final class ModelKernel: Kernel, @unchecked Sendable {
    var world: World

    init(world: World) {
        self.world = world
    }

    // MARK: Descriptors

    func open(_ path: SystemString, in folder: Int32?, _ options: OpenOptions, permissions: UInt32) throws(Errno) -> Int32 {
        let bytes = path.bytes
        let access = options.rawValue & O_ACCMODE
        let readable = access != O_WRONLY, writable = access != O_RDONLY
        if bytes == Array("/proc/locks".utf8) {
            return world.install(Descriptor(target: .text(Array(world.lockTable().utf8)), readable: true, writable: false))
        }
        if bytes == Array("/dev/null".utf8) {
            return world.install(Descriptor(target: .null, readable: readable, writable: writable))
        }
        if let number = world.procDescriptor(bytes) {
            guard let inode = try world.descriptor(number).inode else { throw .noSuchFile }
            return world.install(Descriptor(target: .inode(inode), readable: readable, writable: writable))
        }
        if options.isSuperset(of: .unnamedFile) {
            let (_, folderInode) = try world.existing(bytes, in: folder, followFinal: true)
            guard world.disk[folderInode].kind == .folder else { throw .notFolder }
            if world.disk.lacks(.unnamedFiles, on: world.device(of: folderInode)) { throw .notSupported }
            guard world.allows(folderInode, write: true) else { throw .permissionDenied }
            var node = Inode(kind: .file, device: world.device(of: folderInode), mode: permissions & ~world.umask & 0o7777,
                             owner: world.owner, time: world.now)
            node.linkable = !options.contains(.exclusive)
            let inode = world.disk.allocate(node)
            world.recordCreated(inode)
            return world.install(Descriptor(target: .inode(inode), readable: readable, writable: writable))
        }
        let resolved = try world.resolve(bytes, in: folder, followFinal: !options.contains(.noFollow))
        guard let inode = resolved.inode else {
            guard options.contains(.create) else { throw .noSuchFile }
            let inode = try world.create(.file, in: resolved, permissions: permissions)
            return world.install(Descriptor(target: .inode(inode), readable: readable, writable: writable))
        }
        if options.contains(.create) && options.contains(.exclusive) { throw .fileExists }
        let node = world.disk[inode]
        if node.kind == .symbolicLink { throw .tooManySymbolicLinks }
        if options.contains(.folder) && node.kind != .folder { throw .notFolder }
        if node.kind == .folder && writable { throw .isFolder }
        if (readable && !world.allows(inode, read: true)) || (writable && !world.allows(inode, write: true)) {
            throw .permissionDenied
        }
        return world.install(Descriptor(target: .inode(inode), readable: readable, writable: writable))
    }

    func close(_ descriptor: Int32) {
        world.close(descriptor)
    }

    func read(_ descriptor: Int32, at offset: Int64?, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        let open = try world.descriptor(descriptor)
        guard let offset else {
            let count = try world.read(open, at: open.offset, into: buffer)
            world.descriptors[descriptor]!.offset += count
            return count
        }
        if case .pipe = open.target { throw Errno(rawValue: ESPIPE) }
        return try world.read(open, at: Int(offset), into: buffer)
    }

    func write(_ descriptor: Int32, at offset: Int64?, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        let open = try world.descriptor(descriptor)
        let count = try world.write(descriptor, open, at: offset.map { Int($0) } ?? open.offset, Array(bytes))
        if offset == nil { world.descriptors[descriptor]!.offset += count }
        return count
    }

    func sync(_ descriptor: Int32, dataOnly: Bool) throws(Errno) {
        guard let inode = try world.descriptor(descriptor).inode else { return }
        // fdatasync of a folder is its fsync on Linux.
        world.recordSync(inode, full: !dataOnly || world.disk[inode].kind == .folder)
    }

    func truncate(_ descriptor: Int32, to length: Int64) throws(Errno) {
        let open = try world.descriptor(descriptor)
        guard let inode = open.inode, open.writable else { throw .invalidArgument }
        guard world.disk[inode].kind == .file, length >= 0 else { throw .invalidArgument }
        let oldSize = world.disk[inode].data.count
        let length = Int(length)
        if length < oldSize {
            world.disk[inode].data.removeSubrange(length...)
        } else {
            world.disk[inode].data.append(contentsOf: repeatElement(0, count: length - oldSize))
        }
        world.disk[inode].modified = world.now
        // Cutting inside a block changes that block too (its end reads as zeros from now on).
        let blockSize = world.recorder?.blockSize ?? 4096
        let touched = length < oldSize && length % blockSize != 0 ? length..<(length + 1) : length..<length
        world.recordData(inode, range: touched, oldSize: oldSize, kind: .truncate,
                         summary: world.recording ? "truncate \(world.describe(inode)) to \(length)" : "")
    }

    func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        let open = try world.descriptor(descriptor)
        if let inode = open.inode { return world.status(ofInode: inode) }
        let type: UInt32 = if case .pipe = open.target { UInt32(S_IFIFO) } else { UInt32(S_IFCHR) }
        let zero = FileTime(seconds: 0, nanoseconds: 0)
        return FileStatus(mode: type | 0o600, size: 0, device: 0, inode: 0, owner: world.owner, accessed: zero, modified: zero)
    }

    func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(Errno) {
        let inode = try world.inode(of: descriptor)
        world.disk[inode].mode = permissions & 0o7777
        world.recordMetadata(.mode, inode, .mode(inode), .mode(permissions & 0o7777),
                             summary: world.recording ? "chmod \(String(permissions, radix: 8)) \(world.describe(inode))" : "")
    }

    func setTimes(_ descriptor: Int32, accessed: FileTime, modified: FileTime) throws(Errno) {
        let inode = try world.inode(of: descriptor)
        world.disk[inode].modified = modified
        world.disk[inode].accessed = accessed
        world.recordMetadata(.times, inode, .times(inode), .times(modified), summary: world.recording ? "set times of \(world.describe(inode))" : "")
    }

    func setBlocking(_ descriptor: Int32) throws(Errno) {
        _ = try world.descriptor(descriptor)
    }

    func lock(_ descriptor: Int32, _ operation: LockOperation, wait: Bool) throws(Errno) {
        try world.flock(descriptor, operation, wait: wait)
    }

    func isTerminal(_ descriptor: Int32) -> Bool {
        false
    }

    // MARK: Copying inside the kernel

    func copyRange(from input: Int32, at inputOffset: inout Int64?, to output: Int32, at outputOffset: inout Int64?,
                   count: Int) throws(Errno) -> Int {
        let source = try world.descriptor(input), sink = try world.descriptor(output)
        guard let from = source.inode, let to = sink.inode, world.disk[from].kind == .file, world.disk[to].kind == .file else {
            throw .invalidArgument
        }
        guard source.readable, sink.writable else { throw .badDescriptor }
        if world.disk[from].device != world.disk[to].device { throw .crossDevice }
        let start = inputOffset.map(Int.init) ?? source.offset
        let data = world.disk[from].data
        let end = min(data.count, start + count)
        guard start < end else { return 0 }
        let written = try world.write(output, sink, at: outputOffset.map(Int.init) ?? sink.offset, Array(data[start..<end]))
        if inputOffset != nil { inputOffset! += Int64(written) } else { world.descriptors[input]!.offset += written }
        if outputOffset != nil { outputOffset! += Int64(written) } else { world.descriptors[output]!.offset += written }
        return written
    }

    func sendFile(from input: Int32, to output: Int32, count: Int) throws(Errno) -> Int {
        let source = try world.descriptor(input), sink = try world.descriptor(output)
        guard let from = source.inode, world.disk[from].kind == .file else { throw .invalidArgument }
        let data = world.disk[from].data
        let end = min(data.count, source.offset + count)
        guard source.offset < end else { return 0 }
        let written = try world.write(output, sink, at: sink.offset, Array(data[source.offset..<end]))
        world.descriptors[input]!.offset += written
        world.descriptors[output]!.offset += written
        return written
    }

    // MARK: Volumes

    func volumeStatus(_ descriptor: Int32) throws(Errno) -> VolumeStatus {
        _ = try world.descriptor(descriptor)
        return VolumeStatus(fragmentSize: 4096, blockSize: 4096, blocks: 1 << 20, availableBlocks: 1 << 19)
    }

    func volumeStatus(of path: SystemString) throws(Errno) -> VolumeStatus {
        _ = try world.existing(path.bytes, in: nil, followFinal: true)
        return VolumeStatus(fragmentSize: 4096, blockSize: 4096, blocks: 1 << 20, availableBlocks: 1 << 19)
    }
}
