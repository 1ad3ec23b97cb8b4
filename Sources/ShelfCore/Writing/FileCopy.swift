/// Copies the bytes and the metadata of one open file (or folder) to another descriptor.
enum FileCopy {
    /// Copies every byte from the current offsets. `copy_file_range` keeps the data in the kernel
    /// (and shares blocks on file systems that can); where it is refused (an older kernel across
    /// file systems, a file system without support) a read/write loop with a fixed buffer goes on.
    static func copyData(from input: FileDescriptor, to output: FileDescriptor) throws {
        var noOffset: Int64?, alsoNoOffset: Int64?
        copying: while true {
            // Chunks of 64 MiB: a signal is answered between two of them (`Interruption`).
            try Interruption.check(output.path)
            do {
                let n = try kernel.copyRange(from: input.raw, at: &noOffset, to: output.raw, at: &alsoNoOffset,
                                             count: WorkProgress.chunk(1 << 26))
                if n == 0 { break copying }
                WorkProgress.report(.advanced(Int64(n)))
            } catch where [.crossDevice, .invalidArgument, .notImplemented, .notSupported, .badDescriptor, .textBusy, .notPermitted]
                        .contains(error) {
                break copying
            } catch {
                throw ShelfError.system(error, path: output.path, operation: .copy)
            }
        }
        // Also the safety net for a file system whose copy_file_range reports 0 too early.
        try input.copyRest(to: output)
    }

    /// Copies all of `input` (from its start, whatever its offset) into the empty `output`, with
    /// its permission bits and user attributes.
    static func copyWhole(from input: FileDescriptor, to output: FileDescriptor) throws {
        try copy(0..<Int(input.status().size), of: input, to: output)
        ExtendedAttributes.copyUserAttributes(from: input, to: output)
        try output.setPermissions(try input.status().permissions & 0o1777)
    }

    /// Copies the bytes `range` of `input` to the start of `output`, neither descriptor's offset
    /// moving: inside the kernel where it can, else through a buffer.
    static func copy(_ range: Range<Int>, of input: FileDescriptor, to output: FileDescriptor) throws {
        var from: Int64? = Int64(range.lowerBound), to: Int64? = 0
        while let done = from, done < Int64(range.upperBound) {
            try Interruption.check(output.path)
            do {
                if try kernel.copyRange(from: input.raw, at: &from, to: output.raw, at: &to, count: range.upperBound - Int(done)) == 0 { break }
            } catch {
                break  // not supported here (or failing: the buffered copy below reports it)
            }
        }
        var offset = Int(from ?? Int64(range.lowerBound))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while offset < range.upperBound {
            let want = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.min(buffer.count, range.upperBound - offset)])
            let n = try input.read(fromAbsoluteOffset: offset, into: want)
            if n == 0 { break }
            try output.writeAll(toAbsoluteOffset: offset - range.lowerBound, UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            offset += n
        }
    }

    /// Gives `output` the permission bits, `user.` extended attributes and (with `keepTimes`) the
    /// access and modification times of the source, the way `cp -p` does; without `keepTimes` the
    /// copy keeps the times of its making, as `cp` leaves them. Ownership is not copied (the copy belongs to
    /// whoever runs shelf), nor are setuid and setgid bits, which would then mean something else.
    /// Attributes the target file system refuses (for example user xattrs on an older tmpfs) are
    /// skipped: the data matters more than its annotations.
    static func copyMetadata(from input: FileDescriptor, _ st: FileStatus, to output: FileDescriptor, keepTimes: Bool = true) throws {
        ExtendedAttributes.copyUserAttributes(from: input, to: output)
        try output.setPermissions(st.permissions & 0o1777)
        if keepTimes { try output.setTimes(accessed: st.accessed, modified: st.modified) }
    }
}
