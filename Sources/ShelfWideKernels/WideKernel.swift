#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel

/// The block classification on 64-byte vectors: this module alone is compiled for processors with
/// AVX-512BW (Package.swift), where one compare of 64 bytes gives a 64-bit mask, against sixteen
/// bytes and a `pmovmskb` per compare on baseline x86_64. Nothing here may run before
/// `WideKernel.isSupported` (in ShelfCore, by `cpuid`) said yes, and nothing here may be inlined
/// into a caller compiled for baseline: hence one non-inlinable entry.
package enum WideKernel {
    typealias Bytes = SIMD64<UInt8>

    /// Lanes of `bytes` equal to `byte`, below it, at or above it, as 64 bits: one compare into a
    /// mask register each. Only compares of two whole vectors: Swift's SIMD64 `|`, `&` and `&-`
    /// compile to a loop over lanes here, so masks are combined as words.
    @inline(__always)
    static func lanes(_ bytes: Bytes, equalTo byte: UInt8) -> UInt64 { bits(bytes .== Bytes(repeating: byte)) }

    @inline(__always)
    static func lanes(_ bytes: Bytes, below byte: UInt8) -> UInt64 { bits(bytes .< Bytes(repeating: byte)) }

    @inline(__always)
    static func lanes(_ bytes: Bytes, atLeast byte: UInt8) -> UInt64 { bits(bytes .>= Bytes(repeating: byte)) }

    /// A lane mask as 64 bits (`vpmovb2m`; the compiler folds it into the compare's own mask).
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD64<Int8>>) -> UInt64 {
        _mm512_movepi8_mask(unsafeBitCast(mask, to: __m512i.self))
    }

    /// The classes of the 64 bytes from `raw + index`.
    @inline(never)
    package static func classify(_ raw: UnsafeRawPointer, at index: Int) -> ByteClasses {
        let bytes = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
        var classes = ByteClasses()
        classes.quotes = lanes(bytes, equalTo: 0x22)
        classes.backslashes = lanes(bytes, equalTo: 0x5C)
        classes.brackets = lanes(bytes, equalTo: 0x5B) | lanes(bytes, equalTo: 0x5D) | lanes(bytes, equalTo: 0x7B)
            | lanes(bytes, equalTo: 0x7D)
        classes.commas = lanes(bytes, equalTo: 0x2C)
        classes.colons = lanes(bytes, equalTo: 0x3A)
        classes.lows = lanes(bytes, below: 0x20)
        classes.spaces = lanes(bytes, equalTo: 0x20)
        classes.nonASCII = lanes(bytes, atLeast: 0x80)
        classes.digits = lanes(bytes, atLeast: 0x30) & lanes(bytes, below: 0x3A)
        classes.zeros = lanes(bytes, equalTo: 0x30)
        classes.minus = lanes(bytes, equalTo: 0x2D)
        classes.plus = lanes(bytes, equalTo: 0x2B)
        classes.dots = lanes(bytes, equalTo: 0x2E)
        classes.exponents = lanes(bytes, equalTo: 0x65) | lanes(bytes, equalTo: 0x45)
        return classes
    }

    /// UTF-8 of the 64 bytes from `raw + index` (UTF8Vector's checks in ShelfCore, on 64 lanes):
    /// the lanes that break it, given valid UTF-8 before up to a character boundary or an
    /// unfinished character; the continuation bytes; the bytes that are not ASCII.
    @inline(never)
    package static func utf8(_ raw: UnsafeRawPointer, at index: Int) -> (errors: UInt64, continuations: UInt64, nonASCII: UInt64) {
        let bytes = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
        let back1 = raw.loadUnaligned(fromByteOffset: index &- 1, as: Bytes.self)
        let back2 = raw.loadUnaligned(fromByteOffset: index &- 2, as: Bytes.self)
        let back3 = raw.loadUnaligned(fromByteOffset: index &- 3, as: Bytes.self)
        let nonASCII = lanes(bytes, atLeast: 0x80), continuations = nonASCII & lanes(bytes, below: 0xC0)
        // A byte continues a character exactly when a lead byte 1, 2 or 3 places back asks for it.
        let expected = lanes(back1, atLeast: 0xC0) | lanes(back2, atLeast: 0xE0) | lanes(back3, atLeast: 0xF0)
        var errors = continuations ^ expected
        // C0, C1 (overlong two-byte forms) and F5...FF (past U+10FFFF) never appear.
        errors |= lanes(bytes, equalTo: 0xC0) | lanes(bytes, equalTo: 0xC1) | lanes(bytes, atLeast: 0xF5)
        // E0 A0...BF, ED 80...9F, F0 90...BF, F4 80...8F.
        errors |= lanes(back1, equalTo: 0xE0) & lanes(bytes, below: 0xA0)
        errors |= lanes(back1, equalTo: 0xED) & lanes(bytes, atLeast: 0xA0)
        errors |= lanes(back1, equalTo: 0xF0) & lanes(bytes, below: 0x90)
        errors |= lanes(back1, equalTo: 0xF4) & lanes(bytes, atLeast: 0x90)
        return (errors, continuations, nonASCII)
    }
}
#endif
