/// What a stored `.json` file holds, as far as an append needs to know, found by reading its two
/// ends only: a 1 GB array costs as little as a 1 KB one. The middle is trusted to be valid
/// because every shelf write checked it; a file broken by another program is caught when a
/// whole-file rewrite or `retrieve --each` reads it.
enum StoredJSONShape: Equatable {
    /// Nothing but blanks (or nothing at all): there is no value yet.
    case empty
    /// An array; new items go at `insertAt`, right after its last element (right after `[` when empty).
    case array(insertAt: Int, isEmpty: Bool)
    /// Any other value (or something malformed), at `start..<end` without the blanks around it.
    case otherValue(start: Int, end: Int)

    static let blockSize = 4096

    static func inspect(_ file: FileDescriptor, size: Int) throws -> StoredJSONShape {
        guard let (first, firstByte) = try firstNonBlank(file, size: size),
              let (last, lastByte) = try lastNonBlank(file, before: size) else { return .empty }
        guard firstByte == Byte.openBracket, lastByte == Byte.closeBracket, last > first,
              let (beforeClose, byte) = try lastNonBlank(file, before: last) else {
            return .otherValue(start: first, end: last + 1)
        }
        if beforeClose == first { return .array(insertAt: first + 1, isEmpty: true) }
        // An element never ends with '[' or ','; seeing one means the file is broken: let the
        // rewrite path validate it and report where.
        if byte == Byte.openBracket || byte == Byte.comma { return .otherValue(start: first, end: last + 1) }
        return .array(insertAt: beforeClose + 1, isEmpty: false)
    }

    /// The first byte that is not JSON whitespace, scanning forward.
    private static func firstNonBlank(_ file: FileDescriptor, size: Int) throws -> (Int, UInt8)? {
        var start = 0
        while start < size {
            let block = try file.bytes(in: start..<Swift.min(size, start + blockSize))
            if block.isEmpty { return nil }
            if let i = block.firstIndex(where: { !Byte.isWhitespace($0) }) { return (start + i, block[i]) }
            start += block.count
        }
        return nil
    }

    /// The last byte before `end` that is not JSON whitespace, scanning backward.
    private static func lastNonBlank(_ file: FileDescriptor, before end: Int) throws -> (Int, UInt8)? {
        var end = end
        while end > 0 {
            let start = Swift.max(0, end - blockSize)
            let block = try file.bytes(in: start..<end)
            if let i = block.lastIndex(where: { !Byte.isWhitespace($0) }) { return (start + i, block[i]) }
            end = start
        }
        return nil
    }
}
