#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
// The validator's block classification on 64-byte vectors (docs/json.md, "Blocks of 64 bytes").
// This one file is the source of two modules, each compiled for its own processor level
// (Package.swift): ShelfKernelsAVX512 (one compare of 64 bytes gives a 64-bit mask) and
// ShelfKernelsAVX2 (a symbolic link to this file: two 32-byte compares and two `vpmovmskb`),
// against four 16-byte compares and four `pmovmskb` per class on baseline x86_64. Each module
// has its own `bits` (LaneBits.swift). Nothing here may run before ShelfCore's `WideBlocks`
// checked the processor, and nothing here may be inlined into a caller compiled for baseline:
// hence free non-inlinable entries returning tuples (no type of their own whose code a baseline
// caller might call). The block loop itself is here too (BlockEntry.swift). Compiled only when the build asks for wide kernels (SHELF_WIDE_KERNELS,
// Package.swift): without the processor-level flags this code would be baseline code, never chosen.

typealias Bytes = SIMD64<UInt8>

/// Lanes of `bytes` equal to `byte`, below it, at or above it, as 64 bits. Only compares of two
/// whole vectors: Swift's SIMD64 `|`, `&` and `&-` compile to a loop over lanes here, so masks are
/// combined as words.
@inline(__always)
func lanes(_ bytes: Bytes, equalTo byte: UInt8) -> UInt64 { bits(bytes .== Bytes(repeating: byte)) }

@inline(__always)
func lanes(_ bytes: Bytes, below byte: UInt8) -> UInt64 { bits(bytes .< Bytes(repeating: byte)) }

@inline(__always)
func lanes(_ bytes: Bytes, atLeast byte: UInt8) -> UInt64 { bits(bytes .>= Bytes(repeating: byte)) }

/// The classes of the 64 bytes from `raw + index`, in `ByteClasses` order: quotes, backslashes,
/// brackets, commas, colons, bytes below 0x20, spaces, non-ASCII, digits, zeros, minus, plus,
/// dots, exponent marks. ShelfCore's tests call it; the block loop inlines `classes`.
@inline(never)
package func classifyBlock(_ raw: UnsafeRawPointer, at index: Int)
    -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    classes(raw, at: index)
}

@inline(__always)
func classes(_ raw: UnsafeRawPointer, at index: Int)
    -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    let bytes = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
    let brackets = lanes(bytes, equalTo: 0x5B) | lanes(bytes, equalTo: 0x5D) | lanes(bytes, equalTo: 0x7B) | lanes(bytes, equalTo: 0x7D)
    return (lanes(bytes, equalTo: 0x22), lanes(bytes, equalTo: 0x5C), brackets, lanes(bytes, equalTo: 0x2C),
            lanes(bytes, equalTo: 0x3A), lanes(bytes, below: 0x20), lanes(bytes, equalTo: 0x20), lanes(bytes, atLeast: 0x80),
            lanes(bytes, atLeast: 0x30) & lanes(bytes, below: 0x3A), lanes(bytes, equalTo: 0x30), lanes(bytes, equalTo: 0x2D),
            lanes(bytes, equalTo: 0x2B), lanes(bytes, equalTo: 0x2E), lanes(bytes, equalTo: 0x65) | lanes(bytes, equalTo: 0x45))
}

/// UTF-8 of the 64 bytes from `raw + index` (ShelfCore's `UTF8Vector` checks, on 64 lanes): the
/// lanes that break it, given valid UTF-8 before up to a character boundary or an unfinished
/// character; the continuation bytes; the bytes that are not ASCII.
@inline(never)
package func checkBlockUTF8(_ raw: UnsafeRawPointer, at index: Int) -> (errors: UInt64, continuations: UInt64, nonASCII: UInt64) {
    blockUTF8(raw, at: index)
}

@inline(__always)
func blockUTF8(_ raw: UnsafeRawPointer, at index: Int) -> (errors: UInt64, continuations: UInt64, nonASCII: UInt64) {
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
#endif
