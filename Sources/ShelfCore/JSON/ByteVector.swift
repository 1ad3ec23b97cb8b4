/// Sixteen bytes looked at together: one SSE2 register on x86_64 (which every x86_64 processor
/// has, so the binary needs no newer one), one NEON register on ARM.
///
/// Only operations that compile to single vector instructions are used: loads, `.==`, `.<`
/// and friends between two concrete `SIMD16<UInt8>`/`SIMD16<Int8>` vectors, and mask
/// `.&`/`.|`/`.^`. A comparison with a scalar, `replacing(with:where:)`, `any(_:)`,
/// `pointwiseMax` and every `SIMD64` operator compile to a loop over lanes or to a call (Swift
/// 6.3, -O), so scalars are splatted with `all(_:)` and masks are read as bits (ByteMask+Bits.swift).
typealias ByteVector = SIMD16<UInt8>
typealias ByteMask = SIMDMask<SIMD16<Int8>>

extension SIMD16 where Scalar == UInt8 {
    @inline(always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Self {
        base.loadUnaligned(fromByteOffset: offset, as: Self.self)
    }

    /// The same bytes read as signed, where 0x80...0xFF are negative.
    @inline(always)
    var signed: SIMD16<Int8> { SIMD16<Int8>(truncatingIfNeeded: self) }

    /// `byte` in every lane.
    @inline(always)
    static func all(_ byte: UInt8) -> Self { Self(repeating: byte) }

    /// The first `count` lanes (0 to 16).
    @inline(always)
    static func first(_ count: Int) -> ByteMask {
        Self(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .< all(UInt8(truncatingIfNeeded: count))
    }
}

extension SIMD16 where Scalar == Int8 {
    @inline(always)
    static func all(_ value: Int8) -> Self { Self(repeating: value) }
}

/// UTF-8 checked sixteen bytes at a time: the checks of Keiser and Lemire ("Validating UTF-8 In
/// Less Than One Instruction Per Byte", 2021), each byte judged against the three before it.
/// Their method looks the classes up in three 16-entry tables with a byte shuffle; baseline
/// x86_64 (SSE2) has no byte shuffle and Swift exposes none, so here each class is a comparison,
/// which SSE2 does in one or two instructions.
enum UTF8Vector {
    /// The lanes of `bytes` that break UTF-8, given the three bytes before each lane (`back1`,
    /// `back2`, `back3`: the same memory loaded 1, 2 and 3 bytes earlier). Exact when the bytes
    /// before the first lane are valid UTF-8 up to a character boundary or an unfinished character.
    @inline(always)
    static func errors(_ bytes: ByteVector, back1: ByteVector, back2: ByteVector, back3: ByteVector) -> ByteMask {
        let signed = bytes.signed
        // 0x80...0xBF continue a character; a byte must be one exactly when a lead byte 1, 2 or 3
        // places back asks for it: too short, too long and stray continuations all break this.
        let continuation = signed .< .all(-64)
        let expected = (back1 .>= .all(0xC0)) .| (back2 .>= .all(0xE0)) .| (back3 .>= .all(0xF0))
        var errors = continuation .^ expected
        // Bytes that can never appear: C0 and C1 (overlong two-byte forms), F5...FF (past U+10FFFF).
        errors .|= ((bytes & .all(0xFE)) .== .all(0xC0)) .| (bytes .>= .all(0xF5))
        // Four lead bytes narrow their first continuation: E0 A0...BF (not overlong), ED 80...9F
        // (not a surrogate), F0 90...BF (not overlong), F4 80...8F (not past U+10FFFF).
        errors .|= (back1 .== .all(0xE0)) .& (signed .< .all(-0x60))
        errors .|= (back1 .== .all(0xED)) .& (signed .>= .all(-0x60))
        errors .|= (back1 .== .all(0xF0)) .& (signed .< .all(-0x70))
        errors .|= (back1 .== .all(0xF4)) .& (signed .>= .all(-0x70))
        return errors
    }

    /// The start of the character that `position` is inside of (`position` itself when it starts
    /// one), in bytes that are valid UTF-8 before it.
    @inline(always)
    static func characterStart(_ base: UnsafePointer<UInt8>, before position: Int) -> Int {
        if base[position &- 1] >= 0xC0 { return position &- 1 }
        if base[position &- 2] >= 0xE0 { return position &- 2 }
        if base[position &- 3] >= 0xF0 { return position &- 3 }
        return position
    }
}
