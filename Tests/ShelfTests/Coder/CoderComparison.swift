import FoundationEssentials
import ShelfCore
@testable import Shelf

/// Runs the library's coder and Foundation's on the same input and says how they differ, if
/// they do: values (by `==`), errors (kind, type and coding path), bytes (exactly with sorted
/// keys; else after putting both objects' members in one order, since Foundation's order is its
/// hash table's, which changes from run to run).
enum CoderComparison {
    /// How many random cases each differential test runs: a few thousand in all by default,
    /// `SHELF_CODER_CASES` more (`make check-reliability` sets it).
    static let scale: Int = {
        let text = ProcessInfo.processInfo.environment["SHELF_CODER_CASES"] ?? ""
        return Swift.max(1, (Int(text) ?? 0) / 500)
    }()

    /// - Parameter sameErrors: false for types whose error Foundation itself varies from run to
    ///   run (`AnyJSON` walks `allKeys`, which Foundation gives in its hash table's order, so the
    ///   first bad member it meets, and the error's path, change): then only failing is compared.
    static func decoded<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSONDecoder = JSONDecoder(),
                                                  sameErrors: Bool = true) -> String? {
        let data = Data(bytes)
        let theirs = Result { try decoder.decode(T.self, from: data) }
        let ours = Result { try LibraryJSON.decode(T.self, from: data, like: decoder) }
        switch (theirs, ours) {
        case (.success(let a), .success(let b)):
            return a == b ? nil : "values differ: Foundation \(a), library \(b)"
        case (.failure(let a), .failure(let b)):
            return !sameErrors || describe(a) == describe(b) ? nil : "errors differ: Foundation \(describe(a)), library \(describe(b))"
        case (.success(let a), .failure(let b)):
            return "only the library failed: \(describe(b)); Foundation gave \(a)"
        case (.failure(let a), .success(let b)):
            return "only Foundation failed: \(describe(a)); the library gave \(b)"
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(type(of: error)): \(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    static func encoded<T: Encodable>(_ value: T, _ encoder: JSONEncoder = JSONEncoder()) -> String? {
        let theirs = Result { try encoder.encode(value) }
        let ours = Result { try LibraryJSON.encode(value, like: encoder) }
        switch (theirs, ours) {
        case (.success(let a), .success(let b)):
            let sorted = encoder.outputFormatting.contains(.sortedKeys)
            if sorted ? a == b : canonical(Array(a)) == canonical(Array(b)) { return nil }
            return "bytes differ:\n  Foundation \(String(decoding: a, as: UTF8.self))\n  library    \(String(decoding: b, as: UTF8.self))"
        case (.failure, .failure):
            return nil
        case (.success(let a), .failure(let b)):
            return "only the library failed: \(b); Foundation wrote \(String(decoding: a, as: UTF8.self))"
        case (.failure(let a), .success(let b)):
            return "only Foundation failed: \(a); the library wrote \(String(decoding: b, as: UTF8.self))"
        }
    }

    /// Compact JSON with every object's members in the order of their raw bytes; scalars as written.
    static func canonical(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { raw -> [UInt8]? in
            guard let tape = JSONTape.parse(raw) else { return nil }
            func emit(_ node: Int) -> [UInt8] {
                let start = tape.payload(node)
                switch tape.kind(node) {
                case .null: return Array("null".utf8)
                case .true: return Array("true".utf8)
                case .false: return Array("false".utf8)
                case .integer: return Array(String(Int64(bitPattern: tape.aux(node))).utf8)
                case .number: return Array(raw[start..<(start + Int(tape.aux(node)))])
                case .asciiString, .utf8String, .escapedString: return Array(raw[(start - 1)..<(start + Int(tape.aux(node)) + 1)])
                case .array:
                    var out: [UInt8] = [UInt8(ascii: "[")], node = node + 1, first = true
                    while node < start {
                        if !first { out.append(UInt8(ascii: ",")) }
                        first = false
                        out += emit(node)
                        node = tape.next(node)
                    }
                    return out + [UInt8(ascii: "]")]
                case .object:
                    var members: [[UInt8]] = [], member = node + 1
                    while member < start {
                        members.append(emit(member) + [UInt8(ascii: ":")] + emit(member + 1))
                        member = tape.next(member + 1)
                    }
                    members.sort { $0.lexicographicallyPrecedes($1) }
                    return [UInt8(ascii: "{")] + Array(members.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "}")]
                }
            }
            return emit(0)
        }
    }

    /// Whether the library's own coder, not Foundation, gave the result.
    static func fastDecodes<T: Decodable>(_ type: T.Type, _ data: Data, _ decoder: JSONDecoder = JSONDecoder()) -> Bool {
        guard let options = TapeDecodingOptions(decoder) else { return false }
        return LibraryJSON.fastDecode(type, from: data, options) != nil
    }

    static func fastEncodes<T: Encodable>(_ value: T, _ encoder: JSONEncoder = JSONEncoder()) -> Bool {
        guard let options = ByteEncodingOptions(encoder) else { return false }
        return LibraryJSON.fastEncode(value, options) != nil
    }
}
