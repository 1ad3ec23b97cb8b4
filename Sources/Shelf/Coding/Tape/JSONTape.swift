/// A JSON text parsed once into a flat array of fixed-size nodes (a "tape"), for the library's
/// Codable decoder to walk without allocating a tree: each value is two 64-bit words, containers
/// know where they end, strings and numbers point back into the source bytes.
///
/// The parser is strict RFC 8259 (and at most `maximumDepth` containers deep): every string is
/// checked for UTF-8 and escapes, every number for its grammar. Foundation's decoder checks
/// strings and numbers only when a value is decoded, so it accepts some texts this refuses; the
/// caller hands those to Foundation, which then decides.
struct JSONTape: Sendable {
    /// What a node is: the top four bits of its first word.
    enum Kind: UInt8, Sendable {
        case null = 0, `false`, `true`
        /// An integer of at most 18 digits, not `-0`: the second word holds its value.
        case integer
        /// Any other number: the second word holds the length of its text.
        case number
        /// A string without escapes, all ASCII.
        case asciiString
        /// A string without escapes, with non-ASCII (valid UTF-8) bytes.
        case utf8String
        /// A string with escapes: the second word holds the length of its raw text.
        case escapedString
        /// The first word's payload is the index after its last node; the second, its count.
        case array
        /// As `array`; the count is of members (key and value pairs).
        case object
    }

    /// Containers nested deeper than this are refused (Foundation refuses 512).
    static let maximumDepth = 500

    /// Two words per node.
    var words: [UInt64]

    init(words: [UInt64]) { self.words = words }

    static var payloadMask: UInt64 { (1 << 60) - 1 }

    /// The nodes through a pointer, for `body` only (TapeNodes).
    func withNodes<R>(_ body: (TapeNodes) throws -> R) rethrows -> R {
        try words.withUnsafeBufferPointer { try body(TapeNodes(words: $0.baseAddress.unsafelyUnwrapped)) }
    }

    // The same reads, checked: for callers that hold the tape itself.
    func kind(_ node: Int) -> Kind { checked(node) { $0.kind(node) } }
    func payload(_ node: Int) -> Int { checked(node) { $0.payload(node) } }
    func aux(_ node: Int) -> UInt64 { checked(node) { $0.aux(node) } }
    func next(_ node: Int) -> Int { checked(node) { $0.next(node) } }

    private func checked<R>(_ node: Int, _ read: (TapeNodes) -> R) -> R {
        precondition(node >= 0 && node &* 2 &+ 1 < words.count, "no node \(node) on the tape")
        return withNodes(read)
    }
}
