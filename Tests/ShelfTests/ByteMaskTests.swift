import Testing
@testable import ShelfCore

/// A lane mask read as bits: on x86_64 through `pmovmskb`, elsewhere through the portable path.
/// Both are checked here on every machine (the portable one called directly), against a lane loop.
@Suite struct ByteMaskTests {
    /// Every mask with one or two lanes set, none, all, and masks built from bytes as the
    /// validator builds them (a compare of loaded bytes).
    static func masks() -> [ByteMask] {
        var masks: [ByteMask] = [ByteMask(repeating: false), ByteMask(repeating: true)]
        for lane in 0..<16 {
            for other in lane..<16 {
                var mask = ByteMask(repeating: false)
                mask[lane] = true
                mask[other] = true
                masks.append(mask)
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var bytes = ByteVector()
            for lane in 0..<16 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[lane] = UInt8(truncatingIfNeeded: state >> 59) &* 9
            }
            masks.append(bytes .< .all(0x40))
            masks.append(JSONValidator.specialInString(bytes &+ .all(0x1E)))
        }
        return masks
    }

    static func expected(_ mask: ByteMask) -> (bits: UInt32, first: Int) {
        var bits: UInt32 = 0
        for lane in 0..<16 where mask[lane] { bits |= 1 << lane }
        return (bits, (0..<16).first { mask[$0] } ?? 16)
    }

    /// Each mask's bits, first lane and emptiness, read through `bits` (`pmovmskb` on x86_64) and
    /// through the portable path, against a lane loop.
    @Test(arguments: [false, true])
    func bitsFirstAndEmptyMatchALaneLoop(portable: Bool) {
        for mask in Self.masks() {
            let (bits, first) = Self.expected(mask)
            let found = portable ? (mask.portableBits, mask.portableFirst, mask.portableIsEmpty) : (mask.bits, mask.first, mask.isEmpty)
            #expect(found.0 == bits)
            #expect(found.1 == first)
            #expect(found.2 == (bits == 0))
        }
    }
}
