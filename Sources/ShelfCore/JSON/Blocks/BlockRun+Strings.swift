#if !SHELF_KERNEL_TARGET || (SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics))
// One source for ShelfCore and the wide kernel targets (their copies are links to this file), as
// BlockRun.swift.

/// Strings longer than what is left of their block. A block keeps only what ends inside it, so
/// such a string used to stop the block path, and the token path read on for a block or more:
/// on records whose texts run past 64 bytes (escapes and non-ASCII, the slowest corpus) it ran
/// more than the blocks did. Here the string is read on, 64 bytes at a time, up to its closing
/// quote, with the checks a block makes inside strings; the block path goes on after the quote.
extension BlockRun {
    /// When `block` (at `index`) is blanks and then one string that does not close in it: reads
    /// the string to its closing quote and returns the offset after it, with the state, the
    /// top-level values and the continuation bytes brought up to there. Nil, with nothing changed,
    /// when anything is not plain (a control byte, a bad escape or UTF-8, the window's end near):
    /// the token path reads the string.
    @inline(__always)
    mutating func longString(_ raw: UnsafeRawPointer, count: Int, _ block: JSONBlock, topArray: Bool) -> Int? {
        let quotes = block.openQuotes, quoteAt = quotes.trailingZeroBitCount
        let before = (UInt64(1) &<< UInt64(quoteAt & 63)) &- 1
        guard quotes != 0, quotes & (quotes &- 1) == 0, block.closeQuotes == 0, block.errors == 0,
              block.blanks & before == before, block.controls & before == 0 else { return nil }
        let isKey: Bool
        switch levels.state {
        case .key, .keyOrClose: isKey = true
        case .value, .valueOrClose: isKey = false
        default: return nil
        }
        let bytes = raw.assumingMemoryBound(to: UInt8.self), contentStart = index &+ quoteAt &+ 1
        guard Self.escapesAreValid(bytes, at: index, block.escaped & block.strings) else { return nil }
        var marks = 0, partial = false
        if block.hasNonASCII {
            let (errors, continuations, nonASCII) = blockUTF8(raw, at: index)
            guard errors == 0 else { return nil }
            marks = continuations.nonzeroBitCount
            partial = nonASCII &>> 61 != 0
        }
        var chunk = index &+ 64
        while chunk &+ 72 <= count {
            let (quotes, backslashes, lows, nonASCII) = stringClasses(raw, at: chunk)
            // A backslash at the end of the bytes before escapes this chunk's first byte.
            let carry: UInt64 = Self.escapesNext(bytes, at: chunk, contentStart: contentStart) ? 1 : 0
            let escaped = JSONBlock.escapedBytes(backslashes & ~carry) | carry
            let closing = quotes & ~escaped
            // The bytes up to and including the closing quote (all of them while there is none).
            let kept = closing == 0 ? ~UInt64(0) : closing ^ (closing &- 1)
            let content = closing == 0 ? kept : kept &>> 1
            guard lows & kept == 0, Self.escapesAreValid(bytes, at: chunk, escaped & content) else { return nil }
            // A character left unfinished by the bytes before shows as an error here.
            if nonASCII != 0 || partial {
                let (errors, continuations, _) = blockUTF8(raw, at: chunk)
                guard errors & kept == 0 else { return nil }
                marks &+= (continuations & kept).nonzeroBitCount
            }
            partial = nonASCII &>> 61 != 0
            if closing != 0 {
                index = chunk &+ closing.trailingZeroBitCount &+ 1
                levels.state = isKey ? .colon : .afterValue
                if topArray && !isKey && levels.depth == 1 { topValues &+= 1 }
                continuations &+= marks
                return index
            }
            chunk &+= 64
        }
        return nil
    }

    /// Whether the byte at `at` is escaped: the backslashes just before it, back to the string's
    /// first byte, are an odd run.
    @inline(__always)
    static func escapesNext(_ bytes: UnsafePointer<UInt8>, at: Int, contentStart: Int) -> Bool {
        var back = at, odd = false
        while back > contentStart && bytes[back &- 1] == 0x5C {
            odd.toggle()
            back &-= 1
        }
        return odd
    }
}
#endif
