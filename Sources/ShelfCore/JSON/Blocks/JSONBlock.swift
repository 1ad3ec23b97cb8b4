#if !SHELF_KERNEL_TARGET || (SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics))
// One source for ShelfCore and the wide kernel targets (their copies are links to this file):
// compiled for the processor level of each, so that the block engine runs there with the wide
// kernel's classification inlined and the mask arithmetic in BMI code (JSONValidator+Blocks.swift).

/// Sixty-four bytes classified at once (simdjson's first stage, written for a validator): one bit per
/// byte for each kind the grammar cares about, the strings found by the parity of unescaped quotes,
/// and every check that a mask can make for the whole block at once (what is inside strings, what
/// may stand outside them, the spelling of numbers). `JSONValidator.blocks` runs the grammar over
/// the tokens it finds. A block always starts between tokens, outside any string.
struct JSONBlock {
    /// Bytes inside strings, each string's opening quote included and its closing quote not.
    var strings: UInt64 = 0
    /// The quotes that open and close strings.
    var openQuotes: UInt64 = 0
    var closeQuotes: UInt64 = 0
    /// Brackets, commas and colons outside strings.
    var brackets: UInt64 = 0
    var commas: UInt64 = 0
    var colons: UInt64 = 0
    /// Blanks outside strings, control bytes outside strings taken for blanks until checked.
    var blanks: UInt64 = 0
    /// Control bytes outside strings: line feeds to count, or bytes that are not blanks.
    var controls: UInt64 = 0
    /// Bytes of scalars (numbers and literals) outside strings, and the first byte of each.
    var scalars: UInt64 = 0
    var scalarStarts: UInt64 = 0
    /// The first byte of each scalar that is not a number (it must spell true, false or null).
    var literals: UInt64 = 0
    /// The byte after each escaping backslash.
    var escaped: UInt64 = 0
    /// The bytes up to and including the last bracket, comma or colon outside strings: the part
    /// of the block whose every token ends inside it (0 when there is none).
    var settled: UInt64 = 0
    /// Bytes that break the rules a mask can check (only those in `settled` count).
    var errors: UInt64 = 0
    /// Whether any byte is not ASCII.
    var hasNonASCII = false

    /// The block from its byte classes; `numberClasses` fills in the number ones (digits to
    /// exponents) when the settled part has a scalar, where a classifier leaves them for later.
    @inline(always)
    init(_ classes: ByteClasses, numberClasses: (inout ByteClasses) -> Void) {
        var classes = classes
        let quotes = classes.quotes, backslashes = classes.backslashes, lows = classes.lows, spaces = classes.spaces
        brackets = classes.brackets
        commas = classes.commas
        colons = classes.colons
        hasNonASCII = classes.nonASCII != 0

        escaped = Self.escapedBytes(backslashes)
        let unescapedQuotes = quotes & ~escaped
        strings = Self.prefixParity(unescapedQuotes)
        openQuotes = unescapedQuotes & strings
        closeQuotes = unescapedQuotes & ~strings
        let outside = ~strings & ~unescapedQuotes
        brackets &= outside
        commas &= outside
        colons &= outside
        controls = lows & outside
        blanks = (spaces | lows) & outside
        let structural = brackets | commas | colons
        settled = structural == 0 ? 0 : ~UInt64(0) &>> UInt64(structural.leadingZeroBitCount)
        scalars = outside & ~structural & ~blanks
        scalarStarts = scalars & ~(scalars &<< 1)
        errors = (lows & strings) | (backslashes & ~strings)
        literals = scalarStarts
        guard scalarStarts & settled != 0 else { return }

        // Numbers: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, each part found by adding a
        // start bit to a run of digits (the carry runs to the run's end), every byte of a number
        // accounted for by one part, and each part's required digit checked: no branch per number.
        numberClasses(&classes)
        let digits = scalars & classes.digits
        let minus = scalars & classes.minus
        let numberStarts = scalarStarts & (digits | minus)
        literals = scalarStarts & ~numberStarts
        let numbers = ((scalars &+ numberStarts) ^ scalars) & scalars
        let zeros = digits & classes.zeros
        let plus = scalars & classes.plus
        let dots = scalars & classes.dots
        let exponents = scalars & classes.exponents

        let leadingMinus = numberStarts & minus
        let integerStarts = (numberStarts & digits) | (leadingMinus &<< 1)
        let integerSum = digits &+ integerStarts
        let integerDigits = (integerSum ^ digits) & digits, integerEnds = integerSum & ~digits
        let point = dots & integerEnds
        let fractionStarts = point &<< 1
        let fractionSum = digits &+ (fractionStarts & digits)
        let fractionDigits = (fractionSum ^ digits) & digits, fractionEnds = fractionSum & ~digits
        let exponent = exponents & (integerEnds | fractionEnds)
        let signs = (minus | plus) & (exponent &<< 1)
        let exponentStarts = ((exponent &<< 1) & ~signs) | (signs &<< 1)
        let exponentSum = digits &+ (exponentStarts & digits)
        let exponentDigits = (exponentSum ^ digits) & digits
        let accounted = leadingMinus | integerDigits | point | fractionDigits | exponent | signs | exponentDigits
        let missingDigits = (integerStarts | fractionStarts | exponentStarts) & ~digits
        let leadingZero = ((integerStarts & zeros) &<< 1) & digits
        errors |= (numbers & ~accounted) | missingDigits | leadingZero
    }

    /// The bytes that follow an odd run of backslashes (simdjson's carry trick: a run that starts
    /// on an even bit and ends on an odd one, or the other way round, has an odd length).
    @inline(always)
    static func escapedBytes(_ backslashes: UInt64) -> UInt64 {
        let even: UInt64 = 0x5555_5555_5555_5555
        let starts = backslashes & ~(backslashes &<< 1)
        let afterEvenStarts = (backslashes &+ (starts & even)) & ~backslashes
        let afterOddStarts = (backslashes &+ (starts & ~even)) & ~backslashes
        return (afterEvenStarts & ~even) | (afterOddStarts & even)
    }

    /// Bit i set when an odd number of the bits 0...i are set.
    @inline(always)
    static func prefixParity(_ bits: UInt64) -> UInt64 {
        var parity = bits
        parity ^= parity &<< 1
        parity ^= parity &<< 2
        parity ^= parity &<< 4
        parity ^= parity &<< 8
        parity ^= parity &<< 16
        parity ^= parity &<< 32
        return parity
    }
}
#endif
