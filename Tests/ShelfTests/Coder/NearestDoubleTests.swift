import FoundationEssentials
import Testing
@testable import Shelf
@testable import shelf_bench

/// The decoder's own decimal-to-Double conversion (`JSONTape.nearestDouble`, Eisel and Lemire's
/// method) against the standard library's parser (`strtod`), bit for bit: any Double's shortest
/// and 17-digit texts, decimals of every length and exponent, halfway cases, and the texts at
/// the edges where it must decline.
@Suite struct NearestDoubleTests {
    /// What the tape's conversion makes of `text`, and the standard library's answer.
    static func both(_ text: String) -> (ours: Double, library: Double) {
        var copy = text
        let ours = copy.withUTF8 { JSONTape.double($0) }
        return (ours, Double(text) ?? .nan)
    }

    static func check(_ text: String) -> String? {
        let (ours, library) = both(text)
        return ours.bitPattern == library.bitPattern ? nil : "\(text): \(ours) where strtod gives \(library)"
    }

    @Test func anyDoublesTextsConvertAsStrtodDoes() {
        var random = CoderValues(seed: 2026)
        var mismatches: [String] = [], taken = 0
        for _ in 0..<(20_000 * CoderComparison.scale) {
            let value = Double(bitPattern: random.bits())
            guard value.isFinite else { continue }
            for text in [value.description, String(paddedDigits: value)] {
                if let mismatch = Self.check(text) { mismatches.append(mismatch) }
            }
            if value.isNormal, let (digits, exponent) = Self.decimal(value.description), JSONTape.nearestDouble(digits, exponent) != nil { taken += 1 }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
        // The fast path is what converts them: nearly every normal Double (the rest decline).
        #expect(taken > 19_000 * CoderComparison.scale / 2)
    }

    @Test func decimalsOfEveryLengthAndExponentConvertAsStrtodDoes() {
        var random = CoderValues(seed: 11)
        var mismatches: [String] = []
        for _ in 0..<(20_000 * CoderComparison.scale) {
            let length = 1 + random.next(19)
            var digits = String(1 + random.next(9))
            for _ in 1..<length { digits += String(random.next(10)) }
            let exponent = random.next(700) - 360
            let text = random.next(2) == 0 ? "\(digits)e\(exponent)" : "-\(digits.prefix(1)).\(digits.dropFirst())e\(exponent)"
            if let mismatch = Self.check(text) { mismatches.append(mismatch) }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
    }

    /// Exactly halfway between two Doubles: ties go to the even one (2^53 + 1 and its kin), and
    /// just above or below halfway go to the nearer one.
    @Test func halfwayCasesRoundToEven() {
        var texts: [String] = []
        for k in 0..<200 {
            let base = UInt64(1) << 53 + UInt64(2 * k)
            texts += [String(base + 1), String(base + 3), "\(base + 1)0e-1", "\(base + 1).0000000001", "\(base + 1)00e-2"]
            texts += [String((UInt64(1) << 54) + UInt64(4 * k + 2)), String((UInt64(1) << 60) + UInt64(128 * k + 64))]
        }
        texts += ["9007199254740993", "9007199254740995", "1.7976931348623157e308", "2.2250738585072014e-308",
                  "2.2250738585072011e-308", "4.9e-324", "1e-400", "1e400", "1.8e308", "123456789012345678e-30",
                  "9999999999999999999e288", "1e23", "8.41e21", "5e-324", "0.1", "0.2", "0.3"]
        let mismatches = texts.compactMap(Self.check)
        #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
        // 2^53 + 1 is exactly halfway: the fast path itself answers it, with the even neighbour.
        #expect(JSONTape.nearestDouble(9_007_199_254_740_993, 0) == 9_007_199_254_740_992)
        #expect(JSONTape.nearestDouble(9_007_199_254_740_995, 0) == 9_007_199_254_740_996)
    }

    /// Where the answer is not a normal Double the fast path declines and `strtod` decides.
    @Test func edgesAreLeftToStrtod() {
        #expect(JSONTape.nearestDouble(0, 5) == nil)
        #expect(JSONTape.nearestDouble(1, -343) == nil)
        #expect(JSONTape.nearestDouble(1, 309) == nil)
        #expect(JSONTape.nearestDouble(18, 307) == nil) // 1.8e308: infinite
        #expect(JSONTape.nearestDouble(5, -324) == nil) // subnormal
        #expect(JSONTape.nearestDouble(17_976_931_348_623_157, 292) == .greatestFiniteMagnitude)
        #expect(JSONTape.nearestDouble(22_250_738_585_072_014, -324) == .leastNormalMagnitude)
    }

    /// The digits and power of ten of a Double's description, as the tape's parser reads them.
    static func decimal(_ text: String) -> (UInt64, Int)? {
        var digits: UInt64 = 0, exponent = 0, count = 0, fraction = false, written = ""
        for character in text.utf8 {
            if !written.isEmpty || character == UInt8(ascii: "e") { written.append(Character(Unicode.Scalar(character))); continue }
            if character == UInt8(ascii: ".") { fraction = true; continue }
            guard character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9") else { continue }
            if digits != 0 || character != UInt8(ascii: "0") { count += 1 }
            digits = digits &* 10 &+ UInt64(character - UInt8(ascii: "0"))
            if fraction { exponent -= 1 }
        }
        guard count <= 19 else { return nil }
        if !written.isEmpty { exponent += Int(String(written.dropFirst().filter { $0 != "+" })) ?? 0 }
        return (digits, exponent)
    }
}

extension String {
    /// A Double's shortest text with its digits padded with zeros to 17: the same number,
    /// another text for the parser (Swift has no `%.17g` without Foundation's formatter).
    init(paddedDigits value: Double) {
        let shortest = value.description
        guard let e = shortest.firstIndex(where: { $0 == "e" }) else { self = shortest; return }
        let mantissa = shortest[..<e], exponent = shortest[shortest.index(after: e)...]
        let padded = mantissa.contains(".") ? String(mantissa) : String(mantissa) + "."
        self = padded + String(repeating: "0", count: Swift.max(0, 18 - padded.count)) + "e" + exponent
    }
}
