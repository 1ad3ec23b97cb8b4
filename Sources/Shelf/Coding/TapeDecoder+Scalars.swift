import FoundationEssentials
import ShelfCore

/// Scalars read from tape nodes, accepting exactly what Foundation's decoder accepts on its
/// fast paths; anything else (an integer written `1.0` or `1e2`, more than 18 digits, a
/// number out of range) fails, and Foundation decides.
extension TapeDecoder {
    @inline(__always) func text(_ at: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + tape.payload(at), count: Int(truncatingIfNeeded: tape.aux(at)))
    }

    func bool(_ at: Int) throws -> Bool {
        switch tape.kind(at) {
        case .true: return true
        case .false: return false
        default: throw fail("not a Bool", Bool.self)
        }
    }

    func string(_ at: Int) throws -> String {
        switch tape.kind(at) {
        case .asciiString, .utf8String:
            return String(decoding: text(at), as: UTF8.self)
        case .escapedString:
            return JSONTape.unescapedString(text(at))
        default:
            throw fail("not a String", String.self)
        }
    }

    func integer<T: FixedWidthInteger>(_ at: Int) throws -> T {
        guard tape.kind(at) == .integer, let value = T(exactly: Int64(bitPattern: tape.aux(at))) else {
            throw fail("not an integer this decoder reads", T.self)
        }
        return value
    }

    func double(_ at: Int) throws -> Double {
        switch tape.kind(at) {
        case .integer:
            return Double(Int64(bitPattern: tape.aux(at)))
        case .number:
            let text = text(at)
            let value = JSONTape.double(text)
            guard value.isFinite, value != 0 || JSONTape.isZero(text) else { throw fail("not representable", Double.self) }
            return value
        default:
            throw fail("not a number", Double.self)
        }
    }

    func float(_ at: Int) throws -> Float {
        switch tape.kind(at) {
        case .integer:
            return Float(Int64(bitPattern: tape.aux(at)))
        case .number:
            let text = text(at)
            let value = JSONTape.float(text)
            guard value.isFinite, value != 0 || JSONTape.isZero(text) else { throw fail("not representable", Float.self) }
            return value
        default:
            throw fail("not a number", Float.self)
        }
    }

    /// Whether two buffers of one length hold the same bytes (eight at a time).
    @inline(__always) static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        var i = 0
        let n = a.count
        while n - i >= 8 {
            if UnsafeRawPointer(x + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(y + i).loadUnaligned(as: UInt64.self) { return false }
            i += 8
        }
        while i < n {
            if x[i] != y[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether the key node `at` names `key`: equal bytes; or, where either is not ASCII,
    /// equal as Swift strings (canonical equivalence, as Foundation's dictionary of keys compares).
    func keyMatches(_ at: Int, _ key: UnsafeBufferPointer<UInt8>, keyIsASCII: Bool, _ keyString: String) -> Bool {
        let kind = tape.kind(at)
        if kind == .asciiString || kind == .utf8String {
            let stored = text(at)
            if stored.count == key.count && Self.same(stored, key) { return true }
            if kind == .asciiString && keyIsASCII { return false }
        }
        return (try? string(at)) == keyString
    }
}
