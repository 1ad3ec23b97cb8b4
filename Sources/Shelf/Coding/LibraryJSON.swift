import FoundationEssentials
import ShelfCore

/// The library's own JSON coder for Codable values: what `Store`'s and Disk's Codable calls
/// use. The result is always the one Foundation's coders give for the same settings: values
/// and errors the same, bytes the same (object members in the order encoded rather than in the
/// order of Foundation's hash table, which changes from run to run; with `.sortedKeys`, the same
/// bytes). Where the coder passed has a setting this does not implement, or the value does
/// something a streaming coder cannot follow, or anything fails, the call is Foundation's
/// (docs/library.md, "The Codable coder").
public enum LibraryJSON {
    /// `encoder.encode(value)`, faster.
    public static func encode<T: Encodable>(_ value: T, like encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        if let options = ByteEncodingOptions(encoder), let data = fastEncode(value, options) { return data }
        return try encoder.encode(value)
    }

    /// The bytes, or nil when the encoder failed anywhere or met what it does not follow.
    static func fastEncode<T: Encodable>(_ value: T, _ options: ByteEncodingOptions) -> Data? {
        let writer = ByteEncoder(options: options)
        defer { writer.finish() }
        guard (try? writer.value(value, key: nil)) != nil, !writer.failed else { return nil }
        return Data(bytes: writer.out.base, count: writer.out.count)
    }

    /// `decoder.decode(type, from: data)`, faster.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, like decoder: JSONDecoder = JSONDecoder()) throws -> T {
        if let options = TapeDecodingOptions(decoder), let value = fastDecode(type, from: data, options) { return value }
        return try decoder.decode(type, from: data)
    }

    /// The value, or nil when the bytes are not strict JSON (UTF-16 and BOMs included), or the
    /// decode failed anywhere.
    /// Also nil when the value, or anything else, still holds the decoder or one of its
    /// containers (TapeDecoder+Kept says why).
    static func fastDecode<T: Decodable>(_ type: T.Type, from data: Data, _ options: TapeDecodingOptions) -> T? {
        data.withUnsafeBytes { raw -> T? in
            guard let base = raw.baseAddress else { return nil }
            return JSONTape.parse(raw) { nodes, _, keepsNodes -> T? in
                var decoder = TapeDecoder(tape: nodes, bytes: base.assumingMemoryBound(to: UInt8.self), options: options)
                var value = try? decoder.value(type, at: 0, key: nil)
                if value != nil && !decoder.failed && isKnownUniquelyReferenced(&decoder) && !decoder.containersHeld() {
                    decoder.finish()
                    return value
                }
                // What the value held goes with it; anything still held is held elsewhere.
                value = nil
                if !isKnownUniquelyReferenced(&decoder) || decoder.containersHeld() {
                    decoder.outlive(count: raw.count)
                    keepsNodes = true
                } else {
                    decoder.finish()
                }
                return nil
            }
        }
    }
}
