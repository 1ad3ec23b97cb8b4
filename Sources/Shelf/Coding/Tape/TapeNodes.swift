/// A tape's nodes read through a pointer to its words: what the decoder walks, without the
/// array's retain and bounds check on every look (the profile showed them in every key look-up).
/// Valid only while `JSONTape.withNodes` or `JSONTape.parse` lends the words.
struct TapeNodes {
    let words: UnsafePointer<UInt64>

    /// A bit cast: the parser writes only a kind's raw value, and each kind's raw value is its
    /// case's place in the enum (0 to 9), which is how Swift stores it (`init(rawValue:)` was a
    /// call per look; CoderDecodePathTests checks the layout).
    @inline(__always) func kind(_ node: Int) -> JSONTape.Kind {
        unsafeBitCast(UInt8(truncatingIfNeeded: words[node &* 2] >> 60), to: JSONTape.Kind.self)
    }

    /// The byte offset of a string's contents or a number's text; a container's end node.
    @inline(__always) func payload(_ node: Int) -> Int {
        Int(truncatingIfNeeded: words[node &* 2] & JSONTape.payloadMask)
    }

    /// A string's or number's length in bytes, an integer's value, a container's count.
    @inline(__always) func aux(_ node: Int) -> UInt64 { words[node &* 2 &+ 1] }

    /// The node after `node` and everything in it.
    @inline(__always) func next(_ node: Int) -> Int {
        switch kind(node) {
        case .array, .object: return payload(node)
        default: return node &+ 1
        }
    }
}
