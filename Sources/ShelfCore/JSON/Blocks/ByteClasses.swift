#if !SHELF_KERNEL_TARGET || (SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics))
// One source for ShelfCore and the wide kernel targets (their copies are links to this file):
// compiled for the processor level of each, so that the block engine runs there with the wide
// kernel's classification inlined and the mask arithmetic in BMI code (JSONValidator+Blocks.swift).
/// One bit per byte of a 64-byte block for each kind of byte the block path looks for
/// (JSONBlock.swift turns them into strings, tokens and errors): what a classifier hands over,
/// SSE2 here or a wide kernel (ShelfKernelsAVX2, ShelfKernelsAVX512).
struct ByteClasses {
    var quotes: UInt64 = 0
    var backslashes: UInt64 = 0
    /// `[`, `]`, `{` and `}`.
    var brackets: UInt64 = 0
    var commas: UInt64 = 0
    var colons: UInt64 = 0
    /// Bytes below 0x20, and spaces.
    var lows: UInt64 = 0
    var spaces: UInt64 = 0
    /// Nonzero when a byte is not ASCII (the wide kernels mark each such byte, SSE2 only some).
    var nonASCII: UInt64 = 0
    /// What spells a number: `0`...`9`, `0`, `-`, `+`, `.`, `e` and `E`.
    var digits: UInt64 = 0
    var zeros: UInt64 = 0
    var minus: UInt64 = 0
    var plus: UInt64 = 0
    var dots: UInt64 = 0
    var exponents: UInt64 = 0

    init() {}

    /// From a wide kernel's answer (a tuple: a kernel module defines no type of its own, whose
    /// code a baseline caller might run).
    @inline(__always)
    init(_ bits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        (quotes, backslashes, brackets, commas, colons, lows, spaces, nonASCII, digits, zeros, minus, plus, dots, exponents) = bits
    }
}
#endif
