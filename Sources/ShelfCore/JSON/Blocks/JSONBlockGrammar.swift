#if !SHELF_KERNEL_TARGET || (SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics))
// One source for ShelfCore and the wide kernel targets (their copies are links to this file):
// compiled for the processor level of each, so that the block engine runs there with the wide
// kernel's classification inlined and the mask arithmetic in BMI code (JSONValidator+Blocks.swift).
/// The grammar over a block's tokens, checked with masks rather than token by token: each kind of
/// token allows only some kinds next (after `{` a key or `}`, after a value `,` or a closing
/// bracket, ...), and "the next token after each of these" is one addition that carries over the
/// blanks. Only brackets are walked one at a time (the open containers are a stack), and they
/// also say, for every byte, whether the innermost container is an array.
/// The validator's states between tokens (JSONValidator.State's first six, with their raw values).
enum BlockState: UInt8 {
    case value, valueOrClose, keyOrClose, key, colon, afterValue
}

struct BlockLevels {
    /// The validator's state between tokens.
    var state: BlockState
    /// The innermost open containers, the innermost at bit 63 (1 for an array).
    var stack: UInt64
    var depth: Int

    struct After {
        var levels: BlockLevels
        /// The lowest and highest depth the block reached.
        var lowest: Int
        var highest: Int
        /// How many values began directly inside the top-level array.
        var topValues: Int
    }

    /// The levels after the settled part of `block` (at `bytes + index`), or nil when its tokens
    /// break the grammar or its depths leave `lowestAllowed...highestAllowed` (the levels `stack`
    /// can see); then `outside` is the lowest and highest depth it reached, else it stays nil.
    @inline(always)
    func after(_ block: JSONBlock, _ bytes: UnsafePointer<UInt8>, at index: Int, topArray: Bool,
               lowest lowestAllowed: Int, highest highestAllowed: Int, outside: inout (low: Int, high: Int)?) -> After? {
        let settled = block.settled
        var stack = self.stack, depth = self.depth, lowest = depth, highest = depth
        let startsInArray = stack &>> 63
        var inArrayNow = startsInArray, arrayToggles: UInt64 = 0
        var atTopNow: UInt64 = depth == 1 ? 1 : 0, topToggles: UInt64 = 0
        var opensObjects: UInt64 = 0, opensArrays: UInt64 = 0, mismatch: UInt64 = 0
        var marks = block.brackets & settled
        while marks != 0 {
            let at = UInt64(marks.trailingZeroBitCount)
            marks &= marks &- 1
            // `[` and `{` have bit 1 set, `]` and `}` clear; brackets have bit 5 clear, braces set.
            let byte = UInt64(bytes[index &+ Int(at)])
            let open = byte &>> 1 & 1, array = (byte &>> 5 & 1) ^ 1
            mismatch |= (open ^ 1) & (stack &>> 63 ^ array)
            // Without a branch: whether a bracket opens or closes is data.
            let opening = 0 &- open
            stack = (stack &>> 1 | array &<< 63) & opening | (stack &<< 1) & ~opening
            depth = depth &+ Int(open &<< 1) &- 1
            lowest = Swift.min(lowest, depth)
            highest = Swift.max(highest, depth)
            opensObjects |= (open & (array ^ 1)) &<< at
            opensArrays |= (open & array) &<< at
            let inArray = stack &>> 63, atTop: UInt64 = depth == 1 ? 1 : 0
            arrayToggles |= (inArray ^ inArrayNow) &<< at
            topToggles |= (atTop ^ atTopNow) &<< at
            inArrayNow = inArray
            atTopNow = atTop
        }
        // Out of the levels the stack holds, a close was checked against a bit it does not know:
        // the caller sees the depths and may run the block again with the stack re-based.
        guard lowest >= lowestAllowed, highest <= highestAllowed else {
            outside = (lowest, highest)
            return nil
        }
        guard mismatch == 0 else { return nil }
        // Whether the innermost container is an array, and whether one container is open, before each byte.
        let inArray = JSONBlock.prefixParity(arrayToggles &<< 1) ^ (0 &- startsInArray)
        let atTop = JSONBlock.prefixParity(topToggles &<< 1) ^ (self.depth == 1 ? ~0 : 0)

        let blanks = block.blanks
        @inline(always) func next(_ ends: UInt64) -> UInt64 { ((ends &<< 1) &+ blanks) & ~blanks & settled }
        let opens = opensObjects | opensArrays, closes = block.brackets & settled & ~opens
        let values = opens | block.openQuotes | block.scalarStarts
        let tokens = (block.brackets | block.commas | block.colons | block.openQuotes | block.scalarStarts) & settled
        let first = tokens & (0 &- tokens)
        let allowedFirst: UInt64
        var keys = block.openQuotes & next(opensObjects | (block.commas & ~inArray))
        switch state {
        case .value: allowedFirst = values
        case .valueOrClose: allowedFirst = values | closes
        case .keyOrClose:
            allowedFirst = block.openQuotes | closes
            keys |= first & block.openQuotes
        case .key:
            allowedFirst = block.openQuotes
            keys |= first & block.openQuotes
        case .colon: allowedFirst = block.colons
        default: allowedFirst = block.commas | closes
        }
        let keyEnds = (block.strings &+ keys) & ~block.strings
        let valueEnds = closes | (block.closeQuotes & ~keyEnds) | (block.scalars & ~(block.scalars &>> 1))
        var errors = first & ~allowedFirst
        errors |= next(opensObjects) & ~(block.openQuotes | closes)
        errors |= next(opensArrays) & ~(values | closes)
        errors |= next(block.colons | (block.commas & inArray)) & ~values
        errors |= next(block.commas & ~inArray) & ~block.openQuotes
        errors |= next(valueEnds) & ~(block.commas | closes)
        errors |= next(keyEnds) & ~block.colons
        guard errors == 0 else { return nil }

        // The block ends on its last bracket, comma or colon: the state after it.
        let last = 63 &- settled.leadingZeroBitCount
        let after: BlockState
        switch bytes[index &+ last] {
        case UInt8(ascii: "{"): after = .keyOrClose
        case UInt8(ascii: "["): after = .valueOrClose
        case UInt8(ascii: ":"): after = .value
        case UInt8(ascii: ","): after = inArray &>> UInt64(last) & 1 != 0 ? .value : .key
        default: after = .afterValue
        }
        let topValues = topArray ? (values & settled & atTop).nonzeroBitCount : 0
        return After(levels: BlockLevels(state: after, stack: stack, depth: depth), lowest: lowest, highest: highest,
                     topValues: topValues)
    }
}
#endif
