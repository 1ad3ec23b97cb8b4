/// What a stored `.json` file holds, as far as an append needs to know, found by reading its two
/// ends only: a 1 GB array costs as little as a 1 KB one. The middle is trusted to be valid
/// because every shelf write checked it; a file broken by another program is caught when a
/// whole-file rewrite or `retrieve --each` reads it.
enum StoredJSONShape: Equatable {
    /// Nothing but blanks (or nothing at all): there is no value yet.
    case empty
    /// An array; new items go at `insertAt`, right after its last element (right after `[` when
    /// empty). Its closing bracket is at `close`.
    case array(insertAt: Int, close: Int, isEmpty: Bool)
    /// Any other value (or something malformed), at `start..<end` without the blanks around it.
    case otherValue(start: Int, end: Int)

    static let blockSize = 4096
    /// Scans past the first block read up to this much at once: blanks by the hundred megabytes
    /// (written by another program) are crossed at the speed of the disk, in fixed memory.
    static let largeBlockSize = 1 << 20

    static func inspect(_ file: FileDescriptor, size: Int) throws -> StoredJSONShape {
        // A file of one block is read once and its ends found in memory: read from the file,
        // each end cost a `pread` of the same few bytes (three for a small array).
        if size <= blockSize {
            let whole = try file.bytes(in: 0..<size)
            return try inspect(size: size) { Array(whole[$0.clamped(to: 0..<whole.count)]) }
        }
        return try inspect(size: size) { try file.bytes(in: $0) }
    }

    /// `inspect` over `read`, which gives the bytes of a range (fewer past the end).
    private static func inspect(size: Int, _ read: (Range<Int>) throws -> [UInt8]) throws -> StoredJSONShape {
        guard let (last, lastByte) = try lastNonBlank(read, before: size) else { return .empty }
        // A valid text ending in `]` is an array: its opening bracket is checked only where the
        // file starts without a heap of blanks (a file of only blanks was found above).
        let first = try firstNonBlank(read, size: size, within: lastByte == Byte.closeBracket ? ArrayBlanks.limit : nil)
        if lastByte == Byte.closeBracket, first.map({ $0.1 == Byte.openBracket && $0.0 < last }) ?? true,
           let (beforeClose, byte) = try lastNonBlank(read, before: last) {
            if byte == Byte.openBracket && (first == nil || first?.0 == beforeClose) {
                return .array(insertAt: beforeClose + 1, close: last, isEmpty: true)
            }
            // An element never ends with '[' or ','; seeing one means the file is broken: let the
            // rewrite path validate it and report where.
            if byte != Byte.openBracket && byte != Byte.comma { return .array(insertAt: beforeClose + 1, close: last, isEmpty: false) }
        }
        return try .otherValue(start: first?.0 ?? firstNonBlank(read, size: size, within: nil)?.0 ?? 0, end: last + 1)
    }

    /// The first byte that is not JSON whitespace, scanning forward; nil when there is none, or
    /// none within `limit` bytes.
    private static func firstNonBlank(_ file: (Range<Int>) throws -> [UInt8], size: Int, within limit: Int?) throws -> (Int, UInt8)? {
        let end = limit.map { Swift.min(size, $0 + 1) } ?? size
        var start = 0
        while start < end {
            let block = try file(start..<Swift.min(end, start + (start == 0 ? blockSize : largeBlockSize)))
            if block.isEmpty { return nil }
            if let i = Blanks.firstNonBlank(block) { return (start + i, block[i]) }
            start += block.count
        }
        return nil
    }

    /// The last byte before `end` that is not JSON whitespace, scanning backward.
    private static func lastNonBlank(_ file: (Range<Int>) throws -> [UInt8], before end: Int) throws -> (Int, UInt8)? {
        var end = end
        var length = blockSize
        while end > 0 {
            let start = Swift.max(0, end - length)
            let block = try file(start..<end)
            if let i = Blanks.lastNonBlank(block) { return (start + i, block[i]) }
            end = start
            length = largeBlockSize
        }
        return nil
    }
}

/// Blanks by the thousand around the closing bracket of an array (only another program writes
/// them) would make every append read, journal and rewrite them all. The first append that finds
/// more than `limit` on either side moves the bracket to just after the last element and cuts the
/// blanks after it to one newline: the JSON value is unchanged, and every later append costs the
/// size of its item (docs/formats.md, "`.json` arrays").
enum ArrayBlanks {
    static let limit = 4096

    /// Returns the locked file as it is afterwards.
    static func normalize(_ locked: LockedFile, insertAt: Int, close: Int) throws -> LockedFile {
        var close = close
        if close - insertAt > limit {
            // One journaled step: a `]` right after the last element, a blank where it was.
            try locked.overwrite([(insertAt, Byte.closeBracket), (close, UInt8(ascii: " "))])
            close = insertAt
        }
        guard locked.size - close - 1 > limit else { return locked }
        // Blanks after the bracket are not part of the value: a crash anywhere in these steps
        // leaves a valid file holding the same value. Synced, so that the next record's old
        // length is the length on disk.
        try locked.file.writeAll(toAbsoluteOffset: close + 1, [Byte.newline])
        try locked.file.resize(to: close + 2)
        try locked.file.dataSync()
        return LockedFile(file: locked.file, status: try locked.file.status(), journal: locked.journal, held: locked.held, gate: locked.gate)
    }
}

/// Finding the end of a run of JSON blanks eight bytes at a time: a run of hundreds of megabytes
/// is crossed at memory speed even in a debug build.
enum Blanks {
    private static let low: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// 0x80 in each byte of `word` that is a JSON blank (space, tab, line feed, carriage return).
    @inline(__always)
    static func blankBytes(_ word: UInt64) -> UInt64 {
        func zeros(_ x: UInt64) -> UInt64 { ~(((x & low) &+ low) | x | low) }
        return zeros(word ^ 0x2020_2020_2020_2020) | zeros(word ^ 0x0909_0909_0909_0909)
            | zeros(word ^ 0x0a0a_0a0a_0a0a_0a0a) | zeros(word ^ 0x0d0d_0d0d_0d0d_0d0d)
    }

    static func firstNonBlank(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count && blankBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) == high { i += 8 }
            while i < raw.count && Byte.isWhitespace(raw[i]) { i += 1 }
            return i < raw.count ? i : nil
        }
    }

    static func lastNonBlank(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw in
            var end = raw.count
            while end >= 8 && blankBytes(raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)) == high { end -= 8 }
            while end > 0 && Byte.isWhitespace(raw[end - 1]) { end -= 1 }
            return end > 0 ? end - 1 : nil
        }
    }
}
