import Glibc
import ShelfCore

/// Extended attributes: `user.` ones only, and none on a device modelled without them.
extension ModelKernel {
    func attribute(_ name: SystemString, of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        let inode = try attributeHolder(descriptor, name)
        guard let value = world.disk[inode].attribute(name.bytes) else { throw .noAttribute }
        return try fill(buffer, with: value)
    }

    func setAttribute(_ name: SystemString, of descriptor: Int32, to value: UnsafeRawBufferPointer) throws(Errno) {
        let inode = try attributeHolder(descriptor, name)
        let bytes = Array(value)
        world.disk[inode].setAttribute(name.bytes, to: bytes)
        world.recordMetadata(.attribute, inode, .attribute(inode, name.bytes), .attribute(bytes),
                             summary: world.recording ? "setxattr \(name) of \(world.describe(inode))" : "")
    }

    func removeAttribute(_ name: SystemString, of descriptor: Int32) throws(Errno) {
        let inode = try attributeHolder(descriptor, name)
        guard world.disk[inode].attribute(name.bytes) != nil else { throw .noAttribute }
        world.disk[inode].setAttribute(name.bytes, to: nil)
        world.recordMetadata(.attribute, inode, .attribute(inode, name.bytes), .attribute(nil),
                             summary: world.recording ? "removexattr \(name) of \(world.describe(inode))" : "")
    }

    func attributeNames(of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        let inode = try world.inode(of: descriptor)
        if world.disk.lacks(.attributes, on: world.disk[inode].device) { return 0 }
        return try fill(buffer, with: world.disk[inode].attributes.flatMap { $0.name + [0] })
    }

    private func attributeHolder(_ descriptor: Int32, _ name: SystemString) throws(Errno) -> Int {
        let inode = try world.inode(of: descriptor)
        if world.disk.lacks(.attributes, on: world.disk[inode].device) { throw .notSupported }
        guard name.hasPrefix("user.") else { throw .notSupported }
        return inode
    }

    /// The size alone for an empty buffer; ERANGE for one too small (getxattr(2)).
    private func fill(_ buffer: UnsafeMutableRawBufferPointer, with value: [UInt8]) throws(Errno) -> Int {
        if buffer.count == 0 || value.isEmpty { return value.count }
        guard buffer.count >= value.count else { throw .outOfRange }
        value.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: value.count) }
        return value.count
    }
}
