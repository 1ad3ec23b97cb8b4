/// One bit per byte of a 64-byte block for each kind of byte the validator's block path looks for
/// (JSONBlock.swift in ShelfCore turns them into strings, tokens and errors). What a wide kernel
/// hands back: classifying is the part of a block that vector width speeds up.
package struct ByteClasses: Sendable {
    package var quotes: UInt64 = 0
    package var backslashes: UInt64 = 0
    /// `[`, `]`, `{` and `}`.
    package var brackets: UInt64 = 0
    package var commas: UInt64 = 0
    package var colons: UInt64 = 0
    /// Bytes below 0x20, and spaces.
    package var lows: UInt64 = 0
    package var spaces: UInt64 = 0
    package var nonASCII: UInt64 = 0
    /// What spells a number: `0`...`9`, `0`, `-`, `+`, `.`, `e` and `E`.
    package var digits: UInt64 = 0
    package var zeros: UInt64 = 0
    package var minus: UInt64 = 0
    package var plus: UInt64 = 0
    package var dots: UInt64 = 0
    package var exponents: UInt64 = 0

    package init() {}
}
