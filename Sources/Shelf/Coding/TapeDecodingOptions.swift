import FoundationEssentials

/// The `JSONDecoder` settings the library's decoder implements; any other setting (a key
/// strategy, JSON5, custom date or data strategies, non-conforming floats, a subclass) sends
/// the whole call to Foundation.
struct TapeDecodingOptions {
    enum DateMode { case deferred, seconds, milliseconds, iso8601 }
    let date: DateMode
    let base64: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]

    init?(_ decoder: JSONDecoder) {
        guard type(of: decoder) == JSONDecoder.self, !decoder.allowsJSON5, !decoder.assumesTopLevelDictionary else { return nil }
        guard case .useDefaultKeys = decoder.keyDecodingStrategy, case .throw = decoder.nonConformingFloatDecodingStrategy else { return nil }
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: date = .deferred
        case .secondsSince1970: date = .seconds
        case .millisecondsSince1970: date = .milliseconds
        case .iso8601: date = .iso8601
        default: return nil
        }
        switch decoder.dataDecodingStrategy {
        case .base64: base64 = true
        case .deferredToData: base64 = false
        default: return nil
        }
        userInfo = decoder.userInfo
    }
}

/// The `JSONEncoder` settings the library's encoder implements (compact output, sorted keys
/// or not, `/` escaped or not); anything else (pretty printing, key strategies, custom date or
/// data strategies, non-finite floats as strings, a subclass) sends the call to Foundation.
struct ByteEncodingOptions {
    let sortedKeys: Bool
    let escapeSlashes: Bool
    let date: TapeDecodingOptions.DateMode
    let base64: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]

    init?(_ encoder: JSONEncoder) {
        guard type(of: encoder) == JSONEncoder.self else { return nil }
        let formatting = encoder.outputFormatting
        guard formatting.subtracting([.sortedKeys, .withoutEscapingSlashes]).isEmpty else { return nil }
        sortedKeys = formatting.contains(.sortedKeys)
        escapeSlashes = !formatting.contains(.withoutEscapingSlashes)
        guard case .useDefaultKeys = encoder.keyEncodingStrategy, case .throw = encoder.nonConformingFloatEncodingStrategy else { return nil }
        switch encoder.dateEncodingStrategy {
        case .deferredToDate: date = .deferred
        case .secondsSince1970: date = .seconds
        case .millisecondsSince1970: date = .milliseconds
        case .iso8601: date = .iso8601
        default: return nil
        }
        switch encoder.dataEncodingStrategy {
        case .base64: base64 = true
        case .deferredToData: base64 = false
        default: return nil
        }
        userInfo = encoder.userInfo
    }
}
