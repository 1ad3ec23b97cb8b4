/// SSE2's classification of a block (every x86_64 has it), and the choice between it and a wide
/// kernel's for the tests that hold each against the other.
extension JSONBlock {
    @inline(always)
    static func bits(_ mask0: ByteMask, _ mask1: ByteMask, _ mask2: ByteMask, _ mask3: ByteMask) -> UInt64 {
        UInt64(mask0.bits) | UInt64(mask1.bits) &<< 16 | UInt64(mask2.bits) &<< 32 | UInt64(mask3.bits) &<< 48
    }

    /// The 64 bytes from `raw + index`, classified with SSE2: sixteen bytes per compare, and the
    /// number classes only where the settled part has a scalar.
    @inline(always)
    init(_ raw: UnsafeRawPointer, at index: Int) {
        let v0 = ByteVector.load(raw, index), v1 = ByteVector.load(raw, index &+ 16)
        let v2 = ByteVector.load(raw, index &+ 32), v3 = ByteVector.load(raw, index &+ 48)
        @inline(always) func mask(_ test: (ByteVector) -> ByteMask) -> UInt64 { Self.bits(test(v0), test(v1), test(v2), test(v3)) }
        var classes = ByteClasses()
        classes.quotes = mask { $0 .== .all(Byte.quote) }
        classes.backslashes = mask { $0 .== .all(Byte.backslash) }
        // `[` and `]` are `{` and `}` with bit 5 clear.
        classes.brackets = mask {
            let folded = $0 | .all(0x20)
            return (folded .== .all(Byte.openBrace)) .| (folded .== .all(Byte.closeBrace))
        }
        classes.commas = mask { $0 .== .all(Byte.comma) }
        classes.colons = mask { $0 .== .all(Byte.colon) }
        classes.lows = mask { $0 .< .all(0x20) }
        classes.spaces = mask { $0 .== .all(0x20) }
        // Only whether there is one: the bits of the four vectors folded into one.
        classes.nonASCII = UInt64(((v0 | v1 | v2 | v3).signed .< .all(0)).bits)
        self.init(classes) { classes in
            classes.digits = mask { ($0 &- .all(Byte.zero)) .< .all(10) }
            classes.minus = mask { $0 .== .all(Byte.minus) }
            classes.zeros = mask { $0 .== .all(Byte.zero) }
            classes.plus = mask { $0 .== .all(UInt8(ascii: "+")) }
            classes.dots = mask { $0 .== .all(UInt8(ascii: ".")) }
            classes.exponents = mask { ($0 | .all(0x20)) .== .all(UInt8(ascii: "e")) }
        }
    }

    /// The 64 bytes from `raw + index`, classified by `kernel` (one that `BlockKernel.runs`).
    @inline(__always)
    init(_ raw: UnsafeRawPointer, at index: Int, kernel: BlockKernel) {
        if kernel == .sse2 {
            self.init(raw, at: index)
        } else {
            self.init(ByteClasses.classify(raw, at: index, kernel: kernel)) { _ in }
        }
    }

}
